/**
 * Many machines, one view: `ship` publishes a project's logs to a NATS
 * JetStream stream, `mirror` rebuilds them into a replica `.taskline/`.
 * See docs/fleet.md.
 *
 * @module
 */
export { ship, type ShipOptions, type ShipStats } from "./ship.ts";
export { mirror, type MirrorOptions, type MirrorStats } from "./mirror.ts";
export { checkpointPath } from "./mirror_checkpoint.ts";
export { repairTail } from "./replica_writer.ts";
export { natsCredentials, parseNatsUrl, STREAM_LIMITS } from "./nats.ts";
export { checkProject, DEFAULT_STREAM, mirrorDir, projectFromDirName } from "./wire.ts";
export { projectName } from "./project.ts";
