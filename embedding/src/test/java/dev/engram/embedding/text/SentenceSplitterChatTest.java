package dev.engram.embedding.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Turns in the style of LoCoMo conversations, the benchmark the long-term index is measured on. */
class SentenceSplitterChatTest {

    private final SentenceSplitter splitter = new SentenceSplitter();

    @Test
    void splits_typical_chat_turns() {
        assertSplit(
                "Hey Mel! Guess what? I went to the LGBTQ support group yesterday and it was so powerful.",
                "Hey Mel!",
                "Guess what?",
                "I went to the LGBTQ support group yesterday and it was so powerful.");
        assertSplit(
                "Wow, Caroline, that's awesome!! 🎉 How did it feel to share your story?",
                "Wow, Caroline, that's awesome!! 🎉",
                "How did it feel to share your story?");
        assertSplit(
                "Thanks, Mel! It felt really freeing... like I could finally breathe. The counselor, Dr. Alvarez, was "
                        + "super supportive.",
                "Thanks, Mel!",
                "It felt really freeing... like I could finally breathe.",
                "The counselor, Dr. Alvarez, was super supportive.");
        assertSplit(
                "I took the kids to the museum on Sat. around 10 a.m. They loved the dinosaur exhibit lol",
                "I took the kids to the museum on Sat. around 10 a.m.",
                "They loved the dinosaur exhibit lol");
        assertSplit(
                "btw I finally finished \"Becoming Nicole\"! It's by Amy Ellis Nutt. 10/10 would recommend 😊",
                "btw I finally finished \"Becoming Nicole\"!",
                "It's by Amy Ellis Nutt.",
                "10/10 would recommend 😊");
        assertSplit(
                "We're going camping again next month\nMaybe at the lake near Mt. Hood?\nwhat do you think",
                "We're going camping again next month",
                "Maybe at the lake near Mt. Hood?",
                "what do you think");
        assertSplit(
                "I applied to 3 adoption agencies, e.g. Hope House, etc. Fingers crossed 🤞🏼",
                "I applied to 3 adoption agencies, e.g. Hope House, etc.",
                "Fingers crossed 🤞🏼");
        assertSplit(
                "Here's the pottery class link: https://claystudio.example.com/classes?id=42. It starts at 6:30 p.m. "
                        + "on Tues.!",
                "Here's the pottery class link: https://claystudio.example.com/classes?id=42.",
                "It starts at 6:30 p.m. on Tues.!");
        assertSplit("haha yeah 😂😂", "haha yeah 😂😂");
    }

    private void assertSplit(String turn, String... sentences) {
        assertThat(splitter.split(turn)).as(turn).containsExactly(sentences);
    }
}
