/**
 * taskline: the event contract of an AI coding agent engine, as a library.
 *
 * - The contract: the 22 event types, the envelope and tagged envelope, the
 *   event cursor, and the JSON Schema of an envelope.
 * - The codec: decoding a log line into the read form (upgrading every older
 *   format) and encoding an envelope as one line.
 * - The state directory: tasks, references, settings, run state, the log
 *   reader and the run recorder, the trace store.
 * - The actions every surface shares: create a task, run or resume it,
 *   cancel its run, approve or reject its gate.
 *
 * The library API is pre-1.0 and changes with releases; the event format is
 * the stable contract.
 *
 * @example
 * ```ts
 * import { RunRecorder, StateDir, createTask } from "./mod.ts";
 * const state = new StateDir(".taskline");
 * const task = await createTask(state, "Add login");
 * const rec = await RunRecorder.open(state, task);
 * rec.start();
 * await rec.finish({ success: true, status: "done" });
 * await rec.close();
 * ```
 *
 * @module
 */
export * from "./src/contract/events.ts";
export * from "./src/contract/envelope.ts";
export * from "./src/contract/cursor.ts";
export * from "./src/contract/time.ts";
export { ENVELOPE_SCHEMA } from "./src/contract/schema.ts";
export { type Decoded, decodeLine, decodeValue } from "./src/codec/decode.ts";
export { encodeEnvelope } from "./src/codec/encode.ts";
export { type LineBatch, LineSplitter } from "./src/codec/lines.ts";
export { type ErrorCode, TasklineError } from "./src/errors.ts";
export { readJsonFile, StateDir } from "./src/store/state_dir.ts";
export * from "./src/store/tasks.ts";
export { resolveRef } from "./src/store/refs.ts";
export * from "./src/store/settings.ts";
export * from "./src/store/run_state.ts";
export { type CheckedInput, checkEventInput } from "./src/store/event_input.ts";
export * from "./src/store/log_reader.ts";
export { acquireTaskLock, isTaskRunning, type TaskLock } from "./src/store/lock.ts";
export * from "./src/store/trace_store.ts";
export * from "./src/store/recorder.ts";
export { openReplay, type Replay, type ReplayOptions } from "./src/follow/replay.ts";
export {
  exitStatusOf,
  followTask,
  type FollowTaskOptions,
  type RunOutcome,
  type TaskFollow,
} from "./src/follow/follow_task.ts";
export type { FeedItem } from "./src/follow/feed_item.ts";
export { FEED_BEGINNING, FEED_NOW, feedAfter, type FeedStart } from "./src/follow/feed_start.ts";
export {
  ProjectFollower,
  type ProjectFollowerOptions,
  type SubscribeOptions,
} from "./src/follow/project_follower.ts";
export { replayFeed, type ReplayFeedOptions } from "./src/follow/replay_feed.ts";
export { LogTail, type LogTailOptions, type TailReset } from "./src/follow/log_tail.ts";
export { tailLog } from "./src/follow/tail_log.ts";
export { renderEvent, type RenderOptions, useColor } from "./src/views/event_line.ts";
export { type RunSummary, runTask, type RunTaskOptions } from "./src/engine/run_task.ts";
export { checkScenario, parseScenario, type Scenario } from "./src/engine/scenario.ts";
export { SCENARIO_SCHEMA } from "./src/engine/scenario_schema.ts";
export { type Decision, resolveApproval } from "./src/engine/approval.ts";
export {
  approveTask,
  checkRunRequest,
  CLI_RUN_NAMES,
  newTask,
  rejectTask,
  requestCancel,
  RunHost,
  type RunHostOptions,
  type RunPlan,
  type RunRequest,
  type StartedRun,
  startRun,
  waitStopped,
} from "./src/engine/actions.ts";
export { loadScenario } from "./src/engine/scenario_file.ts";
export { appendLesson, clearMemory, type Lesson, readLessons } from "./src/store/memory.ts";
export {
  buildOtlpTrace,
  buildRunTrace,
  buildTaskHistory,
  HistoryCache,
  listHistory,
  readTraceOutput,
  type RunHistory,
  type RunTrace,
  type TaskHistory,
  type TraceCall,
} from "./src/views/mod.ts";
export {
  buildPullRequest,
  type PullRequest,
  type PullRequestOptions,
} from "./src/views/pull_request.ts";
export { historyMarkdown, taskHistoryMarkdown } from "./src/views/history_markdown.ts";
export { mdCode, mdParagraphs, mdText } from "./src/views/markdown.ts";
