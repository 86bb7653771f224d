package dev.factored.analysis.model.finding;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One conclusion of the diagnosis, as data: what kind it is, the core count it is about, the estimates it
 * rests on, how much it matters, whether the evidence is strong enough to state it as fact, and its words.
 *
 * <p>The words are written once, by the diagnosis' words ({@code FindingWords}, {@code WarningWords}), in the two
 * forms the views need: the {@code statement} (the claim, in its tentative form when tentative, without its caveat)
 * and the {@code text} (the statement with its caveat in brackets before the closing period), the
 * caveat apart. Nothing takes one apart to get the other: analysis.json carries the {@code statement} beside them
 * when there is a caveat (a file from before it did shows its text whole, caveat included, where a view asks for the
 * statement).
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
 * @param statement the sentence without its caveat, for a view that says the caveat elsewhere (once at the top, or
 *                  as a tag); the text itself when there is no caveat (then not written to analysis.json)
 */
@JsonPropertyOrder({"kind", "cores", "severity", "tentative", "evidence", "text", "caveat", "statement"})
public record Finding(String kind, Integer cores, Severity severity, boolean tentative,
        Map<String, Estimate> evidence, String text,
        @JsonInclude(JsonInclude.Include.NON_NULL) String caveat,
        String statement) {

    /** A finding whose text carries no caveat: its statement is its text. */
    public Finding(String kind, Integer cores, Severity severity, boolean tentative, Map<String, Estimate> evidence,
            String text) {
        this(kind, cores, severity, tentative, evidence, text, null, text);
    }

    /**
     * Reads a finding of analysis.json: its statement as written, or its text when the file has none (no caveat, or a
     * file from before the statement was written, whose text is then shown whole).
     */
    @JsonCreator
    static Finding read(@JsonProperty("kind") String kind, @JsonProperty("cores") Integer cores,
            @JsonProperty("severity") Severity severity, @JsonProperty("tentative") boolean tentative,
            @JsonProperty("evidence") Map<String, Estimate> evidence, @JsonProperty("text") String text,
            @JsonProperty("caveat") String caveat, @JsonProperty("statement") String statement) {
        return new Finding(kind, cores, severity, tentative, evidence, text, caveat,
                statement == null ? text : statement);
    }

    /** The statement as analysis.json writes it: only beside a caveat (else it is the text). */
    @JsonProperty("statement")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    String writtenStatement() {
        return caveat == null ? null : statement;
    }

    public Finding {
        if (kind == null || kind.isEmpty() || text == null || text.isEmpty()) {
            throw new IllegalArgumentException("a finding needs a kind and a text");
        }
        if (severity == null) {
            throw new IllegalArgumentException("finding " + kind + " needs a severity");
        }
        if (statement == null || statement.isEmpty()) {
            throw new IllegalArgumentException("finding " + kind + " needs a statement");
        }
        evidence = Collections.unmodifiableMap(new LinkedHashMap<>(evidence == null ? Map.of() : evidence));
    }
}
