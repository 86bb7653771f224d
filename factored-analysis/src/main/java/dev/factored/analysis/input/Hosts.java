package dev.factored.analysis.input;

import dev.factored.contract.HostIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the host identity of a run where its activity files are: {@code activity/host.properties} beside the JMH JSON. */
public final class Hosts {

    private Hosts() {
    }

    /** The recorded host of the run that wrote {@code jmhJson}, or null when it recorded none. */
    public static HostIdentity readNextTo(Path jmhJson) throws AnalysisInputException {
        Path parent = jmhJson.toAbsolutePath().getParent();
        Path file = parent == null ? null
                : parent.resolve(ActivitySamples.DIRECTORY).resolve(HostIdentity.FILE_NAME);
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        try {
            return HostIdentity.read(file);
        } catch (IOException | IllegalArgumentException e) {
            throw new AnalysisInputException(file + ": not a host identity file: " + e.getMessage(), e);
        }
    }

    /** How a host is named in messages: its class, or that the run did not record it. */
    public static String describe(HostIdentity host) {
        return host == null ? "an unrecorded host" : host.hostClass();
    }
}
