package dev.engram.vector.mapping;

import dev.engram.proto.v1.ContentView;
import dev.engram.proto.v1.CueTag;
import dev.engram.proto.v1.CueView;
import dev.engram.proto.v1.NavigateRequest;
import dev.engram.proto.v1.NavigateResponse;
import dev.engram.proto.v1.NavigationAction;
import dev.engram.proto.v1.NavigationResult;
import dev.engram.vector.facts.Fact;
import dev.engram.vector.reconstruct.Navigation;
import dev.engram.vector.reconstruct.Navigation.Action;
import dev.engram.vector.reconstruct.Traversal.CueSummary;
import java.util.List;

/** Maps a Navigate request to traversal actions, and what they reached back. */
public final class NavigationMapper {

    private NavigationMapper() {}

    public static List<Action> actions(NavigateRequest request) {
        return request.getActionsList().stream()
                .map(action -> new Action(action.getOp().strip(), action.getCue(), action.getTag(), action.getFactId()))
                .toList();
    }

    public static NavigateResponse response(Navigation navigation) {
        return NavigateResponse.newBuilder()
                .addAllResults(navigation.results().stream()
                        .map(NavigationMapper::result)
                        .toList())
                .addAllRanked(
                        navigation.ranked().stream().map(SearchMapper::hit).toList())
                .setFacts(navigation.facts())
                .setCues(navigation.cues())
                .setTags(navigation.tags())
                .setIndexSearches(navigation.indexSearches())
                .build();
    }

    private static NavigationResult result(Navigation.Result result) {
        Action action = result.action();
        return NavigationResult.newBuilder()
                .setAction(NavigationAction.newBuilder()
                        .setOp(action.op())
                        .setCue(action.cue())
                        .setTag(action.tag())
                        .setFactId(action.factId()))
                .setError(result.error())
                .addAllCues(result.cues().stream().map(NavigationMapper::cue).toList())
                .addAllContents(result.contents().stream()
                        .map(NavigationMapper::content)
                        .toList())
                .setMore(result.more())
                .build();
    }

    private static CueView cue(CueSummary cue) {
        return CueView.newBuilder()
                .setCue(cue.cue())
                .addAllTags(cue.tags().stream()
                        .map(tag -> CueTag.newBuilder()
                                .setTag(tag.tag())
                                .setContents(tag.contents())
                                .build())
                        .toList())
                .setContents(cue.contents())
                .build();
    }

    private static ContentView content(Navigation.Content content) {
        Fact fact = content.fact();
        ContentView.Builder view = ContentView.newBuilder()
                .setFactId(fact.factId())
                .setText(fact.text())
                .setTag(content.tag())
                .addAllCues(content.cues());
        if (fact.from() != null) {
            view.setFrom(fact.from().toString());
        }
        if (fact.to() != null) {
            view.setTo(fact.to().toString());
        }
        return view.build();
    }
}
