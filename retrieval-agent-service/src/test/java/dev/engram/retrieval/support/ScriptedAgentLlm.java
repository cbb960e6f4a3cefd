package dev.engram.retrieval.support;

import dev.engram.testing.ScriptedLlm;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The scripted OpenAI-compatible endpoint, answering the agent's prompts: each prompt kind (told
 * apart by a phrase of its system message) has a queue of scripted answers, the last one repeating.
 */
public class ScriptedAgentLlm {

    /** Phrases that identify the agent's prompts. */
    public static final String ROUTE = "You route questions";

    public static final String SPLIT = "independent\nsingle-hop search queries";
    public static final String CHAIN = "step by step";
    public static final String NAVIGATE = "You navigate a memory";

    private final Map<String, Deque<String>> answers = new ConcurrentHashMap<>();
    private final ScriptedLlm endpoint = new ScriptedLlm(this::next);

    public int start() {
        return endpoint.start();
    }

    public void stop() {
        endpoint.stop();
    }

    public void reset() {
        endpoint.reset();
        answers.clear();
    }

    /** Answers for the prompt identified by {@code prompt}, in turn; the last one repeats. */
    public void answer(String prompt, String... texts) {
        answers.put(prompt, new ArrayDeque<>(List.of(texts)));
    }

    /** Every following call fails with this HTTP status. */
    public void failWith(int status) {
        endpoint.failWith(status);
    }

    /** Every following call answers only after this long. */
    public void delay(long millis) {
        endpoint.delay(millis);
    }

    public List<ScriptedLlm.Call> calls() {
        return endpoint.calls();
    }

    /** The calls of one prompt kind. */
    public List<ScriptedLlm.Call> calls(String prompt) {
        return calls().stream().filter(call -> call.system().contains(prompt)).toList();
    }

    private String next(ScriptedLlm.Call call) {
        for (Map.Entry<String, Deque<String>> scripted : answers.entrySet()) {
            if (call.system().contains(scripted.getKey())) {
                Deque<String> queue = scripted.getValue();
                synchronized (queue) {
                    return queue.size() > 1 ? queue.poll() : queue.peek();
                }
            }
        }
        return "nothing scripted for this prompt";
    }
}
