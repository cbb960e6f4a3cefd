package dev.engram.retrieval.agent;

import dev.engram.proto.v1.ContentView;
import dev.engram.proto.v1.CueTag;
import dev.engram.proto.v1.CueView;
import dev.engram.proto.v1.NavigateResponse;
import dev.engram.proto.v1.NavigationAction;
import dev.engram.proto.v1.NavigationResult;
import dev.engram.proto.v1.ReconstructStep;
import dev.engram.retrieval.agent.llm.NavigationDecision;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an LLM-navigated reconstruction has seen so far: the cues with their tags, the contents opened (labelled F1,
 * F2, ... for the LLM, which never copies a fact id), the actions carried out, and the trace's steps. Rendered for
 * the LLM at each step; turns its next choice into actions vector-service can carry out, refusing what names a label
 * it was never shown or repeats what it has done.
 */
final class NavigationState {

    /** Tags of a cue shown to the LLM: those of most contents. */
    private static final int TAGS_SHOWN = 12;

    /** Cues a start names in the trace. */
    private static final int TRACED_CUES = 3;

    static final String REPEATED = "repeated";
    static final String UNKNOWN_OP = "unknown_op";
    static final String UNKNOWN_FACT = "unknown_fact";

    private static final Set<String> OPS = Set.of("tags", "open", "cues", "topic");

    private final Map<String, CueView> cues = new LinkedHashMap<>();
    private final Map<String, ContentView> contents = new LinkedHashMap<>();
    private final Map<String, String> factOfLabel = new LinkedHashMap<>();
    private final Map<String, String> labelOfFact = new LinkedHashMap<>();
    private final Set<String> done = new HashSet<>();
    private final List<String> log = new ArrayList<>();
    private final List<ReconstructStep> steps = new ArrayList<>();
    private List<String> useful = List.of();
    private int facts;
    private int indexSearches;

    /** Takes in what a step's actions reached. */
    void absorb(NavigateResponse response) {
        facts = response.getFacts();
        indexSearches += response.getIndexSearches();
        for (NavigationResult result : response.getResultsList()) {
            List<String> opened = new ArrayList<>();
            for (ContentView content : result.getContentsList()) {
                if (contents.putIfAbsent(content.getFactId(), content) == null) {
                    String label = "F" + (contents.size());
                    factOfLabel.put(label, content.getFactId());
                    labelOfFact.put(content.getFactId(), label);
                    opened.add(content.getFactId());
                }
            }
            for (CueView cue : result.getCuesList()) {
                cues.putIfAbsent(cue.getCue(), cue);
            }
            NavigationAction action = result.getAction();
            ReconstructStep step = step(action, result.getError(), opened);
            if (action.getCue().isEmpty() && result.getCuesCount() > 0) {
                // A start names the cues it found rather than one it was given.
                step = step.toBuilder()
                        .addAllCues(result.getCuesList().stream()
                                .limit(TRACED_CUES)
                                .map(CueView::getCue)
                                .toList())
                        .build();
            }
            steps.add(step);
            log.add(logged(action, result, opened));
        }
    }

    /**
     * The LLM's actions that can be carried out: new ones, naming contents by labels it was shown. Each refused
     * one is traced with why.
     */
    List<NavigationAction> fresh(List<NavigationDecision.Action> asked) {
        List<NavigationAction> fresh = new ArrayList<>();
        for (NavigationDecision.Action action : asked) {
            boolean knownFact = action.fact().isEmpty() || factOfLabel.containsKey(action.fact());
            NavigationAction wire = NavigationAction.newBuilder()
                    .setOp(action.op())
                    .setCue(action.cue())
                    .setTag(action.tag())
                    .setFactId(factOfLabel.getOrDefault(action.fact(), action.fact()))
                    .build();
            String refused = refusal(action, knownFact);
            if (refused.isEmpty()) {
                fresh.add(wire);
            } else {
                steps.add(step(wire, refused, List.of()));
                log.add(describe(wire) + ": not done (" + refused + ")");
            }
        }
        return fresh;
    }

    /** Why an action is not carried out; empty when it is (and it is then remembered as done). */
    private String refusal(NavigationDecision.Action action, boolean knownFact) {
        if (!OPS.contains(action.op())) {
            return UNKNOWN_OP;
        }
        if (!knownFact) {
            return UNKNOWN_FACT;
        }
        return done.add(action.key()) ? "" : REPEATED;
    }

    void useful(List<String> labels) {
        useful = labels.stream().filter(factOfLabel::containsKey).toList();
    }

    /** The facts opened, those the LLM called useful first (best first), then the rest as they were opened. */
    List<String> ranked() {
        Set<String> ranked = new LinkedHashSet<>();
        useful.forEach(label -> ranked.add(factOfLabel.get(label)));
        ranked.addAll(contents.keySet());
        return List.copyOf(ranked);
    }

    List<ReconstructStep> steps() {
        return List.copyOf(steps);
    }

    int facts() {
        return facts;
    }

    int indexSearches() {
        return indexSearches;
    }

    int opened() {
        return contents.size();
    }

    /** What the LLM is shown: the cues and their tags, the contents opened, the actions so far. */
    String render(int stepsLeft) {
        StringBuilder memory = new StringBuilder("Cues (contents; tags with their contents):\n");
        if (cues.isEmpty()) {
            memory.append("(none named by the question)\n");
        }
        cues.values()
                .forEach(cue -> memory.append("- ")
                        .append(cue.getCue())
                        .append(" (")
                        .append(cue.getContents())
                        .append("): ")
                        .append(tags(cue))
                        .append('\n'));
        memory.append("\nContents opened:\n");
        if (contents.isEmpty()) {
            memory.append("(none yet)\n");
        }
        contents.values()
                .forEach(content -> memory.append(labelOfFact.get(content.getFactId()))
                        .append(' ')
                        .append(days(content))
                        .append(content.getText())
                        .append(content.getTag().isEmpty() ? "" : " [tag: " + content.getTag() + "]")
                        .append(" [cues: ")
                        .append(String.join(", ", content.getCuesList()))
                        .append("]\n"));
        memory.append("\nActions so far:\n");
        log.forEach(line -> memory.append("- ").append(line).append('\n'));
        return memory.append("\nSteps left: ").append(stepsLeft).toString();
    }

    private static String tags(CueView cue) {
        List<String> shown = new ArrayList<>();
        for (CueTag tag : cue.getTagsList()) {
            if (shown.size() == TAGS_SHOWN) {
                shown.add("...");
                break;
            }
            shown.add(tag.getTag() + " " + tag.getContents());
        }
        return shown.isEmpty() ? "no tags" : String.join(", ", shown);
    }

    private static String days(ContentView content) {
        if (content.getFrom().isEmpty()) {
            return "";
        }
        return content.getTo().isEmpty() || content.getTo().equals(content.getFrom())
                ? "(" + content.getFrom() + ") "
                : "(" + content.getFrom() + " to " + content.getTo() + ") ";
    }

    private String logged(NavigationAction action, NavigationResult result, List<String> opened) {
        if (!result.getError().isEmpty()) {
            return describe(action) + ": not done (" + result.getError() + ")";
        }
        String reached = opened.isEmpty()
                ? result.getCuesCount() + " cues"
                : "opened "
                        + String.join(
                                ", ", opened.stream().map(labelOfFact::get).toList());
        return describe(action) + ": " + reached + (result.getMore() > 0 ? ", " + result.getMore() + " more" : "");
    }

    private String describe(NavigationAction action) {
        StringBuilder described = new StringBuilder(action.getOp());
        if (!action.getCue().isEmpty()) {
            described.append(" cue=").append(action.getCue());
        }
        if (!action.getTag().isEmpty()) {
            described.append(" tag=").append(action.getTag());
        }
        if (!action.getFactId().isEmpty()) {
            described.append(" fact=").append(labelOfFact.getOrDefault(action.getFactId(), action.getFactId()));
        }
        return described.toString();
    }

    private static ReconstructStep step(NavigationAction action, String error, List<String> opened) {
        ReconstructStep.Builder step = ReconstructStep.newBuilder()
                .setAction(action.getOp())
                .addAllOpened(opened)
                .setError(error);
        if (!action.getCue().isEmpty()) {
            step.addCues(action.getCue());
        }
        if (!action.getTag().isEmpty()) {
            step.addTags(action.getTag());
        }
        return step.build();
    }
}
