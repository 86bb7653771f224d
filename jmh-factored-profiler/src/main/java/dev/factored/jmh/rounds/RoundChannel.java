package dev.factored.jmh.rounds;

import dev.factored.contract.RoundEvent;
import java.io.PrintStream;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * Where the rounds runner's events go. Started by the run ({@code --events}), each goes to the standard output as its
 * {@link RoundEvent#line()}, for the run to read; started by a person, each is a sentence in JMH's output
 * ({@link RoundSentences}). The end of a round goes to the standard output either way: whoever answers the runner
 * reads it there, also when JMH's own output is silent ({@code -v SILENT}).
 */
final class RoundChannel {

    private final OutputFormat out;
    private final PrintStream standardOutput;
    private final boolean encoded;

    /**
     * @param out            JMH's output, for the sentences
     * @param standardOutput the runner's standard output, which the run reads
     * @param encoded        whether the run asked for the events ({@code --events}) rather than sentences
     */
    RoundChannel(OutputFormat out, PrintStream standardOutput, boolean encoded) {
        this.out = out;
        this.standardOutput = standardOutput;
        this.encoded = encoded;
    }

    void tell(RoundEvent event) {
        if (encoded || event instanceof RoundEvent.RoundDone) {
            out.flush(); // JMH's lines before it come before it
            standardOutput.println(encoded ? event.line() : RoundSentences.line(event));
            standardOutput.flush();
        } else {
            out.println(RoundSentences.line(event));
        }
    }
}
