package dev.engram.vector.reconstruct;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.facts.Keywords;
import dev.engram.vector.graph.FactGraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A user's memory as cues, tags and contents, derived from their facts. A cue is a person (the stem of a
 * participant's name) or a keyword of a fact; a content is a fact, whose tag is the relation it states
 * ({@link Tags}); each content belongs to a topic, the event its fact was grouped into. Every (cue, tag, content)
 * triple points back to the fact's evidence episodes through the fact. Built from the facts graph it shares its
 * nodes with, so it goes and comes back with it (deletion, reindex).
 */
public final class CueTagGraph {

    private final FactGraph facts;
    private final Map<String, int[]> contentsByCue;
    private final List<List<String>> cuesOfContent;
    private final List<String> tagOfContent;
    private final int tags;

    private CueTagGraph(
            FactGraph facts,
            Map<String, int[]> contentsByCue,
            List<List<String>> cuesOfContent,
            List<String> tagOfContent,
            int tags) {
        this.facts = facts;
        this.contentsByCue = contentsByCue;
        this.cuesOfContent = cuesOfContent;
        this.tagOfContent = tagOfContent;
        this.tags = tags;
    }

    public static CueTagGraph of(FactGraph facts) {
        Map<String, List<Integer>> byCue = new HashMap<>();
        List<List<String>> cuesOfContent = new ArrayList<>(facts.size());
        List<String> tagOfContent = new ArrayList<>(facts.size());
        Set<String> distinctTags = new LinkedHashSet<>();
        for (int node = 0; node < facts.size(); node++) {
            Fact fact = facts.fact(node);
            List<String> cues = cues(fact);
            cuesOfContent.add(cues);
            for (String cue : cues) {
                byCue.computeIfAbsent(cue, key -> new ArrayList<>()).add(node);
            }
            String tag = Tags.of(fact);
            tagOfContent.add(tag);
            if (!tag.isEmpty()) {
                distinctTags.add(tag);
            }
        }
        Map<String, int[]> contentsByCue = new HashMap<>(byCue.size() * 2);
        byCue.forEach((cue, nodes) -> contentsByCue.put(
                cue, nodes.stream().mapToInt(Integer::intValue).toArray()));
        return new CueTagGraph(facts, contentsByCue, cuesOfContent, tagOfContent, distinctTags.size());
    }

    /** The people of a fact (stemmed like keywords, so a question's words meet them) and then its keywords. */
    static List<String> cues(Fact fact) {
        Set<String> cues = new LinkedHashSet<>();
        for (String person : fact.participants()) {
            String cue = Keywords.stem(person.strip().split("\\s+")[0]);
            if (!cue.isEmpty()) {
                cues.add(cue);
            }
        }
        cues.addAll(fact.keywords());
        return List.copyOf(cues);
    }

    public int contents() {
        return facts.size();
    }

    public int cues() {
        return contentsByCue.size();
    }

    public int tags() {
        return tags;
    }

    /** Whether a cue of that name exists. */
    public boolean hasCue(String cue) {
        return contentsByCue.containsKey(cue);
    }

    /** Traversal cue → contents: the contents the cue is a cue of. */
    public int[] contentsOf(String cue) {
        return contentsByCue.getOrDefault(cue, new int[0]);
    }

    /** How many contents the cue leads to: the rarer, the more telling. */
    public int spread(String cue) {
        return contentsOf(cue).length;
    }

    /** Traversal content → cues (reverse). */
    public List<String> cuesOf(int content) {
        return cuesOfContent.get(content);
    }

    /** The content's tag; empty when its relation could not be told. */
    public String tagOf(int content) {
        return tagOfContent.get(content);
    }

    /** Traversal topic → contents: the other contents of the content's event, itself included. */
    public int[] topicOf(int content) {
        return facts.event(content);
    }

    public Fact fact(int content) {
        return facts.fact(content);
    }

    /** The content of a fact id; -1 when the user has no such fact. */
    public int content(String factId) {
        return facts.node(factId);
    }
}
