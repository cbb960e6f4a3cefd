package dev.engram.gateway.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.google.protobuf.Timestamp;
import com.google.rpc.BadRequest.FieldViolation;
import dev.engram.grpc.contract.Contract;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.TimeRange;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules declared in the proto, as every service and the gateway check them. */
class ContractTest {

    private static final Scope SCOPE =
            Scope.newBuilder().setProject("p1").setUserId("u1").build();

    @Test
    void a_request_that_keeps_every_rule_has_no_violation() {
        assertThat(Contract.violations(search().build())).isEmpty();
        assertThat(Contract.violations(
                        GetStatusRequest.newBuilder().setScope(SCOPE).build()))
                .isEmpty();
    }

    @Test
    void an_unset_scope_lacks_its_required_fields() {
        assertThat(fields(GetStatusRequest.getDefaultInstance())).containsExactly("scope.project", "scope.user_id");
    }

    @Test
    void a_field_required_only_here_is_required_here() {
        assertThat(fields(GetShortTermRequest.newBuilder().setScope(SCOPE).build()))
                .containsExactly("scope.session_id");
        assertThat(fields(GetStatusRequest.newBuilder().setScope(SCOPE).build()))
                .isEmpty();
    }

    @Test
    void unset_optional_numbers_are_not_checked_and_set_ones_are() {
        assertThat(Contract.violations(search().build())).isEmpty();
        assertThat(violations(search().setTopK(0).setBefore(11).setMaxContextTokens(32_001)))
                .containsExactly(
                        tuple("top_k", "must be between 1 and 100"),
                        tuple("before", "must be between 0 and 10"),
                        tuple("max_context_tokens", "must be between 1 and 32000"));
    }

    @Test
    void an_enum_value_the_proto_does_not_define_is_a_violation() {
        assertThat(violations(search().setModeValue(42)))
                .singleElement()
                .satisfies(violation -> assertThat(violation.toList())
                        .containsExactly(
                                "mode",
                                "must be one of SEARCH_MODE_UNSPECIFIED, SEARCH_MODE_AUTO, SEARCH_MODE_DIRECT,"
                                        + " SEARCH_MODE_SPLIT, SEARCH_MODE_CHAIN, SEARCH_MODE_GRAPH,"
                                        + " SEARCH_MODE_SEGTREE, SEARCH_MODE_RECONSTRUCT (was 42)"));
    }

    @Test
    void a_format_declared_once_applies_to_every_field_that_names_it() {
        RetrievalRequest.Builder request = search().setScope(
                        SCOPE.toBuilder().setAgentId("a b").setSessionId("conv-26/session 1"))
                .setFilter(SearchFilter.newBuilder()
                        .addSessionIds("conv-26/session_1")
                        .addSessionIds("s 2"));

        assertThat(violations(request))
                .containsExactly(
                        tuple(
                                "scope.agent_id",
                                "must be 1-128 characters of A-Z a-z 0-9 . _ : @ -, other than . and .."),
                        tuple(
                                "scope.session_id",
                                "must be 1-128 characters of A-Z a-z 0-9 . _ : @ - /, other than . and .."),
                        tuple(
                                "filter.session_ids[1]",
                                "must be 1-128 characters of A-Z a-z 0-9 . _ : @ - /, other than . and .."));
    }

    @Test
    void list_elements_are_always_given_and_lists_are_bounded() {
        RetrievalRequest.Builder request = search().addAllRerankers(List.of("bm25", "", "Not A Name"))
                .setFilter(SearchFilter.newBuilder().addProducers(" "));

        assertThat(violations(request))
                .containsExactly(
                        tuple("filter.producers[0]", "must not be empty"),
                        tuple("rerankers[1]", "must not be empty"),
                        tuple("rerankers[2]", "must be a reranker name (lower-case letters, digits and '-')"));
        assertThat(violations(search().addAllRerankers(List.of("a", "b", "c", "d", "e", "f", "g", "h", "i"))))
                .containsExactly(tuple("rerankers", "must hold at most 8 items (was 9)"));
    }

    @Test
    void map_keys_are_reported_under_the_map_and_values_under_their_key() {
        NewEpisode episode = NewEpisode.newBuilder()
                .setContent("hi")
                .putMetadata("", "v")
                .putMetadata("k".repeat(129), "v")
                .putMetadata("long", "v".repeat(2049))
                .putMetadata("nul", "a\u0000")
                .build();

        assertThat(violations(add(episode)))
                .containsExactly(
                        tuple("episodes[0].metadata", "keys must not be empty"),
                        tuple("episodes[0].metadata", "keys must be at most 128 characters (was 129)"),
                        tuple("episodes[0].metadata.long", "must be at most 2048 characters (was 2049)"),
                        tuple("episodes[0].metadata.nul", "must not contain the NUL character"));
    }

    @Test
    void content_is_measured_in_utf8_bytes_and_must_say_something() {
        assertThat(violations(add(
                        NewEpisode.newBuilder().setContent("é".repeat(16_385)).build())))
                .containsExactly(tuple("episodes[0].content", "must be at most 32768 bytes of UTF-8 (was 32770)"));
        assertThat(violations(add(NewEpisode.newBuilder().setContent(" \n").build())))
                .containsExactly(tuple("episodes[0].content", "must not be empty"));
        assertThat(violations(add(NewEpisode.getDefaultInstance())))
                .containsExactly(tuple("episodes[0].content", "is required"));
    }

    @Test
    void every_string_is_checked_for_what_cannot_be_stored_even_without_rules() {
        Episode episode = Episode.newBuilder()
                .setId("e1")
                .setScope(SCOPE)
                .setContent("a\ud800b")
                .build();

        assertThat(violations(IndexRequest.newBuilder().addEpisodes(episode)))
                .containsExactly(
                        tuple("episodes[0].content", "must be valid Unicode (it holds an unpaired UTF-16 surrogate)"));
    }

    @Test
    void timestamps_must_lie_in_years_1_to_9999_and_a_range_must_not_end_before_it_starts() {
        TimeRange backwards = TimeRange.newBuilder()
                .setFrom(Timestamp.newBuilder().setSeconds(2_000))
                .setTo(Timestamp.newBuilder().setSeconds(1_000))
                .build();
        TimeRange tooLate = TimeRange.newBuilder()
                .setTo(Timestamp.newBuilder().setSeconds(253_402_300_800L))
                .build();

        assertThat(violations(search().setFilter(SearchFilter.newBuilder().setTimeRange(backwards))))
                .containsExactly(tuple("filter.time_range.from", "must not be later than to"));
        assertThat(violations(search().setFilter(SearchFilter.newBuilder().setTimeRange(tooLate))))
                .containsExactly(tuple("filter.time_range.to", "must lie between the years 1 and 9999"));
    }

    @Test
    void an_exclusive_bound_and_an_unset_optional_float_are_told_apart() {
        ProfileEntry entry = ProfileEntry.newBuilder()
                .setId("3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d")
                .setSubject("Caroline")
                .setTag("work")
                .setFeature("occupation")
                .setValue("counselor")
                .build();
        PutEntryRequest.Builder put = PutEntryRequest.newBuilder().setScope(SCOPE);

        assertThat(Contract.violations(put.setEntry(entry).build())).isEmpty();
        assertThat(violations(put.setEntry(entry.toBuilder().setConfidence(0))))
                .containsExactly(tuple("entry.confidence", "must be greater than 0 and at most 1"));
        assertThat(violations(put.setEntry(entry.toBuilder().setId("1-2-3-4-5").setCategory("  "))))
                .containsExactly(
                        tuple("entry.id", "must be a UUID, e.g. 3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d"),
                        tuple("entry.category", "must not be empty"));
    }

    private static RetrievalRequest.Builder search() {
        return RetrievalRequest.newBuilder().setScope(SCOPE).setQuery("when?");
    }

    private static AddEpisodesRequest.Builder add(NewEpisode episode) {
        return AddEpisodesRequest.newBuilder()
                .setScope(SCOPE.toBuilder().setSessionId("s1"))
                .addEpisodes(episode);
    }

    private static List<String> fields(com.google.protobuf.Message request) {
        return Contract.violations(request).stream()
                .map(FieldViolation::getField)
                .toList();
    }

    private static List<org.assertj.core.groups.Tuple> violations(com.google.protobuf.Message.Builder request) {
        return Contract.violations(request.build()).stream()
                .map(violation -> tuple(violation.getField(), violation.getDescription()))
                .toList();
    }
}
