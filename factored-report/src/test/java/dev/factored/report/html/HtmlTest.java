package dev.factored.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class HtmlTest {

    private static final String HOSTILE = "<script>alert(\"x\" & 'y')</script>";
    private static final String ESCAPED = "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;";

    @Test
    void aHostileNameIsEscapedInTextAndInAttributes() {
        String html = new Html().open("td", "class", "fct-num", "title", HOSTILE).text(HOSTILE).close("td")
                .element("a", HOSTILE, "href", "#" + HOSTILE).toString();
        assertEquals("<td class=\"fct-num\" title=\"" + ESCAPED + "\">" + ESCAPED + "</td><a href=\"#" + ESCAPED
                + "\">" + ESCAPED + "</a>", html);
    }

    @Test
    void aFragmentIsAppendedAsItWasBuilt() {
        Html fragment = new Html().element("em", HOSTILE);
        assertEquals("<p><em>" + ESCAPED + "</em></p>\n",
                new Html().open("p").append(fragment).close("p").line().toString());
    }

    @Test
    void tagAndAttributeNamesCannotCarryMarkup() {
        assertThrows(IllegalArgumentException.class, () -> new Html().open("td onclick=\"x\""));
        assertThrows(IllegalArgumentException.class, () -> new Html().open("td", "title\"", "x"));
        assertThrows(IllegalArgumentException.class, () -> new Html().close("<td>"));
        assertThrows(IllegalArgumentException.class, () -> new Html().open("td", "class"));
    }
}
