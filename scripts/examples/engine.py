import json, secrets, subprocess, sys, time

def emit(**event):  # one bare event a line; taskline adds schema, seq, at and run
    print(json.dumps(event), flush=True)

emit(type="phase_started", phase="build")
emit(type="agent_started", role="coder", subtask=None, model="my-model-1")
for command in sys.argv[1:] or ["echo hello", "python3 --version"]:  # the model's asks
    call = secrets.token_hex(6)  # 12 hex digits pair the call with its result
    emit(type="tool_called", role="coder", tool="bash", input={"command": command}, call=call, subtask=None)
    t0 = time.monotonic()
    p = subprocess.run(command, shell=True, capture_output=True, text=True)
    emit(type="tool_returned", role="coder", tool="bash", call=call, subtask=None,
         is_error=p.returncode != 0, duration_ms=round((time.monotonic() - t0) * 1000),
         exit_code=p.returncode, timed_out=False, output=p.stdout + p.stderr)  # kept whole
    emit(type="agent_delta", role="coder", subtask=None, delta={"kind": "text", "text": "ran " + command})
usage = {"input_tokens": 1200, "output_tokens": 300, "cache_read_tokens": 0, "cache_write_tokens": 0}
emit(type="agent_finished", role="coder", steps=1, usage=usage, stop='{"reason":"completed"}')
emit(type="phase_finished", phase="build", success=True, summary="commands run")
emit(type="run_finished", success=True, status="done")  # usage and time totals: taskline's
