// Types of the Engram gateway API (docs/api.md) as the client sends and answers them.

export interface ClientOptions {
  /** The gateway, e.g. http://127.0.0.1:8080. */
  url?: string;
  /** The project's API key (egk_…); none while authentication is off. */
  apiKey?: string | null;
  /** How long one request may take. Default 30000. */
  timeoutMs?: number;
  /** How often a 429 or 503 is retried after its Retry-After. Default 3. */
  retries?: number;
}

export interface FieldError {
  field: string;
  message: string;
}

export declare class EngramError extends Error {
  /** The HTTP status; 0 when no answer came. */
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  readonly errors: FieldError[];
  /** Seconds the gateway asked to wait (429, 503), else null. */
  readonly retryAfter: number | null;
}

export interface EpisodeInput {
  content: string;
  /** The idempotency key: a re-sent episode is answered "duplicate". */
  id?: string;
  producer?: string;
  produced_for?: string;
  role?: string;
  /** ISO-8601 with an offset; the time of arrival when left out. */
  timestamp?: string;
  metadata?: Record<string, string>;
}

export interface AddOptions {
  agentId?: string;
  /** Answer once the episodes are searchable (201), or with pending ids when waitTimeoutMs passes (202). */
  waitIndexed?: boolean;
  waitTimeoutMs?: number;
}

export interface EpisodeOutcome {
  id: string;
  status: "created" | "duplicate";
}

export interface AddResult {
  episodes: EpisodeOutcome[];
  /** Only when a wait for indexing ran out: the episodes not searchable yet. */
  pending?: string[];
}

export interface Episode {
  id: string;
  session_id: string;
  agent_id?: string;
  producer?: string;
  produced_for?: string;
  role?: string;
  content: string;
  timestamp: string;
  metadata?: Record<string, string>;
  /** How many times the episode was corrected; 0 as added. */
  revision: number;
  /** When it was last corrected; null while it never was. */
  updated_at: string | null;
  [field: string]: unknown;
}

/** What to correct; a field left out is kept, "" clears a speaker field, metadata is replaced whole. */
export interface EpisodeChange {
  content?: string;
  producer?: string;
  produced_for?: string;
  role?: string;
  timestamp?: string;
  metadata?: Record<string, string>;
}

export interface UpdateOptions {
  /** Answer once the corrected episode is searchable (200), or with it pending when waitTimeoutMs passes (202). */
  waitIndexed?: boolean;
  waitTimeoutMs?: number;
}

export interface UpdateResult {
  status: "updated" | "unchanged";
  episode: Episode;
  pending?: string[];
}

export interface EpisodeCluster {
  nucleus_id: string;
  episodes: Episode[];
  [field: string]: unknown;
}

export interface ShortTerm {
  session_id: string;
  summary?: string;
  episodes: Episode[];
  [field: string]: unknown;
}

export interface ProfileEntry {
  id: string;
  subject?: string;
  tag: string;
  feature: string;
  value: string;
  [field: string]: unknown;
}

export interface SearchOptions {
  top_k?: number;
  session_id?: string;
  agent_id?: string;
  mode?: "auto" | "direct" | "split" | "chain" | "graph" | "segtree" | "reconstruct";
  include?: Array<"episodic" | "short_term" | "profile">;
  min_relevance?: number;
  max_context_tokens?: number;
  filter?: Record<string, unknown>;
  expand_context?: Record<string, unknown>;
  rerankers?: string[];
}

export interface SearchResult {
  episodic: EpisodeCluster[];
  short_term?: ShortTerm;
  profile?: ProfileEntry[];
  /** Prompt-ready text of what was found; empty when nothing relevant was. */
  context: string;
  trace?: Record<string, unknown>;
  warnings?: Array<Record<string, unknown>>;
}

export interface MemoryStatus {
  user_id: string;
  stored: number;
  indexed: number;
  pending: number;
}

export interface EpisodePage {
  episodes: Episode[];
  next_cursor?: string;
}

export interface Deletion {
  id: string;
  status: "complete" | "pending";
  deleted_episodes: number;
  [field: string]: unknown;
}

export interface Profile {
  user_id: string;
  entries: ProfileEntry[];
  [field: string]: unknown;
}

export interface Caller {
  /** Null for the bootstrap administrator key. */
  project: string | null;
  /** Null while authentication is off. */
  key_id: string | null;
  scopes: ("read" | "write" | "admin")[];
  authentication: boolean;
}

export interface UserSummary {
  user_id: string;
  stored: number;
  indexed: number;
  pending: number;
  sessions: number;
  last_episode_at: string;
}

export interface UserPage {
  users: UserSummary[];
  next_cursor: string | null;
}

export interface SessionSummary {
  session_id: string;
  episodes: number;
  first_episode_at: string;
  last_episode_at: string;
}

export interface SessionPage {
  sessions: SessionSummary[];
  next_cursor: string | null;
}

export declare class Engram {
  constructor(options?: ClientOptions);
  add(userId: string, sessionId: string, episodes: EpisodeInput[], options?: AddOptions): Promise<AddResult>;
  search(userId: string, query: string, options?: SearchOptions): Promise<SearchResult>;
  status(userId: string): Promise<MemoryStatus>;
  episodes(userId: string, options?: { sessionId?: string; cursor?: string; limit?: number }): Promise<EpisodePage>;
  episode(userId: string, episodeId: string): Promise<Episode>;
  updateEpisode(userId: string, episodeId: string, change: EpisodeChange, options?: UpdateOptions): Promise<UpdateResult>;
  deleteEpisode(userId: string, episodeId: string): Promise<Deletion>;
  shortTerm(userId: string, sessionId: string, options?: { agentId?: string }): Promise<ShortTerm>;
  deleteSession(userId: string, sessionId: string): Promise<Deletion>;
  me(): Promise<Caller>;
  users(options?: { cursor?: string; limit?: number }): Promise<UserPage>;
  sessions(userId: string, options?: { agentId?: string; cursor?: string; limit?: number }): Promise<SessionPage>;
  deleteUser(userId: string): Promise<Deletion>;
  deletion(deletionId: string): Promise<Deletion>;
  profile(userId: string, query?: { at?: string; subject?: string; limit?: number }): Promise<Profile>;
  putProfileEntry(userId: string, entryId: string, entry: Record<string, unknown>): Promise<Record<string, unknown>>;
  deleteProfileEntry(userId: string, entryId: string): Promise<void>;
}
