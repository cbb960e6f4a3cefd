package dev.engram.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnalyzedTextsTest {

    private final List<String> analysed = new ArrayList<>();
    private final AnalyzedTexts texts = new AnalyzedTexts(2, text -> {
        analysed.add(text);
        return TermCounts.of(Arrays.asList(text.split(" ")));
    });

    @Test
    void a_text_met_again_is_not_analysed_again() {
        TermCounts first = texts.of("a dog a cat");
        TermCounts again = texts.of("a dog a cat");

        assertThat(again).isSameAs(first);
        assertThat(first.count("a")).isEqualTo(2);
        assertThat(first.length()).isEqualTo(4);
        assertThat(analysed).containsExactly("a dog a cat");
    }

    @Test
    void the_least_recently_used_text_leaves_first() {
        texts.of("one");
        texts.of("two");
        texts.of("one");
        texts.of("three");
        texts.of("one");
        texts.of("two");

        assertThat(texts.size()).isEqualTo(2);
        assertThat(analysed).containsExactly("one", "two", "three", "two");
    }
}
