package dev.factored.analysis.model.finding;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.point.Losses;
import java.util.List;

/**
 * A family's headline: where the speedup stands at the largest valid P, the loss that matters most there, and what
 * to do about it, in one or two sentences without caveats (whether it is tentative is its own field).
 *
 * @param kind      the headline finding's kind ({@code speedup}, {@code good-scaling}, {@code slower-than-baseline},
 *                  {@code superlinear}; {@code not-measured} when no P ≥ 2 is valid: then {@code cores} is the P that
 *                  could not be measured and the text says why)
 * @param cores     the P it is about
 * @param tentative the headline finding or the loss it names rests on a single fork or a busy machine
 * @param loss      the kind of the cause finding that matters most (the largest share of P), or null when no loss
 *                  was found
 * @param text      the sentences
 * @param lossesNotToldApart the losses (by their names in {@link Losses}, larger point first) whose intervals overlap
 *                  where the first would have been named: then {@code loss} is null; empty otherwise (not written)
 */
@JsonPropertyOrder({"kind", "cores", "tentative", "loss", "lossesNotToldApart", "text"})
public record Headline(String kind, Integer cores, boolean tentative,
        @JsonInclude(JsonInclude.Include.NON_NULL) String loss,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> lossesNotToldApart, String text) {

    public Headline {
        if (kind == null || kind.isEmpty() || text == null || text.isEmpty()) {
            throw new IllegalArgumentException("a headline needs a kind and a text");
        }
        lossesNotToldApart = lossesNotToldApart == null ? List.of() : List.copyOf(lossesNotToldApart);
    }

    /** A headline that names its loss (or has none). */
    public Headline(String kind, Integer cores, boolean tentative, String loss, String text) {
        this(kind, cores, tentative, loss, List.of(), text);
    }
}
