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
}
