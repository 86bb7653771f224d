package dev.factored.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A rendered report: an HTML fragment and the files it refers to.
 *
 * @param bodyHtml an HTML fragment (no {@code <html>} or {@code <head>}) for a Doxia sink's
 *                 {@code rawText}; its CSS is scoped to the class {@code fct-report}
 * @param files    relative path (as referenced from bodyHtml, e.g. {@code factored/x-speedup.png}) →
 *                 content; iteration order is the order of the families
 */
public record RenderedReport(String bodyHtml, Map<String, byte[]> files) {

    public RenderedReport {
        files = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(files));
    }

    /**
     * Writes {@link #files} under {@code dir} (created if needed), for the standalone page and the site report alike.
     *
     * @return the directory, absolute and normalised
     * @throws IOException a file cannot be written, naming it; or a name would leave {@code dir}
     */
    public Path writeFiles(Path dir) throws IOException {
        Path root = dir.toAbsolutePath().normalize();
        Files.createDirectories(root);
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Path target = root.resolve(file.getKey()).normalize();
            if (!target.startsWith(root)) { // cannot happen with SafeNames; refuse rather than escape dir
                throw new IOException("refusing to write report file outside " + root + ": " + file.getKey());
            }
            try {
                Files.createDirectories(target.getParent());
                Files.write(target, file.getValue());
            } catch (IOException e) {
                throw new IOException("cannot write the report image " + target + ": " + e.getMessage(), e);
            }
        }
        return root;
    }
}
