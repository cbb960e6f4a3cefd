package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.embedding.EncoderModel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    private final Path home = Path.of("/repo/engram");

    @Test
    void defaults_start_a_private_platform_on_the_dev_split_with_both_baseline_models() {
        BenchOptions options = BenchOptions.parse(new String[0], home);

        assertThat(options.dataset()).isEqualTo(BenchDataset.LOCOMO);
        assertThat(options.questionLimit()).isEqualTo(BenchOptions.ALL_QUESTIONS);
        assertThat(options.data()).isEqualTo(Path.of("/repo/shared/data/locomo/locomo-dev.json"));
        assertThat(options.gateway()).isNull();
        assertThat(options.out()).isEqualTo(Path.of("/repo/engram/bench/target/results"));
        assertThat(options.topK()).isEqualTo(50);
        assertThat(options.expand()).isNull();
        assertThat(options.baselineModels())
                .containsExactly(EncoderModel.ALL_MINILM_L6_V2, EncoderModel.BGE_SMALL_EN_V15);
    }

    @Test
    void longmemeval_reads_its_own_dev_split_unless_a_file_is_given() {
        BenchOptions options = BenchOptions.parse(new String[] {"--dataset", "longmemeval", "--questions", "3"}, home);

        assertThat(options.dataset()).isEqualTo(BenchDataset.LONGMEMEVAL);
        assertThat(options.data()).isEqualTo(Path.of("/repo/shared/data/longmemeval/longmemeval-s-dev.json"));
        assertThat(options.questionLimit()).isEqualTo(3);
        assertThat(BenchOptions.parse(new String[] {"--data", "s.json", "--dataset", "longmemeval"}, home)
                        .data())
                .isEqualTo(Path.of("s.json"));
    }

    @Test
    void a_question_limit_is_for_longmemeval_and_at_least_one() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--questions", "3"}, home))
                .hasMessageContaining("--questions applies to --dataset longmemeval");
        assertThatThrownBy(
                        () -> BenchOptions.parse(new String[] {"--dataset", "longmemeval", "--questions", "0"}, home))
                .hasMessageContaining("--questions must be at least 1");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--dataset", "msc"}, home))
                .hasMessageContaining("--dataset takes one of locomo|longmemeval");
    }

    @Test
    void every_option_is_read() {
        BenchOptions options = BenchOptions.parse(
                new String[] {
                    "--data",
                    "x.json",
                    "--gateway",
                    "http://127.0.0.1:8080",
                    "--out",
                    "out",
                    "--top-k",
                    "20",
                    "--expand",
                    "1,2",
                    "--baseline-models",
                    "bge-small-en-v1.5",
                    "--rerankers",
                    "rrf, bm25",
                    "--modes",
                    "direct,chain"
                },
                home);

        assertThat(options.data()).isEqualTo(Path.of("x.json"));
        assertThat(options.gateway()).isEqualTo("http://127.0.0.1:8080");
        assertThat(options.topK()).isEqualTo(20);
        assertThat(options.expand()).isEqualTo(new ExpandContext(1, 2, null));
        assertThat(options.baselineModels()).containsExactly(EncoderModel.BGE_SMALL_EN_V15);
        assertThat(options.rerankers()).containsExactly("rrf", "bm25");
        assertThat(options.modes()).containsExactly("direct", "chain");
        assertThat(BenchOptions.parse(new String[] {"--expand", "1,2,all"}, home)
                        .expand())
                .isEqualTo(new ExpandContext(1, 2, "all"));
        assertThat(BenchOptions.parse(new String[] {"--baseline-models", "none"}, home)
                        .baselineModels())
                .isEmpty();
        assertThat(BenchOptions.parse(new String[] {"--baseline-models", "all-minilm-l6-v2-q"}, home)
                        .baselineModels())
                .containsExactly(EncoderModel.ALL_MINILM_L6_V2_Q);
    }

    @Test
    void bad_values_are_rejected_with_the_option_named() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--top-k", "101"}, home))
                .hasMessageContaining("--top-k");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--expand", "1"}, home))
                .hasMessageContaining("--expand");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--expand", "1,2,some"}, home))
                .hasMessageContaining("matching|all");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--baseline-models", "gpt"}, home))
                .hasMessageContaining("unknown embedding model 'gpt'");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--data"}, home))
                .hasMessageContaining("--data needs a value");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--fast", "yes"}, home))
                .hasMessageContaining("unknown option --fast");
    }

    @Test
    void abstention_questions_are_picked_for_longmemeval_only() {
        assertThat(BenchOptions.parse(new String[0], home).abstention()).isEqualTo(LongMemEvalDataset.IN_FILE_ORDER);
        assertThat(BenchOptions.parse(
                                new String[] {"--dataset", "longmemeval", "--questions", "12", "--abstention", "2"},
                                home)
                        .abstention())
                .isEqualTo(2);
        assertThat(BenchOptions.parse(new String[] {"--dataset", "longmemeval", "--abstention", "all"}, home)
                        .abstention())
                .isEqualTo(Integer.MAX_VALUE);
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--abstention", "2"}, home))
                .hasMessageContaining("--abstention applies to --dataset longmemeval");
        assertThatThrownBy(
                        () -> BenchOptions.parse(new String[] {"--dataset", "longmemeval", "--abstention", "-1"}, home))
                .hasMessageContaining("--abstention takes a count");
    }

    @Test
    void an_even_spread_of_questions_is_for_longmemeval_only() {
        assertThat(BenchOptions.parse(new String[] {"--dataset", "longmemeval"}, home)
                        .spread())
                .isFalse();
        assertThat(BenchOptions.parse(new String[] {"--dataset", "longmemeval", "--pick", "spread"}, home)
                        .spread())
                .isTrue();
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--pick", "spread"}, home))
                .hasMessageContaining("--pick applies to --dataset longmemeval");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--dataset", "longmemeval", "--pick", "last"}, home))
                .hasMessageContaining("--pick takes first or spread");
    }

    @Test
    void a_run_id_is_reused_only_on_a_running_gateway() {
        BenchOptions options = BenchOptions.parse(
                new String[] {"--gateway", "http://localhost:8080", "--run-id", "bench-20261202-171341-4661"}, home);

        assertThat(options.runId()).isEqualTo("bench-20261202-171341-4661");
        assertThat(BenchOptions.parse(new String[0], home).runId()).isNull();
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--run-id", "bench-1"}, home))
                .hasMessageContaining("--run-id needs --gateway");
        assertThatThrownBy(() -> BenchOptions.parse(
                        new String[] {"--gateway", "http://localhost:8080", "--run-id", "a b"}, home))
                .hasMessageContaining("a run id is 1-64 characters");
    }

    @Test
    void a_relevance_pool_names_observation_files() {
        BenchOptions options =
                BenchOptions.parse(new String[] {"--relevance-pool", "a.relevance.json, b.relevance.json"}, home);

        assertThat(options.relevancePool()).containsExactly(Path.of("a.relevance.json"), Path.of("b.relevance.json"));
        assertThat(BenchOptions.parse(new String[0], home).relevancePool()).isEmpty();
    }

    @Test
    void help_is_a_request_not_an_error() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--help"}, home))
                .isInstanceOf(BenchOptions.UsageRequested.class);
    }
}
