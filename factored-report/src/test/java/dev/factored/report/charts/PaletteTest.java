package dev.factored.report.charts;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each quantity drawn beside the others (a curve, a bar segment, a table's swatch) has a colour no other one has. */
class PaletteTest {

    /** The actual speedup and the losses that share the components chart, the factored chart and their tables. */
    private static final Map<String, Color> DRAWN_TOGETHER = Map.of(
            "actual", Palette.ACTUAL,
            "algorithmic overhead", Palette.ALGORITHMIC,
            "scheduling overhead", Palette.SCHEDULING,
            "idle time", Palette.IDLE,
            "work inflation", Palette.INFLATION,
            "one-worker overhead", Palette.OVERHEAD,
            "waiting behind other processes", Palette.MACHINE,
            "own threads' waiting", Palette.OWN_WAITING);

    /** Far enough apart in RGB to tell at a glance (the closest pair of Okabe and Ito's palette is about 120). */
    private static final double DISTINCT = 60;

    @Test
    void everyQuantityDrawnTogetherHasAColourOfItsOwn() {
        List<String> alike = new ArrayList<>();
        List<Map.Entry<String, Color>> entries = new ArrayList<>(DRAWN_TOGETHER.entrySet());
        for (int i = 0; i < entries.size(); i++) {
            for (int j = i + 1; j < entries.size(); j++) {
                Color a = entries.get(i).getValue();
                Color b = entries.get(j).getValue();
                double distance = Math.sqrt(Math.pow(a.getRed() - b.getRed(), 2)
                        + Math.pow(a.getGreen() - b.getGreen(), 2) + Math.pow(a.getBlue() - b.getBlue(), 2));
                if (distance < DISTINCT) {
                    alike.add(entries.get(i).getKey() + " and " + entries.get(j).getKey() + " (" + Math.round(distance)
                            + ")");
                }
            }
        }
        assertTrue(alike.isEmpty(), "colours too alike: " + alike);
    }
}
