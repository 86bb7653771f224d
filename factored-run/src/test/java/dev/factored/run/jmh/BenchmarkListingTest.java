package dev.factored.run.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchmarkListingTest {

    @Test
    void readsNamesAndParamsAfterTheHeader() {
        BenchmarkListing listing = BenchmarkListing.parse(List.of(
                "# JMH version: 1.37",
                "Benchmarks: ",
                "org.example.Fib.fib",
                "  param \"cores\" = {baseline, elision, 1, 2}",
                "  param \"n\" = {20, 25}",
                "org.example.Plain.noop"));
        assertEquals(2, listing.benchmarks().size());
        BenchmarkListing.Listed fib = listing.benchmarks().get(0);
        assertEquals("org.example.Fib.fib", fib.name());
        assertEquals(Map.of("cores", List.of("baseline", "elision", "1", "2"), "n", List.of("20", "25")), fib.params());
        assertTrue(fib.hasCores());
        assertEquals(8, fib.configurations());
        assertFalse(listing.benchmarks().get(1).hasCores());
        assertEquals(9, listing.configurations());
        assertEquals(List.of(fib), listing.withCores());
    }

    @Test
    void anEmptyListingHasNoBenchmarks() {
        assertTrue(BenchmarkListing.parse(List.of("Benchmarks: ")).benchmarks().isEmpty());
        assertTrue(BenchmarkListing.parse(List.of("ERROR: something")).benchmarks().isEmpty());
    }
}
