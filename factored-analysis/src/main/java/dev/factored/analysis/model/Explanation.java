package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What the analysis says about one family.
 *
 * @param findings  the diagnosis as data, headline first, then by the share of P each accounts for; then the
 *                  warnings as findings of severity {@code warning}
 * @param diagnosis the texts of the findings that are not warnings, in the same order (kept for schema-1 readers);
 *                  derived from {@code findings} when null
 * @param warnings  the warnings' texts: what limits trust in the numbers
 */
@JsonPropertyOrder({"findings", "diagnosis", "warnings"})
public record Explanation(List<Finding> findings, List<String> diagnosis, List<String> warnings) {

    /** Nothing said. */
    public static final Explanation NONE = new Explanation(List.of(), List.of(), List.of());

    public Explanation {
        findings = List.copyOf(findings == null ? List.of() : findings);
        diagnosis = List.copyOf(diagnosis == null ? findings.stream().filter(f -> f.severity() != Severity.WARNING)
                .map(Finding::text).toList() : diagnosis);
        warnings = List.copyOf(warnings == null ? List.of() : warnings);
    }

    /** The diagnosis and the warnings as findings, their texts derived from them. */
    public static Explanation of(List<Finding> diagnosis, List<Finding> warnings) {
        List<Finding> all = new java.util.ArrayList<>(diagnosis);
        all.addAll(warnings);
        return new Explanation(all, diagnosis.stream().map(Finding::text).toList(),
                warnings.stream().map(Finding::text).toList());
    }

    /** The findings about the program, headline first: every finding that is not a warning. */
    @JsonIgnore
    public List<Finding> programFindings() {
        return findings.stream().filter(f -> f.severity() != Severity.WARNING).toList();
    }
}
