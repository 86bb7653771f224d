package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One conclusion of the diagnosis, as data: what kind it is, the core count it is about, the estimates it
 * rests on, how much it matters, whether the evidence is strong enough to state it as fact, and its text.
 *
 * @param kind      what the finding says, one of {@link FindingKind}'s ids (e.g. {@code idle})
 * @param cores     the P it is about; null for findings about the sequential configurations
 * @param severity  derived from the evidence: the share of the ideal speedup P it accounts for
 * @param tentative the evidence rests on a configuration measured in a single fork (its interval cannot
 *                  show fork-to-fork noise): the text says "may" / "suggests", never states it as fact
 * @param evidence  the estimates it rests on, by name (e.g. {@code idleLoss}, {@code oneCoreTime})
 * @param text      the sentence, rendered from the rest, with its caveat in brackets at the end when tentative
 * @param caveat    why it is tentative, e.g. "tentative: from a single JVM fork; run 2 or more forks to confirm";
 *                  null (and not written) when it is not
 */
@JsonPropertyOrder({"kind", "cores", "severity", "tentative", "evidence", "text", "caveat"})
public record Finding(String kind, Integer cores, Severity severity, boolean tentative,
        Map<String, Estimate> evidence, String text,
        @JsonInclude(JsonInclude.Include.NON_NULL) String caveat) {

    /** A finding whose text carries no caveat. */
    public Finding(String kind, Integer cores, Severity severity, boolean tentative, Map<String, Estimate> evidence,
            String text) {
        this(kind, cores, severity, tentative, evidence, text, null);
    }

    /**
     * The text without its caveat, for a view that says the caveat elsewhere (once at the top, or as a tag): the
     * text ends with " (caveat)." when it has one.
     */
    @JsonIgnore
    public String statement() {
        String tail = " (" + caveat + ").";
        return caveat != null && text.endsWith(tail) ? text.substring(0, text.length() - tail.length()) + "." : text;
    }

    public Finding {
        if (kind == null || kind.isEmpty() || text == null || text.isEmpty()) {
            throw new IllegalArgumentException("a finding needs a kind and a text");
        }
        if (severity == null) {
            throw new IllegalArgumentException("finding " + kind + " needs a severity");
        }
        evidence = Collections.unmodifiableMap(new LinkedHashMap<>(evidence == null ? Map.of() : evidence));
    }
}
