package dev.engram.grpc.contract;

/** Checks on the characters of a text, made without encoding it. */
public final class Texts {

    private Texts() {}

    /** The UTF-8 size of a text, counted without encoding it (a batch may hold 32 MB of content). */
    public static long utf8Length(String value) {
        long bytes = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /**
     * PostgreSQL rejects NUL in text, and protobuf would silently replace an unpaired surrogate (from a JSON
     * escape of half a surrogate pair), so neither could be stored verbatim.
     *
     * @return what keeps the text from being stored verbatim, or null when nothing does
     */
    public static String encodingProblem(String value) {
        if (value.indexOf('\0') >= 0) {
            return "must not contain the NUL character";
        }
        if (hasLoneSurrogate(value)) {
            return "must be valid Unicode (it holds an unpaired UTF-16 surrogate)";
        }
        return null;
    }

    private static boolean hasLoneSurrogate(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
