package dev.factored.run.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.factored.contract.CoresParam;
import dev.factored.contract.CoresValue;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShareForksTest {

    private static final List<CoresValue> CORES = CoresList.parse("baseline,elision,span,1,2,bandwidth-2");

    @Test
    void parallelIsTheDefaultAndCaseDoesNotMatter() {
        assertEquals(ShareForks.PARALLEL, ShareForks.parse(null, PomSpelling.INSTANCE));
        assertEquals(ShareForks.PARALLEL, ShareForks.parse(" ", PomSpelling.INSTANCE));
        assertEquals(ShareForks.ALL, ShareForks.parse(" All ", PomSpelling.INSTANCE));
        assertEquals(ShareForks.NONE, ShareForks.parse("none", PomSpelling.INSTANCE));
    }

    @Test
    void anUnknownValueNamesTheSettingTheValueAndTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShareForks.parse("some", PomSpelling.INSTANCE));
        assertEquals("unknown shareForks 'some': use parallel (the P values of a family in turn inside each fork), all"
                + " (the baseline and the elision too) or none (one configuration per fork) (<shareForks> or"
                + " -Dfactored.shareForks)", e.getMessage());
    }

    @Test
    void parallelSharesEveryPWhereTheFirstStood() {
        assertEquals(List.of("baseline", "elision", "span", "1+2", "bandwidth-2"), spelt(ShareForks.PARALLEL.values(CORES)));
        assertEquals(List.of("baseline", "1+2+4"), spelt(ShareForks.PARALLEL.values(CoresList.parse("baseline,4,1,2"))));
    }

    @Test
    void allSharesBaselineElisionAndEveryPButNotSpanOrBandwidth() {
        assertEquals(List.of("baseline+elision+1+2", "span", "bandwidth-2"), spelt(ShareForks.ALL.values(CORES)));
        assertEquals(List.of("span", "elision+2"), spelt(ShareForks.ALL.values(CoresList.parse("span,2,elision"))));
    }

    @Test
    void noneKeepsOneConfigurationPerFork() {
        assertEquals(CORES, ShareForks.NONE.values(CORES));
    }

    @Test
    void aTurnOfOneMemberIsNoTurn() {
        assertEquals(List.of("baseline", "elision", "4"), spelt(ShareForks.PARALLEL.values(CoresList.parse("baseline,elision,4"))));
        assertEquals(List.of("span", "baseline"), spelt(ShareForks.ALL.values(CoresList.parse("span,baseline"))));
    }

    private static List<String> spelt(List<CoresParam> values) {
        return values.stream().map(CoresParam::toString).toList();
    }
}
