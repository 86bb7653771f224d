package dev.factored.jmh.profiler.archive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code <java> -Xshare:on -version}, which fails when that JVM cannot map a base class-data archive. The JVM is
 * asked rather than its files looked at: where the archive lies differs between VMs, and which file is mapped depends
 * on the heap. Each question is asked once per host JVM, which is once per run: starting a JVM costs a tenth of a
 * second or so.
 */
final class BaseArchiveQuestion {

    /**
     * The options that decide which base archive a JVM maps, or whether it can: the heap's size and compressed oops (a
     * heap above 32 GB, or ZGC, takes {@code classes_nocoops.jsa}), the collector and what unlocks one. No other option
     * is passed on: it might write a file ({@code -Xlog:…:file=}) or run code (an agent).
     */
    static final Pattern LAYOUT = Pattern.compile("-Xmx\\S+"
            + "|-XX:(MaxHeapSize|MaxRAM|MaxRAMPercentage|MaxRAMFraction|ObjectAlignmentInBytes)=\\S+"
            + "|-XX:[+-](UseCompressedOops|UseCompressedClassPointers|Use\\w+GC|ZGenerational|Unlock\\w+VMOptions)");

    /** A JVM that has not answered in this time gets no archive. */
    private static final long TIMEOUT_SECONDS = 60;

    /** By command: the empty string when the JVM has a base archive (a ConcurrentHashMap holds no null). */
    private static final Map<List<String>, String> ANSWERS = new ConcurrentHashMap<>();

    private BaseArchiveQuestion() {
    }

    static String answer(String jvm, Collection<String> forkOptions) {
        String answer = ANSWERS.computeIfAbsent(command(jvm, forkOptions), BaseArchiveQuestion::ask);
        return answer.isEmpty() ? null : answer;
    }

    /** {@code <jvm> <the fork's layout options> -Xshare:on -version}. */
    static List<String> command(String jvm, Collection<String> forkOptions) {
        List<String> command = new ArrayList<>();
        command.add(jvm);
        for (String option : forkOptions) {
            if (LAYOUT.matcher(option).matches()) {
                command.add(option);
            }
        }
        command.add("-Xshare:on");
        command.add("-version");
        return List.copyOf(command);
    }

    private static String ask(List<String> command) {
        String asked = String.join(" ", command);
        Path output = null;
        try {
            // To a file, not a pipe: a JVM that hangs must not hang the host reading from it.
            output = Files.createTempFile("factored-base-archive", ".txt");
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return asked + " did not end in " + TIMEOUT_SECONDS + " s";
            }
            if (process.exitValue() == 0) {
                return "";
            }
            return command.get(0) + " has no base class-data archive, which -XX:ArchiveClassesAtExit builds on ("
                    + String.join(" ", command.subList(1, command.size())) + ": "
                    + words(new String(Files.readAllBytes(output), StandardCharsets.UTF_8))
                    + "); a runtime made with jlink has one once its java -Xshare:dump has run";
        } catch (IOException e) {
            return "could not ask " + asked + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while asking " + asked;
        } finally {
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException e) {
                    output.toFile().deleteOnExit();
                }
            }
        }
    }

    /** The JVM's lines on one line, without the one that only says that it did not start. */
    static String words(String output) {
        List<String> lines = new ArrayList<>();
        for (String line : output.split("\\R")) {
            String l = line.strip();
            if (!l.isEmpty() && !l.equals("Error occurred during initialization of VM") && !lines.contains(l)) {
                lines.add(l);
            }
        }
        String words = String.join(" ", lines);
        return words.length() <= 400 ? words : words.substring(0, 400) + " …";
    }
}
