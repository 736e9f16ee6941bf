#!/bin/sh
# A producer in shell: each line is one bare event; jq quotes the output.
set -e
call=$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')
echo '{"type":"phase_started","phase":"check"}'
printf '{"type":"tool_called","role":"checker","tool":"bash","input":{"command":"uname -s"},"call":"%s","subtask":null}\n' "$call"
out=$(uname -s | jq -Rs .)
printf '{"type":"tool_returned","role":"checker","tool":"bash","is_error":false,"duration_ms":1,"call":"%s","subtask":null,"exit_code":0,"output":%s}\n' "$call" "$out"
echo '{"type":"validation_finished","command":"uname -s","integration":false,"passed":true,"exit_code":0}'
echo '{"type":"phase_finished","phase":"check","success":true,"summary":"the system is known"}'
echo '{"type":"run_finished","success":true,"status":"done"}'
