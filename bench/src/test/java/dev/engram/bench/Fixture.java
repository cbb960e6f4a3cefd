package dev.engram.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;

/**
 * Two short invented conversations in the LoCoMo format, with messy evidence, written here so that no
 * conversation data is kept in the repository (the real LoCoMo files are read from ../shared).
 */
public final class Fixture {

    private static final String CONVERSATIONS = """
[
  {
    "sample_id": "conv-a",
    "conversation": {
      "speaker_a": "Ana",
      "speaker_b": "Ben",
      "session_2_date_time": "9:05 AM on 10 May, 2023",
      "session_2": [
        {"speaker": "Ben", "dia_id": "D2:1", "text": "Did you finish the marathon last weekend?"},
        {"speaker": "Ana", "dia_id": "D2:2", "text": "Yes! I ran the Boston marathon in four hours.", "img_url": ["https://example.invalid/medal.jpg"], "blip_caption": "a photo of a finisher medal"},
        {"speaker": "Ben", "dia_id": "D2:3", "text": "That is amazing, congratulations."}
      ],
      "session_1_date_time": "1:56 pm on 8 May, 2023",
      "session_1": [
        {"speaker": "Ana", "dia_id": "D1:1", "text": "Hi Ben, how are things?"},
        {"speaker": "Ben", "dia_id": "D1:2", "text": "Good. I adopted a golden retriever puppy named Biscuit."},
        {"speaker": "Ana", "dia_id": "D1:3", "text": "Lovely! I started learning the violin this spring."}
      ]
    },
    "qa": [
      {"question": "What is the name of Ben's puppy?", "answer": "Biscuit", "evidence": ["D1:2"], "category": 4},
      {"question": "Which marathon did Ana run?", "answer": "Boston", "evidence": ["D:2:02; D1:3"], "category": 1},
      {"question": "What instrument does Ana learn?", "answer": "violin", "evidence": ["D1:03", "D9:9"], "category": 2},
      {"question": "What did Ben's cat eat?", "adversarial_answer": "fish", "evidence": ["D1:2"], "category": 5},
      {"question": "What is Ana's favourite colour?", "answer": "unknown", "evidence": ["D7:1"], "category": 3},
      {"question": "Where does Ben work?", "answer": "unknown", "evidence": [], "category": 3}
    ]
  },
  {
    "sample_id": "conv-b",
    "conversation": {
      "speaker_a": "Cleo",
      "speaker_b": "Dan",
      "session_1_date_time": "12:09 am on 13 September, 2023",
      "session_1": [
        {"speaker": "Cleo", "dia_id": "D1:1", "text": "My golden retriever puppy chewed my shoes again."},
        {"speaker": "Dan", "dia_id": "D1:2", "text": "Puppies do that. Try giving it a chew toy."}
      ]
    },
    "qa": [
      {"question": "What did Cleo's puppy chew?", "answer": "shoes", "evidence": ["D1:1, D1:2"], "category": 3}
    ]
  }
]
            """;

    private Fixture() {}

    public static LocomoDataset dataset() {
        try {
            return LocomoDataset.parse(new ObjectMapper().readTree(CONVERSATIONS));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
