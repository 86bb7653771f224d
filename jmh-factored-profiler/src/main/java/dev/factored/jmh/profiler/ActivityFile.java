package dev.factored.jmh.profiler;

import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The activity side file of this fork ({@link ActivityLog}): created on the first sampled operation, one
 * operation appended per measurement iteration, so nothing is lost if the fork dies later.
 */
final class ActivityFile {

    private final Path file;
    private final ActivityLog.Trial trial;
    private boolean started;

    private ActivityFile(Path file, ActivityLog.Trial trial) {
        this.file = file;
        this.trial = trial;
    }

    /**
     * The file for this fork's trial in {@code directory}; named after the process and the trial, so forks never share
     * one. A turn's fork ({@code cores=1+2}) keeps one per {@code member}, whose trial names the member as its cores,
     * as the member's fork alone would; {@code member} is null in a fork of one configuration.
     */
    static ActivityFile of(Path directory, BenchmarkParams params, CoresValue member) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : params.getParamsKeys()) {
            values.put(key, member != null && key.equals(CoresValue.PARAM) ? member.toString() : params.getParam(key));
        }
        ActivityLog.Trial trial = new ActivityLog.Trial(params.getBenchmark(), params.getMode().shortLabel(), values);
        String name = "fork-" + ProcessHandle.current().pid() + "-" + Integer.toHexString(trial.hashCode())
                + ActivityLog.SUFFIX;
        return new ActivityFile(directory.resolve(name), trial);
    }

    Path path() {
        return file;
    }

    void append(ActivityLog.Operation operation) throws IOException {
        String text = (started ? "" : ActivityLog.header(trial)) + ActivityLog.operation(operation);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                started ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        started = true;
    }
}
