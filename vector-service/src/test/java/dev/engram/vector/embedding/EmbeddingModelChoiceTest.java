package dev.engram.vector.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Only names are resolved here: loading a model in this JVM would clash with the @QuarkusTest's. */
class EmbeddingModelChoiceTest {

    @Test
    void configured_names_select_their_model() {
        assertThat(EmbeddingModelChoice.fromId("all-minilm-l6-v2")).isEqualTo(EmbeddingModelChoice.ALL_MINILM_L6_V2);
        assertThat(EmbeddingModelChoice.fromId("bge-small-en-v1.5")).isEqualTo(EmbeddingModelChoice.BGE_SMALL_EN_V15);
    }

    @Test
    void an_unknown_name_is_rejected_with_the_key_and_the_valid_names() {
        assertThatThrownBy(() -> EmbeddingModelChoice.fromId("text-embedding-3-small"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("engram.vector.embedding.model")
                .hasMessageContaining("text-embedding-3-small")
                .hasMessageContaining("all-minilm-l6-v2, bge-small-en-v1.5");
    }
}
