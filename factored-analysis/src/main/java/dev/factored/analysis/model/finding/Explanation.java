package dev.factored.analysis.model.finding;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * What the analysis says about one family: a headline, then the findings that support it, then the data-quality
 * notes, kept apart from the causes.
 *
 * @param headline  where the speedup stands, the loss that matters most and what to do; null when no valid point
 *                  with P >= 2 was measured
 * @param findings  the diagnosis as data, the headline kind first, then the causes by the share of P each accounts
 *                  for (schema 2: no warnings among them)
 * @param diagnosis the texts of {@code findings}, in the same order (kept for schema-1 readers); derived when null
 * @param notes     what limits trust in the numbers (single fork, large errors, a busy machine...), as findings of
 *                  severity {@code warning}. Null when read from a schema-1 file: then they are the warnings among
 *                  its {@code findings}, moved here
 * @param warnings  the notes' texts (kept for schema-1 readers)
 */
@JsonPropertyOrder({"headline", "findings", "diagnosis", "notes", "warnings"})
public record Explanation(@JsonInclude(JsonInclude.Include.NON_NULL) Headline headline, List<Finding> findings,
        List<String> diagnosis, List<Finding> notes, List<String> warnings) {

    /** Nothing said. */
    public static final Explanation NONE = new Explanation(null, List.of(), List.of(), List.of(), List.of());

    public Explanation {
        findings = findings == null ? List.of() : findings;
        if (notes == null) { // a schema-1 file: its warnings were findings of severity warning
            notes = findings.stream().filter(f -> f.severity() == Severity.WARNING).toList();
            findings = findings.stream().filter(f -> f.severity() != Severity.WARNING).toList();
        }
        findings = List.copyOf(findings);
        notes = List.copyOf(notes);
        diagnosis = List.copyOf(diagnosis == null ? findings.stream().map(Finding::text).toList() : diagnosis);
        warnings = List.copyOf(warnings == null ? notes.stream().map(Finding::text).toList() : warnings);
    }

    /** As a schema-1 file has it: the notes are the findings of severity warning. */
    public Explanation(List<Finding> findings, List<String> diagnosis, List<String> warnings) {
        this(null, findings, diagnosis, null, warnings);
    }

    /** The diagnosis and the data-quality notes, their texts derived from them. */
    public static Explanation of(Headline headline, List<Finding> diagnosis, List<Finding> notes) {
        return new Explanation(headline, diagnosis, null, notes, null);
    }

    /** As above, without a headline. */
    public static Explanation of(List<Finding> diagnosis, List<Finding> notes) {
        return of(null, diagnosis, notes);
    }

    /** The findings about the program, headline kind first. */
    @JsonIgnore
    public List<Finding> programFindings() {
        return findings;
    }

    /** Every finding: the program's, then the notes. */
    @JsonIgnore
    public List<Finding> all() {
        List<Finding> all = new ArrayList<>(findings);
        all.addAll(notes);
        return List.copyOf(all);
    }

    /**
     * What a one-line view says of a family without a headline (a file from before headlines existed): its first
     * finding's statement, or, in a file older still that has only the diagnosis' texts, the first of them whole;
     * "" when nothing was said. Never a cut of a text.
     */
    @JsonIgnore
    public String leadWithoutHeadline() {
        return !findings.isEmpty() ? findings.get(0).statement() : diagnosis.isEmpty() ? "" : diagnosis.get(0);
    }

    /**
     * What a short view (summary.md, the build log, the report before its details) says: the headline's text, then at
     * most {@code more} statements, the program's findings after the headline kind first, then the notes; each
     * without its caveat. The rest stays in analysis.json.
     */
    @JsonIgnore
    public List<String> brief(int more) {
        List<String> out = new ArrayList<>();
        List<Finding> rest = new ArrayList<>(all());
        if (headline != null) {
            out.add(headline.text());
            rest.removeIf(f -> f.kind().equals(headline.kind()));
        }
        int limit = out.size() + more;
        for (int i = 0; i < rest.size() && out.size() < limit; i++) {
            out.add(rest.get(i).statement());
        }
        return List.copyOf(out);
    }
}
