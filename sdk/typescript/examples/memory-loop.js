// The memory loop of an agent: add each turn, search before answering, put the context in the prompt.
// Run against a running Engram: ENGRAM_GATEWAY (default http://127.0.0.1:8080) and ENGRAM_API_KEY (none while
// authentication is off). The model call is left out; the prompt is printed instead.
import { Engram } from "../index.js";

const memory = new Engram({
  url: process.env.ENGRAM_GATEWAY ?? "http://127.0.0.1:8080",
  apiKey: process.env.ENGRAM_API_KEY ?? null,
});
const user = process.env.ENGRAM_EXAMPLE_USER ?? "maya";

// 1. Add each turn, the user's and the agent's own. Waiting for indexing lets the next search see them.
await memory.add(user, "chat-1", [
  { id: "1", producer: "Maya", role: "user", content: "My sister Ines moved to Porto last spring." },
  { id: "2", producer: "assistant", role: "assistant", content: "Porto is lovely! Does she like it?" },
], { waitIndexed: true });

// 2. Search before answering, in a later conversation.
const question = "Where does my sister live now?";
const found = await memory.search(user, question, { top_k: 5 });

// 3. Put the context in the prompt; 4. an empty context means nothing relevant: say so rather than guess.
const context = found.context || "(nothing relevant remembered)";
console.log(`Remembered:\n${context}\n\nUser: ${question}`);
