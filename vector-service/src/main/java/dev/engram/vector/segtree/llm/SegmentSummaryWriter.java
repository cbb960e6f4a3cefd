package dev.engram.vector.segtree.llm;

import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.segtree.Leaf;
import dev.engram.vector.segtree.SegTreeSettings;
import dev.engram.vector.segtree.SegmentSummary;
import dev.engram.vector.segtree.SegmentTree;
import dev.engram.vector.store.VectorStore;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Brings the summaries of one session's segments up to date with its tree: the tree is built from the index
 * as searches build it, every inner node covering enough episodes should have a summary of exactly its run, the
 * LLM writes those missing in one call, and summaries of runs the tree no longer has are retired. Blocking: an
 * HTTP call, embeddings and index writes.
 */
@ApplicationScoped
public class SegmentSummaryWriter {

    /** Characters of messages in one prompt, whatever the session's length. */
    static final int MAX_MESSAGE_CHARS = 24_000;

    /**
     * How a session's summaries turned out, for the metrics.
     *
     * @param unanswered segments asked about that the answer gave no usable summary of
     */
    public record Outcome(int written, int retired, int unanswered) {

        public boolean changed() {
            return written + retired > 0;
        }
    }

    private final VectorStore store;
    private final EmbeddingModel embeddings;
    private final SegmentModel model;
    private final SegTreeSettings settings;
    private final int minEpisodes;
    private final int messageChars;

    SegmentSummaryWriter(
            VectorStore store,
            EmbeddingModel embeddings,
            SegmentModel model,
            SegTreeSettings settings,
            VectorConfig config) {
        this.store = store;
        this.embeddings = embeddings;
        this.model = model;
        this.settings = settings;
        this.minEpisodes = config.segtree().llm().minEpisodes();
        this.messageChars = config.segtree().llm().messageChars();
    }

    /**
     * Summarizes the session's segments that have no summary of their run yet and retires the others.
     *
     * @throws IllegalArgumentException when the LLM's answer holds no summary list; nothing is then changed
     */
    public Outcome write(String project, String userId, String sessionId) {
        List<Leaf> leaves = store.leaves(project, userId, sessionId);
        SegmentTree tree =
                SegmentTree.of(leaves, settings.threshold(), settings.timeOrder() ? Leaf.SAID_ORDER : Leaf.SHUFFLED);
        Map<String, List<String>> wanted = new LinkedHashMap<>();
        for (SegmentTree.Node node : tree.nodes()) {
            List<String> run = node.episodes();
            if (node.leaf() == null && run.size() >= minEpisodes) {
                wanted.putIfAbsent(SegmentSummary.idOf(sessionId, run), run);
            }
        }
        Set<String> held = store.summaries(project, userId, sessionId).stream()
                .map(SegmentSummary::id)
                .collect(Collectors.toSet());
        List<String> retired =
                held.stream().filter(id -> !wanted.containsKey(id)).toList();
        List<List<String>> missing = wanted.entrySet().stream()
                .filter(run -> !held.contains(run.getKey()))
                .map(Map.Entry::getValue)
                .toList();
        if (missing.isEmpty()) {
            if (!retired.isEmpty()) {
                store.replaceSummaries(project, userId, List.of(), retired);
            }
            return new Outcome(0, retired.size(), 0);
        }

        List<String> said = tree.root() == null ? List.of() : tree.root().episodes();
        Map<String, Integer> number = new HashMap<>();
        for (int i = 0; i < said.size(); i++) {
            number.put(said.get(i), i + 1);
        }
        Map<String, List<String>> asked = new LinkedHashMap<>();
        for (List<String> run : missing) {
            asked.put("S" + (asked.size() + 1), run);
        }
        String segments = asked.entrySet().stream()
                .map(segment -> segment.getKey() + ": "
                        + number.get(segment.getValue().get(0)) + " - "
                        + number.get(segment.getValue().get(segment.getValue().size() - 1)))
                .collect(Collectors.joining("\n"));
        SegmentAnswer answer = SegmentAnswer.parse(
                model.summarize(segments, messageLines(project, userId, said)).content(), asked.keySet());

        List<String> labels = new ArrayList<>(answer.summaries().keySet());
        List<Embedding> vectors = labels.isEmpty()
                ? List.of()
                : embeddings
                        .embedAll(labels.stream()
                                .map(label ->
                                        TextSegment.from(answer.summaries().get(label)))
                                .toList())
                        .content();
        List<SegmentSummary> written = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            String label = labels.get(i);
            written.add(new SegmentSummary(
                    project,
                    userId,
                    sessionId,
                    asked.get(label),
                    answer.summaries().get(label),
                    vectors.get(i).vector()));
        }
        store.replaceSummaries(project, userId, written, retired);
        return new Outcome(written.size(), retired.size(), asked.size() - written.size());
    }

    /** The session's messages, numbered in the order said, each cut so that the whole fits one prompt. */
    private String messageLines(String project, String userId, List<String> said) {
        Map<String, UnitHit> turns = new HashMap<>();
        store.turns(project, userId, said).forEach(turn -> turns.put(turn.episodeId(), turn));
        int chars = Math.max(80, Math.min(messageChars, MAX_MESSAGE_CHARS / Math.max(1, said.size())));
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < said.size(); i++) {
            UnitHit turn = turns.get(said.get(i));
            String text = turn == null ? "" : turn.text();
            lines.append(i + 1)
                    .append(" | ")
                    .append(turn == null || turn.timestamp() == null ? "-" : turn.timestamp())
                    .append(" | ")
                    .append(text.length() <= chars ? text : text.substring(0, chars) + "…")
                    .append('\n');
        }
        return lines.toString();
    }
}
