package dev.factored.maven;

import dev.factored.report.RenderedReport;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.doxia.sink.Sink;

/** The rendered report as a page of the Maven site (Doxia's sink), with its image files beside it. */
final class SitePage {

    private SitePage() {
    }

    /**
     * Writes the images under {@code outputDirectory} and the page's body to the sink.
     *
     * @return the page and its images' count, for the log, e.g. {@code target/site/factored.html (12 image file(s))}
     */
    static String write(RenderedReport rendered, Sink sink, String title, Path outputDirectory, String outputPath)
            throws IOException {
        Path directory = rendered.writeFiles(outputDirectory);
        sink.head();
        sink.title();
        sink.text(title);
        sink.title_();
        sink.head_();
        sink.body();
        sink.section1();
        sink.sectionTitle1();
        sink.text(title);
        sink.sectionTitle1_();
        sink.rawText(rendered.bodyHtml());
        sink.section1_();
        sink.body_();
        sink.flush();
        return new File(directory.toFile(), outputPath + ".html") + " (" + rendered.files().size() + " image file(s))";
    }
}
