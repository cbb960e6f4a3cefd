package dev.engram.embedding.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Random messages built from atoms that must never be cut: words, numbers, URLs, emoji sequences, CJK. */
class SentenceSplitterPropertyTest {

    private static final String[] WORDS = {
        "hello",
        "I",
        "The",
        "we",
        "Mr",
        "etc",
        "U.S",
        "e.g",
        "No",
        "3.14",
        "v2.0.1",
        "report.pdf",
        "https://ex.com/a.b?x=1",
        "jane@ex.com",
        "Rowling",
        "café",
        "Ça",
        "J",
        "a.m",
        "lol"
    };
    private static final String[] PUNCTUATION = {
        ".", ".", "!", "?", "…", "...", "?!", "。", "！", "？", "\"", "'", "(", ")", "「", "」", ",", ":)", "-", "‼️"
    };
    private static final String[] EMOJI = {"😊", "👨‍👩‍👧", "👍🏽", "🇯🇵", "🏳️‍🌈", "1️⃣", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "❤️"};
    private static final String[] CJK = {"你", "好", "我们", "テスト", "한국어"};
    private static final String[] SPACES = {" ", " ", " ", "  ", "\n", "\t", "\u00A0", "\r\n", "\n\n"};
    private static final String[][] GROUPS = {WORDS, WORDS, PUNCTUATION, PUNCTUATION, EMOJI, CJK, SPACES, SPACES};

    private final SentenceSplitter splitter = new SentenceSplitter();

    @Test
    void sentences_keep_every_character_and_cut_only_between_atoms() {
        Random random = new Random(20240611L);
        for (int round = 0; round < 3000; round++) {
            StringBuilder text = new StringBuilder();
            Set<Integer> cuts = new HashSet<>(Set.of(0));
            int visible = 0;
            int atoms = random.nextInt(40);
            for (int a = 0; a < atoms; a++) {
                String[] group = GROUPS[random.nextInt(GROUPS.length)];
                String atom = group[random.nextInt(group.length)];
                text.append(atom);
                visible += withoutWhitespace(atom).length();
                cuts.add(visible);
            }
            String input = text.toString();

            List<String> sentences = splitter.split(input);

            int position = 0;
            for (String sentence : sentences) {
                assertThat(sentence).as("in %s", input).isNotBlank().isEqualTo(sentence.strip());
                assertThat(sentence).as("in %s", input).doesNotContain("  ", "\n", "\r", "\t", "\u00A0");
                position += withoutWhitespace(sentence).length();
                assertThat(cuts)
                        .as("cut at %d of %s into %s", position, input, sentences)
                        .contains(position);
            }
            assertThat(withoutWhitespace(String.join("", sentences)))
                    .as("characters of %s", input)
                    .isEqualTo(withoutWhitespace(input));
        }
    }

    @Test
    void splitting_a_sentence_again_gives_the_same_sentence() {
        Random random = new Random(7L);
        for (int round = 0; round < 2000; round++) {
            StringBuilder text = new StringBuilder();
            int atoms = random.nextInt(30);
            for (int a = 0; a < atoms; a++) {
                String[] group = GROUPS[random.nextInt(GROUPS.length)];
                text.append(group[random.nextInt(group.length)]);
            }
            for (String sentence : splitter.split(text.toString())) {
                assertThat(splitter.split(sentence)).as("from %s", text).containsExactly(sentence);
            }
        }
    }

    private static String withoutWhitespace(String s) {
        StringBuilder out = new StringBuilder(s.length());
        s.codePoints()
                .filter(c -> !Character.isWhitespace(c) && !Character.isSpaceChar(c))
                .forEach(out::appendCodePoint);
        return out.toString();
    }
}
