package dev.factored.benchmarks.analysis;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A JMH JSON result as a factored run writes it, with made-up but realistic numbers: families of the
 * configurations baseline, elision, 1, 2, 4, 8; 3 forks of 5 measurement iterations each; every field
 * JMH writes (percentiles included, so parsing costs what it costs on real files) and the profiler's
 * factored.* secondary metrics. Only for measuring the analysis itself.
 */
final class SyntheticJmhJson {

    static final String[] CONFIGURATIONS = {"baseline", "elision", "1", "2", "4", "8"};
    static final int FORKS = 3;
    static final int ITERATIONS = 5;

    private SyntheticJmhJson() {
    }

    /** {@code entries} entries (families of 6 configurations, the last one possibly partial). */
    static String generate(int entries, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder(entries * 3000).append("[\n");
        for (int i = 0; i < entries; i++) {
            int family = i / CONFIGURATIONS.length;
            String cores = CONFIGURATIONS[i % CONFIGURATIONS.length];
            if (i > 0) {
                sb.append(",\n");
            }
            entry(sb, family, cores, random);
        }
        return sb.append("\n]\n").toString();
    }

    private static void entry(StringBuilder sb, int family, String cores, SplittableRandom random) {
        int p = Character.isDigit(cores.charAt(0)) ? Integer.parseInt(cores) : 0;
        double ts = 1.0 + (family % 17) * 0.25; // ms/op
        double time = switch (cores) {
            case "baseline" -> ts;
            case "elision" -> ts * 1.1;
            case "1" -> ts * 1.25;
            default -> ts * 1.25 / p * (1 + 0.05 * p);
        };
        double idleShare = p <= 1 ? 0.0 : 0.02 * p; // idle grows with P, inflation stays positive
        double[][] t = samples(time, random);
        double[][] idle = new double[FORKS][ITERATIONS];
        for (int f = 0; f < FORKS; f++) {
            for (int k = 0; k < ITERATIONS; k++) {
                idle[f][k] = p == 0 ? 0 : t[f][k] * p * idleShare * (0.9 + 0.2 * random.nextDouble());
            }
        }
        sb.append("    {\n");
        field(sb, "jmhVersion", "\"1.37\"");
        field(sb, "benchmark", "\"dev.example.Sorts.mergeSort" + (family % 7) + "\"");
        field(sb, "mode", "\"avgt\"");
        field(sb, "threads", "1");
        field(sb, "forks", Integer.toString(FORKS));
        field(sb, "jvm", "\"/usr/lib/jvm/java-17-openjdk-amd64/bin/java\"");
        field(sb, "jvmArgs", "[\"-Xmx2g\", \"-XX:ActiveProcessorCount=" + Math.max(p, 1) + "\"]");
        field(sb, "jdkVersion", "\"17.0.15\"");
        field(sb, "vmName", "\"OpenJDK 64-Bit Server VM\"");
        field(sb, "vmVersion", "\"17.0.15+6-Debian-1deb12u1\"");
        field(sb, "warmupIterations", "3");
        field(sb, "warmupTime", "\"1 s\"");
        field(sb, "warmupBatchSize", "1");
        field(sb, "measurementIterations", Integer.toString(ITERATIONS));
        field(sb, "measurementTime", "\"1 s\"");
        field(sb, "measurementBatchSize", "1");
        sb.append("        \"params\" : {\n            \"cores\" : \"").append(cores)
                .append("\",\n            \"size\" : \"").append(1000 << (family % 11))
                .append("\",\n            \"cutoff\" : \"").append(family).append("\"\n        },\n");
        sb.append("        \"primaryMetric\" : ");
        metric(sb, t, "ms/op");
        sb.append(",\n        \"secondaryMetrics\" : {\n");
        sb.append("            \"factored.idle\" : ");
        metric(sb, idle, "ms/op");
        sb.append(",\n            \"factored.workers\" : ");
        metric(sb, constant(p), "workers");
        sb.append(",\n            \"factored.cpus\" : ");
        metric(sb, constant(Math.max(p, 1)), "cpus");
        sb.append(",\n            \"factored.pinned\" : ");
        metric(sb, constant(1), "bool");
        sb.append(",\n            \"factored.steals\" : ");
        metric(sb, constant(p * 12.0), "#/op");
        sb.append(",\n            \"factored.tasks\" : ");
        metric(sb, constant(p == 0 ? 0 : 1023), "#/op");
        sb.append(",\n            \"factored.poolOps\" : ");
        metric(sb, constant(p == 0 ? 0 : 1), "#/op");
        sb.append("\n        }\n    }");
    }

    private static double[][] samples(double mean, SplittableRandom random) {
        double[][] out = new double[FORKS][ITERATIONS];
        for (int f = 0; f < FORKS; f++) {
            double forkShift = 1 + 0.03 * (random.nextDouble() - 0.5);
            for (int k = 0; k < ITERATIONS; k++) {
                out[f][k] = mean * forkShift * (1 + 0.02 * (random.nextDouble() - 0.5));
            }
        }
        return out;
    }

    private static double[][] constant(double v) {
        double[][] out = new double[FORKS][ITERATIONS];
        for (double[] fork : out) {
            java.util.Arrays.fill(fork, v);
        }
        return out;
    }

    private static void field(StringBuilder sb, String name, String json) {
        sb.append("        \"").append(name).append("\" : ").append(json).append(",\n");
    }

    private static void metric(StringBuilder sb, double[][] raw, String unit) {
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (double[] fork : raw) {
            for (double v : fork) {
                sum += v;
                min = Math.min(min, v);
                max = Math.max(max, v);
                n++;
            }
        }
        double mean = sum / n;
        sb.append("{\n            \"score\" : ").append(num(mean))
                .append(",\n            \"scoreError\" : ").append(num((max - min) / 4))
                .append(",\n            \"scoreConfidence\" : [").append(num(mean - (max - min) / 4)).append(", ")
                .append(num(mean + (max - min) / 4)).append("],\n            \"scorePercentiles\" : {");
        String[] pct = {"0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0"};
        for (int i = 0; i < pct.length; i++) {
            double v = min + (max - min) * Double.parseDouble(pct[i]) / 100;
            sb.append(i == 0 ? "" : ",").append("\n                \"").append(pct[i]).append("\" : ").append(num(v));
        }
        sb.append("\n            },\n            \"scoreUnit\" : \"").append(unit).append("\",\n            \"rawData\" : [");
        for (int f = 0; f < raw.length; f++) {
            sb.append(f == 0 ? "" : ",").append("\n                [");
            for (int k = 0; k < raw[f].length; k++) {
                sb.append(k == 0 ? "" : ", ").append(num(raw[f][k]));
            }
            sb.append(']');
        }
        sb.append("\n            ]\n        }");
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%s", v);
    }
}
