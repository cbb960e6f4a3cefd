package dev.engram.bench.load;

import dev.engram.bench.Conversation;
import dev.engram.bench.LocomoDataset;
import dev.engram.bench.Question;
import dev.engram.bench.Turn;
import java.nio.file.Path;
import java.util.List;

/**
 * The text a load run sends: conversation turns to add, in conversation order, and questions to search with.
 *
 * @param source where the text comes from, for the report
 */
public record LoadCorpus(String source, List<Turn> turns, List<String> questions) {

    public LoadCorpus {
        turns = List.copyOf(turns);
        questions = List.copyOf(questions);
        if (turns.isEmpty() || questions.isEmpty()) {
            throw new IllegalArgumentException(source + " has " + turns.size() + " turns and " + questions.size()
                    + " questions; a load run needs both");
        }
    }

    /** The turns of a LoCoMo file, conversation after conversation, and its scored questions. */
    public static LoadCorpus locomo(Path file) {
        return of(LocomoDataset.load(file), "LoCoMo file " + file.getFileName());
    }

    static LoadCorpus of(LocomoDataset dataset, String source) {
        List<Turn> turns = dataset.conversations().stream()
                .map(Conversation::turns)
                .flatMap(List::stream)
                .toList();
        List<String> questions =
                dataset.questions().stream().map(Question::text).toList();
        return new LoadCorpus(source, turns, questions);
    }
}
