package dev.factored.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every link to a section of the documentation site ({@code src/site/markdown}, {@code page.html#id} or {@code #id})
 * names an id the site gives a heading. The Maven site (Doxia) does not make GitHub's slugs ({@code #a-busy-machine}):
 * it keeps letters, digits, '.', '-' and '_', writes a space as '_' and any other character as '.' and the hex of its
 * UTF-8 bytes, after the renderer has made straight double quotes typographic, and puts an 'a' before an id that does
 * not start with a letter ({@code A_busy_machine}, {@code a1._Add_the_dependency_and_the_plugin}); an anchor written
 * as HTML ({@code <a id="...">}) keeps its id. 74 links were
 * written as slugs and led nowhere; the rule here was checked against all 80 headings of a generated site.
 */
class SiteLinksTest {

    private static final Path SITE = Path.of("../src/site/markdown");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*$");
    private static final Pattern LINK = Pattern.compile("\\]\\(([a-z-]+\\.html)?#([^)\\s]+)\\)");
    /** An anchor written into the page as HTML. */
    private static final Pattern ANCHOR = Pattern.compile("<a id=\"([^\"]+)\">");

    @Test
    void idsAreTheSitesAsGenerated() {
        assertEquals("A_busy_machine", id("A busy machine"));
        assertEquals("The_gate_in_CI.3A_factored.3Acheck", id("The gate in CI: `factored:check`"));
        assertEquals("a1._Add_the_dependency_and_the_plugin", id("1. Add the dependency and the plugin"));
        assertEquals("What_does_.E2.80.9Coversubscribed.E2.80.9D_mean.3F", id("What does \"oversubscribed\" mean?"));
        assertEquals("Gradle_.28me.champeau.jmh.29", id("Gradle (`me.champeau.jmh`)"));
    }

    @Test
    void everyLinkToASectionNamesAHeadingOfItsPage() throws IOException {
        Map<String, Set<String>> ids = new TreeMap<>();
        Map<String, String> texts = new TreeMap<>();
        try (Stream<Path> pages = Files.list(SITE)) {
            for (Path md : pages.filter(p -> p.toString().endsWith(".md")).toList()) {
                String page = md.getFileName().toString().replace(".md", ".html");
                String text = Files.readString(md, StandardCharsets.UTF_8);
                texts.put(page, text);
                ids.put(page, headings(text));
            }
        }
        assertTrue(ids.containsKey("gate.html") && ids.get("gate.html").contains("A_busy_machine"), ids.keySet().toString());
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Map.Entry<String, String> page : texts.entrySet()) {
            Matcher m = LINK.matcher(page.getValue());
            while (m.find()) {
                links++;
                String target = m.group(1) == null ? page.getKey() : m.group(1);
                if (!ids.getOrDefault(target, Set.of()).contains(m.group(2))) {
                    broken.add(page.getKey() + ": " + m.group());
                }
            }
        }
        assertTrue(links > 50, "links found: " + links);
        assertEquals(List.of(), broken, "links to no heading's id");
    }

    /** The ids of a page's headings, and of the anchors written into it as HTML. */
    private static Set<String> headings(String markdown) {
        Set<String> ids = new LinkedHashSet<>();
        Matcher anchors = ANCHOR.matcher(markdown);
        while (anchors.find()) {
            ids.add(anchors.group(1));
        }
        boolean code = false;
        for (String line : markdown.split("\n")) {
            if (line.startsWith("```")) {
                code = !code;
            } else if (!code) {
                Matcher m = HEADING.matcher(line);
                if (m.matches()) {
                    ids.add(id(m.group(1)));
                }
            }
        }
        return ids;
    }

    /** The id the site gives a heading with this Markdown text. */
    static String id(String heading) {
        String text = heading.replaceAll("`([^`]*)`", "$1").replaceAll("\\*\\*?([^*]*)\\*\\*?", "$1")
                .replaceAll("<[^>]+>", "").replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                .replaceAll("\"(?=\\w)", "\u201c").replace("\"", "\u201d").strip();
        StringBuilder id = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_')) {
                id.append(c);
            } else if (c == ' ') {
                id.append('_');
            } else {
                id.append('.').append(String.format("%02X", b & 0xff));
            }
        }
        return id.length() > 0 && Character.isLetter(id.charAt(0)) ? id.toString() : "a" + id;
    }
}
