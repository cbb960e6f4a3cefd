package dev.engram.retrieval.agent.llm;

import dev.langchain4j.service.Result;
import dev.langchain4j.service.SystemMessage;
import dev.langchain4j.service.UserMessage;
import io.quarkiverse.langchain4j.RegisterAiService;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The prompts of the retrieval agent. Every call stands alone (no chat memory), answers in a fixed
 * shape that {@link LlmAnswers} turns into typed values, and is made only through {@link AgentLlm},
 * which owns the thread, the timeout, the retry, the budget and the fallback.
 */
@RegisterAiService(chatMemoryProviderSupplier = RegisterAiService.NoChatMemoryProviderSupplier.class)
@ApplicationScoped
public interface QueryAgentModel {

    @SystemMessage("""
            You route questions asked of a long-term memory of conversations. Classify the question:
            CHAIN  - multi-hop: answering needs one fact first to know what to look up next
                     (e.g. "Where does the sister of Caroline's best friend live?");
            SPLIT  - several independent entities or parts, each answerable on its own
                     (e.g. "What do Caroline and Melanie each do for work?");
            DIRECT - a simple single-hop question.
            Answer with exactly one word: CHAIN, SPLIT or DIRECT.
            """)
    @UserMessage("Question: {question}")
    Result<String> classify(String question);

    @SystemMessage("""
            You rewrite a question asked of a long-term memory of conversations into independent
            single-hop search queries, one per entity or part, each complete on its own (repeat the
            names; no pronouns). Write between 2 and {max} queries. If the question is already a
            single-hop question, answer with it alone.
            Answer with a JSON object only, with one key: "queries", an array of strings.
            """)
    @UserMessage("Question: {question}")
    Result<String> split(String question, int max);

    @SystemMessage("""
            You help search a long-term memory of conversations step by step. Given the question and
            the numbered evidence found so far, decide whether the evidence is enough to answer it.
            If it is not, write the next search query: one short query for the missing fact, using
            names and facts found in the evidence.
            Answer with a JSON object only, with the keys "is_sufficient" (true or false),
            "evidence_indices" (array of the numbers of the useful evidence), "new_query" (the next
            query, or "" when sufficient) and "confidence" (0.0 to 1.0).
            """)
    @UserMessage("""
            Question: {question}

            Evidence:
            {evidence}
            """)
    Result<String> judge(String question, String evidence);

    @SystemMessage("""
            You navigate a memory of conversations to gather the evidence that answers a question. The memory is
            a graph of cues (people and keywords), tags (the relation a content states, such as "adopt" or
            "move to") and contents (facts, labelled F1, F2, ..., with the days they are about). Actions:
              {"op": "tags", "cue": C}             the tags of cue C, with how many contents each has;
              {"op": "open", "cue": C, "tag": T}   the contents of cue C with tag T (leave out "tag" for all);
              {"op": "cues", "fact": "F3"}         the cues of content F3, to follow them;
              {"op": "topic", "fact": "F3"}        the other contents of the event F3 belongs to.
            Use only cues and tags you were shown and facts by their labels. Open by a tag that fits the
            question rather than a whole cue. Ask for at most {max} actions. When the contents opened answer
            the question, or nothing shown can help, say it is sufficient.
            Answer with a JSON object only, with the keys "actions" (array of actions), "sufficient" (true or
            false) and "useful" (labels of the contents that help answer, best first).
            """)
    @UserMessage("""
            Question: {question}

            {memory}
            """)
    Result<String> navigate(String question, String memory, int max);
}
