package dev.factored.report;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.report.charts.ReportText;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * File names and HTML anchors derived from untrusted benchmark names. The readable part keeps only
 * {@code [a-z0-9-]} (so no path separators, dots or quotes can get through); a hash of the full family
 * identity keeps two families apart when their readable parts coincide.
 */
final class SafeNames {

    private static final int READABLE_LENGTH = 48;

    private final Set<String> used = new HashSet<>();

    /** A name unique within this report, e.g. {@code sortbench-sort-size-1000-3f2a9c1e}. */
    String next(FamilyAnalysis family) {
        String base = readable(ReportText.shortName(family.id().benchmark()) + "-" + paramsText(family))
                + "-" + hash(family.id().label());
        String name = base;
        for (int n = 2; !used.add(name); n++) {
            name = base + "-" + n; // a duplicated family: same name, params and mode twice
        }
        return name;
    }

    private static String paramsText(FamilyAnalysis family) {
        return family.id().params() == null ? "" : String.join("-", family.id().params().values());
    }

    static String readable(String text) {
        StringBuilder sb = new StringBuilder();
        boolean dash = true; // no leading dash
        for (int i = 0; i < text.length() && sb.length() < READABLE_LENGTH; i++) {
            char c = Character.toLowerCase(text.charAt(i));
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                sb.append(c);
                dash = false;
            } else if (!dash) {
                sb.append('-');
                dash = true;
            }
        }
        while (sb.length() > 0 && sb.charAt(sb.length() - 1) == '-') {
            sb.setLength(sb.length() - 1);
        }
        return sb.length() == 0 ? "family" : sb.toString();
    }

    static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 4; i++) {
                sb.append(String.format(Locale.ROOT, "%02x", digest[i]));
            }
            return sb.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }
}
