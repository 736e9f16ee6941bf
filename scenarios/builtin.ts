/**
 * The built-in scenario: what `taskline run <REF>` plays when no scenario is
 * given. It is a module (not a file read at run time) because taskline may
 * read nothing outside `.taskline/`. Every event type of a run appears in it.
 *
 * @module
 */
import type { Scenario } from "../src/engine/scenario.ts";

/** The built-in scenario: spec, plan, build with two subtasks, validation, QA, merge. */
export const BUILTIN_SCENARIO: Scenario = {
  name: "builtin",
  description: "A small feature: spec, plan, two subtasks, a validation fix, QA and merge.",
  tick_ms: 100,
  lesson: "Run the test suite before integrating subtasks; the first validation usually fails.",
  phases: [
    {
      name: "spec",
      gate: "spec",
      artefact: { kind: "spec" },
      agents: [{
        role: "spec_writer",
        model: "claude-sonnet-4-5",
        usage: { input_tokens: 2400, output_tokens: 600, cache_read_tokens: 1200 },
        steps: [
          {
            text: "Reading the task and the code it touches before writing the spec.",
          },
          {
            parallel: true,
            tools: [
              {
                tool: "read_file",
                input: { path: "README.md" },
                output: "# Project\n\nA small web service.\n",
                duration_ms: 300,
              },
              {
                tool: "read_file",
                input: { path: "src/server.ts" },
                output: "export function serve() {\n  // routes\n}\n",
                duration_ms: 100,
              },
              {
                tool: "grep",
                input: { pattern: "login", path: "src" },
                output: "src/server.ts:12: // TODO login\n",
                duration_ms: 200,
              },
            ],
          },
          { text: "The spec: a login route, a session cookie, and tests for both." },
        ],
      }],
    },
    {
      name: "plan",
      gate: "plan",
      artefact: { kind: "plan" },
      agents: [{
        role: "planner",
        model: "claude-sonnet-4-5",
        usage: { input_tokens: 1800, output_tokens: 500 },
        steps: [
          {
            thinking: "Two parts that touch different files: they can be built separately.",
            text: "Plan: 1. the login route; 2. the session cookie.",
          },
        ],
      }],
    },
    {
      name: "build",
      checkpoint: { message: "taskline: checkpoint before build", files: [] },
      subtasks: [
        {
          title: "Add the login route",
          attempts: [{
            agents: [{
              role: "coder",
              model: "claude-sonnet-4-5",
              usage: { input_tokens: 5200, output_tokens: 1400, cache_read_tokens: 3000 },
              steps: [
                { text: "Adding the route and its handler." },
                {
                  tools: [
                    {
                      tool: "write_file",
                      input: { path: "src/login.ts", content: "export function login() {}\n" },
                      output: "wrote 28 bytes to src/login.ts",
                    },
                    {
                      tool: "bash",
                      input: { command: "deno test src/login_test.ts", timeout_secs: 120 },
                      output: "running 2 tests\nok | 2 passed | 0 failed\n",
                      exit_code: 0,
                      duration_ms: 600,
                    },
                  ],
                },
              ],
            }],
            commit: {
              message: "taskline: add the login route",
              files: ["src/login.ts", "src/login_test.ts"],
            },
          }],
        },
        {
          title: "Add the session cookie",
          attempts: [
            {
              status: "failed",
              agents: [{
                role: "coder",
                model: "claude-sonnet-4-5",
                usage: { input_tokens: 3100, output_tokens: 700 },
                steps: [
                  {
                    tools: [{
                      tool: "bash",
                      input: { command: "deno test src/session_test.ts", timeout_secs: 120 },
                      output: "error: TS2304: Cannot find name 'Cookie'.\n",
                      exit_code: 1,
                      duration_ms: 500,
                    }],
                  },
                  { text: "The cookie type is missing; this attempt cannot finish." },
                ],
              }],
            },
            {
              agents: [{
                role: "coder",
                model: "claude-sonnet-4-5",
                usage: { input_tokens: 3600, output_tokens: 900, cache_read_tokens: 2000 },
                steps: [
                  { retry: { what: "provider call", attempts: 1, delay_ms: 400 } },
                  {
                    tools: [{
                      tool: "edit_file",
                      input: { path: "src/session.ts", old: "", new: "import { Cookie }" },
                      output: "edited src/session.ts",
                    }],
                  },
                  { text: "Imported the cookie type; the session tests pass." },
                ],
              }],
              commit: { message: "taskline: add the session cookie", files: ["src/session.ts"] },
            },
          ],
        },
      ],
    },
    {
      name: "validate",
      validations: [{ command: "deno test", exit_codes: [1, 0] }],
    },
    {
      name: "qa",
      gate: "merge",
      artefact: { kind: "qa_report", round: 1 },
      agents: [{
        role: "qa_reviewer",
        model: "claude-opus-4-1",
        usage: { input_tokens: 4000, output_tokens: 800, cache_read_tokens: 2500 },
        steps: [{ text: "Round 1: approved, no issues." }],
      }],
      summary: "round 1: approved (0 issues)",
    },
    {
      name: "merge",
      merge: { base: "main" },
      summary: "merged into main",
    },
  ],
};
