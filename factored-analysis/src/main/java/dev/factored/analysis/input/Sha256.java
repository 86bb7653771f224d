package dev.factored.analysis.input;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The content hash recorded in analysis.json, so a later step can tell whether it is still current. */
public final class Sha256 {

    private Sha256() {
    }

    /** Lower-case hex SHA-256 of the bytes. */
    public static String of(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }
}
