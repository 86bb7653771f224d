package dev.factored.analysis;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * The example suite measured on a real 16-core server (src/test/resources/sixteen-cores/README.md): JMH's JSON and the
 * activity side files, unpacked into a folder and analysed as {@code factored-cli analyze} does.
 */
public final class SixteenCores {

    private SixteenCores() {
    }

    /** Unpacks the run into {@code dir} and analyses it with the default options. */
    public static Analysis analyze(Path dir) throws Exception {
        Path json = dir.resolve("jmh-result.json");
        try (InputStream in = new GZIPInputStream(resource("jmh-result.json.gz"))) {
            Files.copy(in, json);
        }
        try (InputStream in = resource("failed-configurations.json")) {
            Files.copy(in, dir.resolve("failed-configurations.json"));
        }
        try (InputStream in = new GZIPInputStream(resource("activity.tgz"))) {
            untar(in, dir);
        }
        return FactoredAnalysis.analyze(json, AnalysisOptions.DEFAULT);
    }

    /** The family of a benchmark (its method, e.g. {@code FibBenchmark.fib}) with exactly these params. */
    public static FamilyAnalysis family(Analysis analysis, String method, Map<String, String> params) {
        return analysis.families().stream()
                .filter(f -> f.id().benchmark().endsWith("." + method) && f.id().params().equals(params)).findFirst()
                .orElseThrow(() -> new AssertionError("no family " + method + " " + params));
    }

    private static InputStream resource(String name) {
        InputStream in = SixteenCores.class.getResourceAsStream("/sixteen-cores/" + name);
        if (in == null) {
            throw new IllegalStateException("missing test resource /sixteen-cores/" + name);
        }
        return in;
    }

    /** A plain ustar archive's regular files and folders, under {@code dir} (no links; names stay inside it). */
    private static void untar(InputStream in, Path dir) throws IOException {
        byte[] header = new byte[512];
        while (in.readNBytes(header, 0, 512) == 512) {
            String name = text(header, 0, 100);
            if (name.isEmpty()) {
                return;
            }
            String prefix = text(header, 345, 155);
            if (!prefix.isEmpty()) {
                name = prefix + "/" + name;
            }
            String octal = text(header, 124, 12).trim();
            long size = octal.isEmpty() ? 0 : Long.parseLong(octal, 8);
            char type = (char) header[156];
            Path target = dir.resolve(name).normalize();
            if (!target.startsWith(dir)) {
                throw new IOException("tar entry outside the folder: " + name);
            }
            byte[] body = in.readNBytes((int) size);
            in.readNBytes((int) ((512 - size % 512) % 512));
            if (type == '5') {
                Files.createDirectories(target);
            } else if (type == '0' || type == 0) {
                Files.createDirectories(target.getParent());
                Files.write(target, body);
            }
        }
    }

    private static String text(byte[] b, int from, int length) {
        int end = from;
        while (end < from + length && b[end] != 0) {
            end++;
        }
        return new String(b, from, end - from, StandardCharsets.US_ASCII);
    }
}
