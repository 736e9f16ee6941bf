var _c=Object.defineProperty;var l=(n,t)=>_c(n,"name",{value:t,configurable:!0});var _=(n,t)=>()=>(n&&(t=n(n=0)),t);var W=(n,t)=>{for(var e in t)_c(n,e,{get:t[e],enumerable:!0})};function xc(n){switch(n){case"usage":case"bad-cursor":case"bad-request":case"unsupported-media-type":case"too-large":return 2;case"interrupted":return 130;default:return 1}}function $c(n){switch(n){case"usage":case"bad-cursor":case"bad-request":case"ambiguous-ref":return 400;case"not-found":return 404;case"task-running":case"not-running":case"nothing-pending":case"wrong-state":case"bad-log-file":case"bad-state-file":return 409;case"too-large":return 413;case"unsupported-media-type":return 415;case"fell-behind":return 503;default:return 500}}var y,A=_((function(){y=class extends Error{static{l(this,"TasklineError")}name="TasklineError";code;details;constructor(t,e,s){super(e,s?.cause===void 0?void 0:{cause:s.cause}),this.code=t,s?.details&&(this.details=s.details)}};l(xc,"exitCodeOf");l($c,"httpStatusOf")}));function R(n,t,e){let s={},r=[],i=l(f=>{throw new y("usage",`taskline ${n}: ${f}`)},"fail"),o=new Map;for(let[f,d]of Object.entries(e))d.short&&o.set(d.short,f);let a=l(f=>{let d=e[f].short;return d?`-${d}, --${f}`:`--${f}`},"label"),c=l(f=>i(`Unknown option '${f}'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${JSON.stringify(f)}`),"unknown"),u=l((f,d)=>{e[f].multiple?(s[f]??=[]).push(d):s[f]=d},"store"),h=l((f,d,p)=>{let m=t[d];return m===void 0&&i(`Option '${a(f)} <value>' argument missing`),m.length>1&&m[0]==="-"&&i(`Option '${p}' argument is ambiguous. Did you forget to specify the option argument for '${p}'?`),m},"nextValue");for(let f=0;f<t.length;f++){let d=t[f];if(d==="--"){r.push(...t.slice(f+1));break}if(d.startsWith("--")){let p=d.indexOf("="),m=p<0?d.slice(2):d.slice(2,p);Object.hasOwn(e,m)||c(p<0?d:d.slice(0,p)),e[m].type==="boolean"?(p>=0&&i(`Option '${a(m)}' does not take an argument`),u(m,!0)):p>=0?u(m,d.slice(p+1)):u(m,h(m,++f,`--${m}`));continue}if(d.length>1&&d[0]==="-"){for(let p=1;p<d.length;p++){if(d[p]==="-"){for(let w=p+1;w<d.length;w++){let g=o.get(d[w]);if(g!==void 0&&e[g].type==="string"&&w<d.length-1){r.push(`-${d.slice(w)}`);break}r.push(`-${d[w]}`)}return r.push(...t.slice(f+1)),{values:s,positionals:r}}let m=o.get(d[p]);if(m===void 0&&c(`-${d[p]}`),e[m].type==="boolean"){u(m,!0);continue}p+1<d.length?u(m,d.slice(p+1)):u(m,h(m,++f,`-${d[p]}`));break}continue}r.push(d)}return{values:s,positionals:r}}function Pr(n,t){if(t===void 0)return;let e=String(t);if(!/^\d{1,15}$/.test(e))throw new y("usage",`--${n} takes a non-negative integer, not "${e.slice(0,40)}"`);return Number(e)}function Co(n){return n===void 0?[]:(Array.isArray(n)?n:[n]).flatMap(e=>String(e).split(",")).map(e=>e.trim()).filter(e=>e!=="")}function Os(n,t,e){for(let s of n){if(s==="--")return!1;if(s===`--${t}`||e!==void 0&&/^-[A-Za-z]+$/.test(s)&&s.includes(e))return!0}return!1}var it=_((function(){A();l(R,"parseArgs");l(Pr,"intOption");l(Co,"listOption");l(Os,"hasOption")}));async function Tc(n){n.net||await Deno.permissions.revoke({name:"net"}),n.write||await Deno.permissions.revoke({name:"write"}),n.read||await Deno.permissions.revoke({name:"read"})}async function le(n){try{return(await Deno.permissions.query(n)).state==="granted"}catch{return!1}}async function Ir(n,t,e=String){let s=[];for(let r of n)await le(t(r))&&s.push(e(r));return s}async function An(n,t){let e=l(async i=>({all:await le({name:i})||await le({name:i,path:"/"}),granted:await le({name:i,path:n})?["state_dir"]:[]}),"pathHeld"),s=["127.0.0.1","localhost","[::1]",...t?[t]:[]],r=["sh","bash","deno",Deno.execPath()];return{read:await e("read"),write:await e("write"),net:{all:await le({name:"net"}),granted:await Ir(s,i=>({name:"net",host:i}))},env:{all:await le({name:"env"}),granted:[]},run:{all:await le({name:"run"}),granted:await Ir(r,i=>({name:"run",command:i}))},ffi:{all:await le({name:"ffi"}),granted:await Ir(Rp,i=>({name:"ffi",path:i}))},sys:{all:await le({name:"sys"}),granted:await Ir(jp,i=>({name:"sys",kind:i}))}}}function Ec(n){return n.read.all||n.run.all||n.run.granted.length>0||n.ffi.all||n.ffi.granted.length>0}function Lo(n){let t=[];for(let[e,s]of Object.entries(n))s.all?t.push(`${e} (all)`):s.granted.length>0&&t.push(`${e} ${s.granted.map(r=>r==="state_dir"?".taskline":r).join(" ")}`);return t.length===0?"none":t.join(", ")}function Ac(n){let t=[];n.read.all&&t.push("read (all)"),n.write.all&&t.push("write (all)"),n.net.all&&t.push("net (all)");for(let e of["run","ffi","sys"]){let s=n[e];s.all?t.push(`${e} (all)`):s.granted.length>0&&t.push(`${e} ${s.granted.join(" ")}`)}return t}var En,Ge,ce,Sc,Rp,jp,Mn=_(()=>{En={read:!0,write:!1,net:!1},Ge={read:!0,write:!0,net:!1},ce={read:!0,write:!0,net:!0},Sc={read:!1,write:!1,net:!1};l(Tc,"keepOnly");Rp=["/lib/x86_64-linux-gnu/libc.so.6","/usr/lib/x86_64-linux-gnu/libc.so.6","/lib/aarch64-linux-gnu/libc.so.6","/usr/lib/aarch64-linux-gnu/libc.so.6","/lib64/libc.so.6","/usr/lib64/libc.so.6"],jp=["hostname","osRelease","osUptime","loadavg","networkInterfaces","systemMemoryInfo","uid","gid","username","cpus","homedir","statfs","getPriority","setPriority"];l(le,"granted");l(Ir,"grantedOf");l(An,"heldPermissions");l(Ec,"readsOutsideStateDir");l(Lo,"describeHeld");l(Ac,"beyondFour")});function dt(n){let t=n.length>20&&n.charCodeAt(19)===46?20:-1;if(t>0&&n.startsWith(Ro)&&Ro!==""){let s=t,r=0;for(let i=n.charCodeAt(s);i>=48&&i<=57&&s<t+9;i=n.charCodeAt(++s))r=r*10+i-48;if(s>t&&n.slice(s)===Mc)return Oc+BigInt(r*10**(9-(s-t)))}let e=Do(n);if(e!==null&&t>0){let s=/^\.\d{1,9}/.exec(n.slice(19));s&&(Ro=n.slice(0,19),Mc=n.slice(19+s[0].length),Oc=e-BigInt(Number(s[0].slice(1).padEnd(9,"0"))))}return e}function Do(n){let t=Dp.exec(n);if(!t)return null;let[,e,s,r,i,o,a,c,u]=t,h=Number(s),f=Number(r),d=Number(i),p=Number(o),m=Number(a);if(h<1||h>12||f<1||f>31||d>23||p>59||m>60)return null;let w=Date.UTC(Number(e),h-1,f,d,p,m);if(!Number.isFinite(w)||new Date(Date.UTC(Number(e),h-1,f)).getUTCDate()!==f)return null;let g=BigInt(w)*1000000n;if(c&&(g+=BigInt(c.padEnd(9,"0"))),u!=="Z"&&u!=="z"){let b=u[0]==="-"?-1n:1n,v=BigInt(Number(u.slice(1,3))*60+Number(u.slice(4,6)));g-=b*v*60000000000n}return g}var Dp,Ro,Mc,Oc,jo,Po,ue=_((function(){Dp=/^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;l(dt,"parseTimeNs");Ro="",Mc="",Oc=0n;l(Do,"parseTimeNsUncached");jo=class{static{l(this,"MonotonicClock")}#t=0;#e=NaN;#n="";#s(t=!1){if(t&&this.#t>0)return++this.#t;let e=Math.round((performance.timeOrigin+performance.now())*1e3),s=e>this.#t?e:this.#t+1;return this.#t=s,s}nowNs(){return BigInt(this.#s())*1000n}now(t=!1){let e=this.#s(t),s=Math.floor(e/1e6);return s!==this.#e&&(this.#e=s,this.#n=new Date(s*1e3).toISOString().slice(0,19)+"."),`${this.#n}${String(e-s*1e6).padStart(6,"0")}Z`}},Po=new jo}));function On(n){let t=Pp.exec(n),e=t?Number(t[2]):NaN,s=t?Number(t[3]):NaN;if(!t||!Number.isSafeInteger(e)||!Number.isSafeInteger(s))throw new y("bad-cursor",`Cannot read cursor "${n.slice(0,80)}": expected <nanoseconds>-<task number>-<seq>, such as 0-0-0`);return{ns:BigInt(t[1]),number:e,seq:s}}function Mt(n){return`${n.ns}-${n.number}-${n.seq}`}function ut(n,t){return n.ns!==t.ns?n.ns<t.ns?-1:1:n.number!==t.number?n.number-t.number:n.seq-t.seq}function he(n,t){let e=dt(n.at);return e===null||e<0n?null:{ns:e,number:t,seq:typeof n.seq=="number"?n.seq:0}}var Nc,Pp,Jt=_((function(){A();ue();Nc=Object.freeze({ns:0n,number:0,seq:0}),Pp=/^(0|[1-9]\d{0,20})-(0|[1-9]\d{0,15})-(0|[1-9]\d{0,15})$/;l(On,"parseCursor");l(Mt,"formatCursor");l(ut,"compareCursor");l(he,"cursorOf")}));function B(){return{input_tokens:0,output_tokens:0,cache_read_tokens:0,cache_write_tokens:0}}function qr(n){return Ip.has(n)}function Ze(n){return n==="agent_delta"}function P(n){let t=n.run;return typeof t=="string"?t:null}var Dt,Kt,Ip,Cc,J=_((function(){Dt="000000000000";l(B,"zeroUsage");Kt=["run_started","phase_started","phase_finished","agent_started","agent_delta","agent_text","tool_called","tool_returned","agent_finished","subtask_updated","subtask_integrated","committed","merged","validation_finished","budget_updated","artefact_written","approval_requested","approval_resolved","retrying","paused","run_finished","log"],Ip=new Set(Kt),Cc=new Set(["approval_resolved","log"]);l(qr,"isEventType");l(Ze,"isEphemeral");l(P,"runOf")}));var K,Nn,j,Qe,tn,qp,Lc,Rc,jc,Dc,Pc,Fp,Up,Bp,Hp,Pt,$,Ns,Cn,Ln=_((function(){K={type:"string",minLength:1},Nn={type:["string","null"]},j={type:"string"},Qe={type:"boolean"},tn={type:"number"},qp={type:"integer"},Lc={type:["number","null"]},Rc={type:["integer","null"]},jc={type:"string",pattern:"^[0-9a-f]{12}$"},Dc={enum:["spec","plan","merge"]},Pc={type:"object",required:["input_tokens","output_tokens","cache_read_tokens","cache_write_tokens"],properties:{input_tokens:{type:"integer",minimum:0},output_tokens:{type:"integer",minimum:0},cache_read_tokens:{type:"integer",minimum:0},cache_write_tokens:{type:"integer",minimum:0}}},Fp={type:"object",required:["kind","text"],properties:{kind:{enum:["text","thinking"]},text:j}},Up={type:"object",required:["kind"],properties:{kind:{enum:["spec","plan","qa_report"]},round:qp},if:{properties:{kind:{const:"qa_report"}}},then:{required:["kind","round"]}},Bp={type:"string",format:"date-time"},Hp={type:"number",minimum:0,description:"Optional (added after 0.5). The cost of the session as the agent itself reported it, in US dollars (Claude Code's total_cost_usd); it covers the subagent sessions this one started. Absent when the agent reports none."},Pt=l((n,t)=>({schema:n,default0_5:t}),"added"),$=l(n=>({schema:n}),"f"),Ns={run_started:{run:$(K),task:$(K)},phase_started:{run:$(K),phase:$(j)},phase_finished:{run:$(K),phase:$(j),success:$(Qe),summary:$(j)},agent_started:{run:$(K),role:$(j),subtask:$(Nn),model:Pt(j,()=>"")},agent_delta:{run:$(K),role:$(j),subtask:$(Nn),delta:$(Fp)},agent_text:{run:$(K),role:$(j),text:$(j)},tool_called:{run:$(K),role:$(j),tool:$(j),input:$({}),call:Pt(jc,()=>"000000000000"),subtask:Pt(Nn,()=>null)},tool_returned:{run:$(K),role:$(j),tool:$(j),is_error:$(Qe),duration_ms:$(tn),preview:$(j),call:Pt(jc,()=>"000000000000"),subtask:Pt(Nn,()=>null),exit_code:Pt(Rc,()=>null),timed_out:Pt(Qe,()=>!1),output_chars:Pt({type:"integer",minimum:0},()=>0),output_file:Pt({type:["string","null"]},()=>null)},agent_finished:{run:$(K),role:$(j),steps:$(tn),usage:$(Pc),stop:$(j),cost_usd:{schema:Hp,optional:!0}},subtask_updated:{run:$(K),subtask:$(K),status:$(j)},subtask_integrated:{run:$(K),subtask:$(K),commit:$(j),conflicts:$({type:"array",items:j})},committed:{run:$(K),subtask:$(Nn),commit:$(j),message:$(j),files:$({type:"array",items:j})},merged:{run:$(K),commit:$(j),branch:$(j),base:$(j)},validation_finished:{run:$(K),command:$(j),integration:$(Qe),passed:$(Qe),exit_code:$(Rc)},budget_updated:{run:$(K),tokens:$(tn),token_limit:$(Lc),active_ms:$(tn),duration_limit_ms:$(Lc)},artefact_written:{run:$(K),artefact:$(Up)},approval_requested:{run:$(K),gate:$(Dc)},approval_resolved:{run:$(K),gate:$(Dc),approved:$(Qe),comment:$({type:["string","null"]})},retrying:{run:$(K),what:$(j),attempt:$(tn),delay_ms:$(tn)},paused:{run:$(K),reason:$(j)},run_finished:{run:$(K),success:$(Qe),status:$(j),usage:Pt(Pc,()=>({input_tokens:0,output_tokens:0,cache_read_tokens:0,cache_write_tokens:0})),active_ms:Pt(tn,()=>0),started_at:Pt(Bp,()=>"1970-01-01T00:00:00Z")},log:{run:{schema:Nn,optional:!0},level:$(j),message:$(j)}},Cn=new Map(Object.entries(Ns).map(([n,t])=>[n,Object.entries(t).filter(([,e])=>e.default0_5!==void 0).map(([e,s])=>[e,s.default0_5])]))}));function ie(n,t){let{schema:e,seq:s,at:r,event:i,...o}=n,a={task:t.id,number:t.number,schema:e};s!==void 0&&(a.seq=s),a.at=r,a.event=i;for(let[c,u]of Object.entries(o))c!=="task"&&c!=="number"&&(a[c]=u);return a}var fe=_((function(){l(ie,"tag")}));function V(n){if(n===Rn)return{ok:!1,reason:"line is longer than the reader's limit"};if(n===Cs)return{ok:!1,reason:"not valid UTF-8"};let t;try{t=JSON.parse(n)}catch(e){return{ok:!1,reason:`not JSON (${e.message.slice(0,120)})`}}return Io(t)}function Io(n){if(n===null||typeof n!="object"||Array.isArray(n))return{ok:!1,reason:"not a JSON object"};let t=n,e=t.event;if(e===null||typeof e!="object"||Array.isArray(e))return{ok:!1,reason:"no event object"};let s=e.type;if(typeof s!="string"||s==="")return{ok:!1,reason:"no event.type"};let r=t.schema;if(r===void 0)r=1;else if(!Number.isSafeInteger(r)||r<1)return{ok:!1,reason:"schema is not a positive integer"};let i=t.seq;if(i!==void 0&&(!Number.isSafeInteger(i)||i<0))return{ok:!1,reason:"seq is not a non-negative integer"};let o=t.at===void 0?"1970-01-01T00:00:00Z":t.at;if(typeof o!="string")return{ok:!1,reason:"at is not a string"};let a=!1;if(r<=2){let u=Cn.get(s);if(u){let h=e;for(let[f,d]of u)h[f]===void 0&&(h[f]=d(),a=!0)}}let c={schema:r};i!==void 0&&(c.seq=i),c.at=o,c.event=e;for(let u in t)u!=="schema"&&u!=="seq"&&u!=="at"&&u!=="event"&&(c[u]=t[u]);return{ok:!0,env:c,upgraded:a}}var Rn,Cs,Ot=_((function(){Ln();fe();Rn="\0",Cs="\0";l(V,"decodeLine");l(Io,"decodeValue")}));function pt(n){try{return qc.decode(n)}catch{return Cs}}function Wp(n,t,e){let s=t,r=n.byteOffset;for(;s<e&&(r+s&3)!==0;){if(n[s]>=128)return s;s++}if(s>=e)return e;let i=new Uint32Array(n.buffer,r+s,e-s>>2),o=0;for(;o<i.length&&(i[o]&2155905152)===0;)o++;for(s+=o<<2;s<e;){if(n[s]>=128)return s;s++}return e}function zp(n){let t=[],e=n.length,s=0;for(;;){let r=Wp(n,s,e);if(r===e)break;let i=n.lastIndexOf(Ls,r)+1,o=n.indexOf(Ls,r);if(o<0&&(o=e),i>s&&Ic(n.subarray(s,i-1),t),t.push(pt(n.subarray(i,o))),o===e)return t;s=o+1}return Ic(n.subarray(s,e),t),t}function Ic(n,t){let e=qc.decode(n).split(`
`);for(let s=0;s<e.length;s++)t.push(e[s])}function Jp(n,t){if(n.length===1)return n[0];let e=new Uint8Array(t),s=0;for(let r of n)e.set(r,s),s+=r.length;return e}function Kp(n){return new TextEncoder().encode(n).length}var Ls,qc,nt,Yt=_((function(){Ot();Ls=10,qc=new TextDecoder("utf-8",{fatal:!0});l(pt,"lineText");l(Wp,"nonAsciiAt");l(zp,"splitLines");l(Ic,"pushAscii");nt=class{static{l(this,"LineSplitter")}#t=[];#e=0;#n=!1;#s;#r;constructor(t={}){this.#s=t.offset??0,this.#r=t.lineBytesMax??64*1024*1024}get offset(){return this.#s}get pendingBytes(){return this.#e}push(t){let e=[],s=0,r=t.indexOf(Ls);if(r>=0&&(this.#e>0||this.#n)&&(this.#n||this.#e+r>this.#r?e.push(Rn):(this.#t.push(t.subarray(0,r)),e.push(pt(Jp(this.#t,this.#e+r)))),this.#s+=this.#e+r+1,this.#t=[],this.#e=0,this.#n=!1,s=r+1,r=t.indexOf(Ls,s)),r>=0){let i=t.lastIndexOf(Ls),o=zp(t.subarray(s,i)),a=this.#r;if(i-s<=a)for(let c of o)e.push(c);else for(let c of o)e.push(c.length*3>a&&Kp(c)>a?Rn:c);this.#s+=i+1-s,s=i+1}if(s<t.length){let i=t.length-s;this.#n||this.#e+i>this.#r?(this.#n=!0,this.#e+=i,this.#t=[]):(this.#t.push(t.slice(s)),this.#e+=i)}return{lines:e,end:this.#s}}};l(Jp,"concat");l(Kp,"byteLength")}));function Fc(n,t=null){return`it is ${Vp[n]}${t!==null?` (${t})`:""}, not a regular file`}function qo(n){return n.isFile?null:n.isDirectory?"directory":n.isFifo?"fifo":n.isSocket?"socket":n.isCharDevice||n.isBlockDevice?"device":n.isSymlink?"dangling-symlink":"other"}function Yp(n,t){if(t.root!==void 0)return t.root;let e=n.split("/");return e.length>=4?e.slice(0,-3).join("/")||"/":"."}function Xp(n,t){return n===t||n.startsWith(t.endsWith("/")?t:t+"/")}function Fr(n){return n instanceof Deno.errors.NotFound}function Xt(n,t={}){return new Promise(e=>e(en(n,t)))}function en(n,t={}){let e;try{e=Deno.lstatSync(n)}catch(a){if(Fr(a))return null;throw a}if(!e.isSymlink){let a=qo(e);if(a!==null)throw new C(n,a);return e}let s;try{s=Deno.realPathSync(n)}catch(a){if(!Fr(a))throw a;let c=null;try{c=Deno.readLinkSync(n)}catch{}throw new C(n,"dangling-symlink",c)}let r;try{r=Deno.realPathSync(Yp(n,t))}catch{throw new C(n,"symlink-out",s)}if(!Xp(s,r))throw new C(n,"symlink-out",s);let i=Deno.statSync(s),o=qo(i);if(o!==null)throw new C(n,o,s);return i}function Uc(n,t){let e=qo(t);if(e!==null)throw new C(n,e)}function $e(){Bc=!0}async function st(n,t={}){if(Bc)return Se(n,t);if(await Xt(n,t)===null)return null;let e;try{e=await Deno.open(n,{read:!0})}catch(s){if(Fr(s))return null;throw s}try{Uc(n,e.statSync())}catch(s){throw e.close(),s}return e}function Se(n,t={}){if(en(n,t)===null)return null;let e;try{e=Deno.openSync(n,{read:!0})}catch(s){if(Fr(s))return null;throw s}try{Uc(n,e.statSync())}catch(s){throw e.close(),s}return e}async function oe(n,t,e){let s=new Uint8Array(e),r=e<=Gp;r?n.seekSync(t,Deno.SeekMode.Start):await n.seek(t,Deno.SeekMode.Start);let i=0;for(;i<e;){let o=r?n.readSync(s.subarray(i)):await n.read(s.subarray(i));if(o===null||o===0)break;i+=o}return i===e?s:s.subarray(0,i)}async function jn(n,t){let e=t;for(let s=4096;e>0;s=s<65536?s*4:1024*1024){let r=Math.max(0,e-s),o=(await oe(n,r,e-r)).lastIndexOf(10);if(o>=0)return r+o;e=r}return-1}function Ur(n,t){let e=new Uint8Array(Math.min(4096,t)),s=t;for(;s>0;){let r=Math.max(0,s-e.length);n.seekSync(r,Deno.SeekMode.Start);let i=0;for(;i<s-r;){let a=n.readSync(e.subarray(i,s-r));if(a===null||a===0)break;i+=a}let o=e.subarray(0,i).lastIndexOf(10);if(o>=0)return r+o;s=r,e.length<65536&&(e=new Uint8Array(Math.min(65536,e.length*4)))}return-1}async function Br(n,t={}){let e=await st(n,t);if(e===null)return null;try{let s=e.statSync().size,r=new Uint8Array(s),i=0;for(;i<s;){let o=await e.read(r.subarray(i));if(o===null||o===0)break;i+=o}return i===s?r:r.subarray(0,i)}finally{e.close()}}function Te(n,t={}){let e=Se(n,t);if(e===null)return null;try{let s=e.statSync().size,r=new Uint8Array(s),i=0;for(;i<s;){let o=e.readSync(r.subarray(i));if(o===null||o===0)break;i+=o}return i===s?r:r.subarray(0,i)}finally{e.close()}}var Vp,C,Bc,Gp,X=_((function(){A();Vp={fifo:"a FIFO (named pipe)",socket:"a socket",device:"a device",directory:"a directory","symlink-out":"a symbolic link leading out of the state directory","dangling-symlink":"a symbolic link to nothing",other:"not a regular file"};l(Fc,"whatOf");C=class extends y{static{l(this,"BadLogFile")}name="BadLogFile";path;kind;target;get what(){return Fc(this.kind,this.target)}constructor(t,e,s=null){super("bad-log-file",`Cannot read ${t}: ${Fc(e,s)}`,{details:{path:t,kind:e,...s!==null?{target:s}:{}}}),this.path=t,this.kind=e,this.target=s}};l(qo,"kindOf");l(Yp,"rootOf");l(Xp,"inside");l(Fr,"isNotFound");l(Xt,"checkLogFile");l(en,"checkLogFileSync");l(Uc,"verifyOpen");Bc=!1;l($e,"openLogsSynchronously");l(st,"openLogFile");l(Se,"openLogFileSync");Gp=64*1024;l(oe,"readAt");l(jn,"lastNewlineBefore");l(Ur,"lastNewlineBeforeSync");l(Br,"readRegularFile");l(Te,"readRegularFileSync")}));async function nn(n){return(await Xt(n))?.size??0}function Fo(n){return st(n)}async function*bt(n,t={}){let e=await Fo(n);if(e)try{let s=t.from??0,r=t.to??e.statSync().size;s>0&&await e.seek(s,Deno.SeekMode.Start);let i=new nt({offset:s,lineBytesMax:t.lineBytesMax}),o=new Uint8Array(t.chunkBytes??64*1024),a=s,c=s===0?0:-1,u=t.prefilter;for(;a<r;){t.signal?.throwIfAborted();let h=Math.min(o.length,r-a),f=await e.read(h===o.length?o:o.subarray(0,h));if(f===null||f===0)break;let d=i.offset;a+=f;let{lines:p,end:m}=i.push(o.subarray(0,f)),w=[];for(let g of p){if(c>=0&&c++,g===""||u&&!u(g))continue;let b=V(g);b.ok?w.push({env:b.env,upgraded:b.upgraded,text:g,line:Math.max(c,0)}):g.trim()!==""&&t.onProblem?.({path:n,line:Math.max(c,0),offset:d,reason:b.reason})}p.length>0&&(yield{records:w,end:m})}}finally{e.close()}}async function Ee(n,t,e,s={}){let r=await Fo(n);if(r)try{let i=s.to??r.statSync().size,o=s.chunkBytes??1024*1024,a=s.lineBytesMax??64*1024*1024,c=new TextEncoder().encode(t),u=await oe(r,Math.max(0,i-1),1);for(i>0&&u[0]!==10&&(i=await jn(r,i)+1);i>0;){let h=Math.max(0,i-o),f=await oe(r,h,i-h),d=0;if(h>0){let m=f.indexOf(10);if(m<0||m===f.length-1){o>=a?i=h:o*=2;continue}d=m+1}if(!Zp.decode(f.subarray(d)).includes(t)){if(i=h+d,h===0)break;continue}let p=Hc(f,c,f.length-c.length);for(;p>=d;){let m=f.lastIndexOf(10,p)+1,w=f.indexOf(10,p);w<0&&(w=f.length);let g=pt(f.subarray(m,w));if(e(g,h+m,h+w+1))return;if(m===0)break;p=Hc(f,c,m-1)}if(i=h+d,h===0)break}}finally{r.close()}}function Hc(n,t,e){let s=t[0];for(let r=n.lastIndexOf(s,e);r>=0;r=r>0?n.lastIndexOf(s,r-1):-1){if(r+t.length>n.length)continue;let i=1;for(;i<t.length&&n[r+i]===t[i];)i++;if(i===t.length)return r}return-1}async function It(n,t={}){let e=null;return await Ee(n,'"run_started"',(s,r)=>{let i=V(s);if(i.ok&&i.env.event.type==="run_started"){let o=P(i.env.event);if(o)return e={run:o,offset:r},!0}return!1},t),e}async function Dn(n,t={}){let e=null,s=t.run;return await Ee(n,s??'"run"',(r,i,o)=>{let a=V(r);if(!a.ok||a.env.schema<2||typeof a.env.seq!="number")return!1;let c=P(a.env.event);return c===null||s!==void 0&&c!==s?!1:(e={run:c,seq:a.env.seq,type:a.env.event.type,start:i,end:o},!0)},{to:t.to,chunkBytes:64*1024}),e}async function Hr(n,t,e){let s=null;return await Ee(n,t,r=>{let i=V(r);if(!i.ok||P(i.env.event)!==t)return!1;let o=i.env.event.type;return Cc.has(o)||!qr(o)?!1:(s=i.env,!0)},{to:e,chunkBytes:64*1024}),s}async function Wc(n,t={}){let e=[],s=new Set;for await(let r of bt(n,{...t,prefilter:l(i=>i.includes('"run_started"'),"prefilter")}))for(let i of r.records){let o=i.env.event.type==="run_started"?P(i.env.event):null;o&&!s.has(o)&&(s.add(o),e.push(o))}return e}async function Wr(n,t,e,s={}){let r=s.to??await nn(n),i=s.last??await Dn(n,{to:r,run:t});if(i===null)return r;if(i.seq<=e)return i.end;let o=await Fo(n);if(!o)return 0;try{let a=0,c=i.start,u=s.windowBytes??256*1024;for(;c-a>u;){let h=a+Math.floor((c-a)/2),f=await Qp(o,h,c);f===null?c=h:f.run!==t?a=f.end:f.seq>e?c=f.start:a=f.end}return a}finally{o.close()}}async function Qp(n,t,e){let s=t,r=!0,i=16*1024,o=new Uint8Array(0),a=s;for(;s<e;){let c=await oe(n,s,Math.min(i,e-s));if(c.length===0)return null;let u=o.length?tm(o,c):c,h=o.length?a:s,f=0;if(r){if((t===0?10:(await oe(n,t-1,1))[0])!==10){let p=u.indexOf(10);if(p<0){o=new Uint8Array(0),s+=c.length,i=Math.min(i*2,16*1024*1024);continue}f=p+1}r=!1}for(;f<u.length;){let d=u.indexOf(10,f);if(d<0||h+f>=e)break;let p=pt(u.subarray(f,d));if(p.includes('"seq"')){let m=V(p),w=m.ok?P(m.env.event):null;if(m.ok&&m.env.schema>=2&&typeof m.env.seq=="number"&&w!==null)return{start:h+f,end:h+d+1,seq:m.env.seq,run:w}}f=d+1}o=u.slice(f),a=h+f,s+=c.length,i=Math.min(i*2,16*1024*1024)}return null}function tm(n,t){let e=new Uint8Array(n.length+t.length);return e.set(n),e.set(t,n.length),e}var Zp,Ae=_((function(){J();Ot();Yt();X();l(nn,"fileSize");l(Fo,"openOrNull");l(bt,"readLog");l(Ee,"scanBackward");Zp=new TextDecoder;l(Hc,"lastIndexOfBytes");l(It,"findCurrentRun");l(Dn,"lastRunLine");l(Hr,"lastSegmentLine");l(Wc,"listRuns");l(Wr,"seekAfterSeq");l(Qp,"probeForward");l(tm,"concat2")}));async function de(n,t){let e=`${n}.${crypto.randomUUID().slice(0,8)}.tmp`;try{await Deno.writeTextFile(e,t),await Deno.rename(e,n)}catch(s){throw await Deno.remove(e).catch(()=>{}),s}}function Pn(n,t){let e=`${n}.${crypto.randomUUID().slice(0,8)}.tmp`;try{typeof t=="string"?Deno.writeTextFileSync(e,t):Deno.writeFileSync(e,t),Deno.renameSync(e,n)}catch(s){try{Deno.removeSync(e)}catch{}throw s}}async function Me(n){return await pe(Deno.stat(n))!==null}async function pe(n){try{return await n}catch(t){if(t instanceof Deno.errors.NotFound)return null;throw t}}async function Oe(n,t){try{return await n}catch(e){throw e instanceof Deno.errors.NotFound?new y("not-found",t):e}}function me(n){let t=[];try{for(let e of Deno.readDirSync(n))t.push(e)}catch(e){if(!(e instanceof Deno.errors.NotFound))return Promise.reject(e)}return Promise.resolve(t)}function In(n){return new Promise(t=>t(em(n)))}function em(n){try{if(!Deno.statSync(n).isFile)throw new y("bad-state-file",`${n} is not a regular file`);return JSON.parse(Deno.readTextFileSync(n))}catch(t){if(t instanceof Deno.errors.NotFound)return null;throw t}}var zr,ct=_((function(){A();zr=class{static{l(this,"StateDir")}root;constructor(t=".taskline"){this.root=t.replace(/\/+$/,"")||"."}get tasksDir(){return`${this.root}/tasks`}get toolOutputDir(){return`${this.root}/tool-output`}get configPath(){return`${this.root}/config.jsonc`}get memoryPath(){return`${this.root}/memory.jsonl`}get numbersDir(){return`${this.root}/numbers`}get tokenPath(){return`${this.root}/server.token`}get serveLockPath(){return`${this.root}/serve.lock`}get liveSocketPath(){return`${this.root}/live.sock`}get liveChannelPath(){return`${this.root}/live.json`}liveListenerPath(t){return`${this.root}/live-${t}.json`}taskDir(t){return`${this.tasksDir}/${t}`}logPath(t){return`${this.tasksDir}/${t}/events.jsonl`}taskJsonPath(t){return`${this.tasksDir}/${t}/task.json`}runJsonPath(t){return`${this.tasksDir}/${t}/run.json`}lockPath(t){return`${this.tasksDir}/${t}/run.lock`}cancelPath(t){return`${this.tasksDir}/${t}/cancel.request`}traceFile(t,e,s){return`${this.toolOutputDir}/${t}/${e}/${s}.txt`}async exists(){try{return(await Deno.stat(this.root)).isDirectory}catch{return!1}}requireExists(){return new Promise(t=>t(this.#t()))}#t(){let t=!1;try{t=Deno.statSync(this.root).isDirectory}catch(e){if(e instanceof Deno.errors.NotCapable||e instanceof Deno.errors.PermissionDenied)throw new y("io",`Cannot read ${this.root}/ here: the runtime refuses it with taskline's permissions (${e.message.replace(/, run again.*$/,"")})`)}if(!t)throw new y("not-found",`No taskline project here: ${this.root}/ does not exist (run \`taskline init\` in the project root)`)}};l(de,"writeFileAtomic");l(Pn,"writeFileAtomicSync");l(Me,"pathExists");l(pe,"unlessNotFound");l(Oe,"orNotFound");l(me,"dirEntries");l(In,"readJsonFile");l(em,"readJsonFileSync")}));var zc={};W(zc,{openReplay:()=>Rs,resolveRun:()=>Ne});async function Ne(n,t,e){let r=(await Wc(n,{to:e})).filter(i=>i.startsWith(t.toLowerCase()));if(r.length===1)return r[0];throw r.length===0?new y("not-found",`Cannot find run "${t}": the task has no such run`):new y("ambiguous-ref",`Cannot resolve run "${t}": it matches ${r.map(i=>i.slice(0,8)).join(", ")}`)}async function Rs(n,t,e={}){let s=n.logPath(t.dir),r=await nn(s),i=e.after??0,o={to:r,onProblem:e.onProblem,prefilter:e.prefilter,signal:e.signal};if(e.all)return{run:null,path:s,to:r,batches:Uo(bt(s,o),u=>u.env.schema>=2&&u.env.seq!==void 0)};let a=e.run!==void 0?await Ne(s,e.run,r):(await It(s,{to:r}))?.run??null;if(a===null)return{run:a,path:s,to:r,batches:Uo(nm(),()=>!1)};let c=await Wr(s,a,i,{to:r});return{run:a,path:s,to:r,batches:Uo(bt(s,{...o,from:c}),u=>u.env.schema>=2&&typeof u.env.seq=="number"&&u.env.seq>i&&P(u.env.event)===a)}}async function*nm(){}async function*Uo(n,t){for await(let e of n)yield{records:e.records.filter(t),end:e.end}}var sn=_((function(){J();A();Ae();l(Ne,"resolveRun");l(Rs,"openReplay");l(nm,"empty");l(Uo,"filtered")}));var Bo,Jc=_((function(){Bo=new Uint8Array([0,97,115,109,1,0,0,0,1,46,7,96,0,1,127,96,2,127,127,1,127,96,1,127,1,127,96,3,127,127,127,1,127,96,4,127,127,127,127,1,127,96,3,127,127,127,0,96,5,127,127,127,127,127,1,127,3,15,14,0,0,1,1,2,3,1,1,4,5,1,6,1,1,5,3,1,0,48,6,11,2,127,1,65,0,11,127,1,65,0,11,7,59,8,6,109,101,109,111,114,121,2,0,5,107,101,121,115,49,0,0,4,115,97,109,101,0,1,3,101,111,108,0,6,3,115,111,108,0,7,4,102,105,110,100,0,8,4,99,111,112,121,0,9,5,99,104,101,99,107,0,13,10,207,21,14,4,0,35,0,11,4,0,35,1,11,164,1,1,4,127,32,0,69,4,64,65,0,15,11,32,0,45,0,0,65,34,71,4,64,65,0,15,11,32,0,65,1,106,33,2,2,64,3,64,32,2,32,3,106,45,0,0,33,4,32,4,65,34,70,13,1,32,4,65,220,0,70,32,3,65,60,79,114,4,64,65,0,15,11,32,3,65,1,106,33,3,12,0,11,11,2,64,32,1,40,2,0,32,3,71,13,0,3,64,32,5,32,3,79,4,64,65,1,15,11,32,2,32,5,106,45,0,0,32,1,65,4,106,32,5,106,45,0,0,71,13,1,32,5,65,1,106,33,5,12,0,11,11,32,1,32,3,54,2,0,32,1,65,4,106,32,2,32,3,252,10,0,0,65,2,11,205,4,3,2,127,1,123,1,127,2,64,3,64,2,64,3,64,32,0,65,16,106,32,1,77,4,64,32,0,253,0,4,0,33,4,32,4,253,12,34,34,34,34,34,34,34,34,34,34,34,34,34,34,34,34,253,35,32,4,253,12,92,92,92,92,92,92,92,92,92,92,92,92,92,92,92,92,253,35,253,80,32,4,253,12,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,253,38,32,4,253,12,126,126,126,126,126,126,126,126,126,126,126,126,126,126,126,126,253,40,253,80,253,80,253,100,33,5,32,5,69,4,64,32,0,65,16,106,33,0,12,2,11,32,0,32,5,104,106,33,0,12,2,11,32,0,32,1,79,13,3,65,128,192,0,32,0,45,0,0,106,45,0,0,13,1,32,0,65,1,106,33,0,12,0,11,11,32,0,45,0,0,33,2,32,0,65,1,106,33,0,32,2,65,34,70,4,64,32,0,15,11,32,2,65,255,0,79,4,64,32,2,32,0,32,1,16,5,33,0,32,0,65,0,72,13,2,12,1,11,32,2,65,220,0,71,13,1,2,64,2,64,32,0,32,1,79,13,3,32,0,45,0,0,33,2,32,0,65,1,106,33,0,32,2,65,245,0,70,4,64,32,0,65,4,106,32,1,75,13,4,32,0,45,0,0,65,228,0,70,4,64,32,0,65,1,106,45,0,0,33,2,32,2,65,56,79,32,2,65,57,77,113,32,2,65,225,0,79,32,2,65,230,0,77,113,114,69,13,5,32,0,65,2,106,45,0,0,16,4,69,13,5,32,0,65,3,106,45,0,0,16,4,69,13,5,32,2,65,226,0,77,4,64,32,0,65,8,106,32,1,77,4,64,32,0,65,4,106,40,2,0,65,255,255,255,7,113,65,220,234,145,3,70,32,0,65,7,106,45,0,0,65,227,0,79,32,0,65,7,106,45,0,0,65,230,0,77,113,113,13,7,11,11,32,0,65,4,106,33,0,12,4,11,32,0,47,1,0,65,176,224,0,71,13,4,32,0,65,2,106,45,0,0,33,2,32,0,65,3,106,45,0,0,33,3,32,2,65,48,70,4,64,32,3,65,48,79,32,3,65,55,77,113,32,3,65,226,0,70,32,3,65,229,0,70,32,3,65,230,0,70,114,114,114,69,13,5,5,32,2,65,49,71,13,5,32,3,65,48,79,32,3,65,57,77,113,32,3,65,225,0,79,32,3,65,230,0,77,113,114,69,13,5,11,32,0,65,4,106,33,0,5,65,128,194,0,32,2,106,45,0,0,69,13,4,11,11,11,12,0,11,11,65,127,11,20,0,32,0,65,48,107,65,9,77,32,0,65,225,0,107,65,5,77,114,11,224,1,1,4,127,32,0,65,255,0,70,4,64,32,1,15,11,65,128,1,33,3,65,191,1,33,4,2,64,32,0,65,194,1,73,13,0,32,0,65,224,1,73,4,64,65,1,33,5,5,32,0,65,240,1,73,4,64,65,2,33,5,32,0,65,224,1,70,4,64,65,160,1,33,3,11,32,0,65,237,1,70,4,64,65,159,1,33,4,11,5,32,0,65,244,1,75,13,2,65,3,33,5,32,0,65,240,1,70,4,64,65,144,1,33,3,11,32,0,65,244,1,70,4,64,65,143,1,33,4,11,11,11,32,1,32,5,106,32,2,75,13,0,32,1,45,0,0,33,6,32,6,32,3,73,32,6,32,4,75,114,13,0,32,1,65,1,106,33,1,32,5,65,1,107,33,5,2,64,3,64,32,5,69,13,1,32,1,45,0,0,65,192,1,113,65,128,1,71,13,2,32,1,65,1,106,33,1,32,5,65,1,107,33,5,12,0,11,11,32,1,15,11,65,127,11,109,1,1,127,2,64,3,64,32,0,65,16,106,32,1,75,13,1,32,0,253,0,4,0,253,12,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,253,35,253,100,33,2,32,2,4,64,32,0,32,2,104,106,15,11,32,0,65,16,106,33,0,12,0,11,11,2,64,3,64,32,0,32,1,79,13,1,32,0,45,0,0,65,10,70,4,64,32,0,15,11,32,0,65,1,106,33,0,12,0,11,11,65,127,11,118,1,1,127,2,64,3,64,32,1,32,0,107,65,16,73,13,1,32,1,65,16,107,253,0,4,0,253,12,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,253,35,253,100,33,2,32,2,4,64,32,1,65,16,106,32,2,103,107,15,11,32,1,65,16,107,33,1,12,0,11,11,2,64,3,64,32,1,32,0,77,13,1,32,1,65,1,107,45,0,0,65,10,70,4,64,32,1,15,11,32,1,65,1,107,33,1,12,0,11,11,32,0,11,134,2,3,1,127,2,123,4,127,32,2,65,1,106,45,0,0,253,15,33,5,32,2,32,3,65,2,107,106,45,0,0,253,15,33,6,32,3,65,3,107,33,7,32,1,32,3,107,33,10,2,64,3,64,32,0,65,15,106,32,10,74,13,1,32,0,65,1,106,253,0,4,0,32,5,253,35,32,0,65,1,106,32,7,106,253,0,4,0,32,6,253,35,253,78,253,100,33,4,2,64,3,64,32,4,69,13,1,32,0,32,4,104,106,33,8,65,0,33,9,2,64,3,64,32,9,32,3,79,4,64,32,8,15,11,32,8,32,9,106,45,0,0,32,2,32,9,106,45,0,0,71,13,1,32,9,65,1,106,33,9,12,0,11,11,32,4,32,4,65,1,107,113,33,4,12,0,11,11,32,0,65,16,106,33,0,12,0,11,11,2,64,3,64,32,0,32,10,74,13,1,65,0,33,9,2,64,3,64,32,9,32,3,79,4,64,32,0,15,11,32,0,32,9,106,45,0,0,32,2,32,9,106,45,0,0,71,13,1,32,9,65,1,106,33,9,12,0,11,11,32,0,65,1,106,33,0,12,0,11,11,65,127,11,12,0,32,0,32,1,32,2,252,10,0,0,11,152,1,1,3,127,2,64,32,0,45,0,0,65,45,70,4,64,65,1,33,4,32,0,65,1,106,33,0,11,32,0,33,3,2,64,3,64,32,0,32,1,79,13,1,32,0,45,0,0,33,2,32,2,65,48,107,65,9,75,13,1,32,0,65,1,106,33,0,12,0,11,11,32,0,32,3,107,33,2,32,2,69,32,2,65,15,75,114,13,0,32,3,45,0,0,65,48,70,4,64,32,2,65,1,75,32,4,114,13,1,11,32,0,32,1,73,4,64,32,0,45,0,0,33,2,32,2,65,46,70,32,2,65,229,0,70,32,2,65,197,0,70,114,114,13,1,11,32,0,15,11,65,127,11,113,1,2,127,2,64,3,64,32,1,32,2,79,13,1,32,0,32,1,65,3,116,106,40,2,0,33,5,32,4,32,0,65,4,106,32,1,65,3,116,106,40,2,0,32,5,107,70,4,64,65,0,33,6,2,64,3,64,32,6,32,4,79,4,64,65,1,15,11,32,5,32,6,106,45,0,0,32,3,32,6,106,45,0,0,71,13,1,32,6,65,1,106,33,6,12,0,11,11,11,32,1,65,1,106,33,1,12,0,11,11,65,0,11,143,1,1,1,127,32,0,45,0,0,33,2,32,2,65,244,0,70,4,64,32,0,65,4,106,65,127,32,0,65,4,106,32,1,77,32,0,40,2,0,65,244,228,213,171,6,70,113,27,15,11,32,2,65,238,0,70,4,64,32,0,65,4,106,65,127,32,0,65,4,106,32,1,77,32,0,40,2,0,65,238,234,177,227,6,70,113,27,15,11,32,2,65,230,0,70,4,64,32,0,65,5,106,65,127,32,0,65,5,106,32,1,77,32,0,40,2,0,65,230,194,177,155,7,70,32,0,65,4,106,45,0,0,65,229,0,70,113,113,27,15,11,65,127,11,191,6,1,8,127,32,0,33,2,65,0,36,0,65,0,66,0,55,3,0,2,64,3,64,32,6,69,4,64,32,2,32,1,79,13,2,32,2,45,0,0,33,3,65,1,33,6,32,3,65,34,70,4,64,32,2,65,1,106,32,1,16,3,33,2,5,32,3,65,251,0,70,32,3,65,219,0,70,114,4,64,32,4,65,250,1,79,13,4,65,128,32,32,4,106,32,3,58,0,0,32,4,65,1,106,33,4,65,128,35,32,4,65,2,116,106,32,9,54,2,0,32,4,65,2,70,4,64,32,5,33,8,11,32,2,65,1,106,33,2,32,2,32,1,79,13,4,32,2,45,0,0,32,3,65,2,106,70,4,64,32,4,65,1,107,33,4,32,2,65,1,106,33,2,5,65,2,65,0,32,3,65,251,0,70,27,33,6,11,5,32,3,65,45,70,32,3,65,48,107,65,9,77,114,4,64,32,2,32,1,16,10,33,2,5,32,2,32,1,16,12,33,2,11,11,11,32,2,65,0,72,13,2,12,1,11,32,6,65,2,70,4,64,32,2,32,1,79,13,2,32,2,45,0,0,65,34,71,13,2,32,2,65,1,106,33,7,32,7,32,1,16,3,33,2,32,2,65,0,72,13,2,32,4,65,1,70,4,64,35,0,65,192,0,79,13,3,65,128,16,65,0,35,0,32,7,32,2,65,1,107,32,7,107,16,11,13,3,65,128,16,35,0,65,3,116,106,32,7,54,2,0,65,132,16,35,0,65,3,116,106,32,2,65,1,107,54,2,0,35,0,65,1,106,36,0,11,32,4,65,2,70,4,64,65,8,32,8,32,5,32,7,32,2,65,1,107,32,7,107,16,11,13,3,32,5,65,192,0,79,13,3,65,8,32,5,65,3,116,106,32,7,54,2,0,65,12,32,5,65,3,116,106,32,2,65,1,107,54,2,0,32,5,65,1,106,33,5,32,2,32,7,107,65,5,70,32,7,40,2,0,65,244,242,193,171,6,70,113,4,64,65,0,32,2,65,1,106,54,2,0,11,32,2,32,7,107,65,4,70,32,7,47,1,0,65,242,234,1,70,32,7,65,2,106,45,0,0,65,238,0,70,113,113,4,64,65,4,32,2,65,1,106,54,2,0,11,11,32,4,65,3,79,4,64,65,128,35,32,4,65,2,116,106,40,2,0,33,3,32,9,32,3,107,65,192,0,79,13,3,32,9,65,192,7,79,13,3,65,128,196,0,32,3,32,9,32,7,32,2,65,1,107,32,7,107,16,11,13,3,65,128,196,0,32,9,65,3,116,106,32,7,54,2,0,65,132,196,0,32,9,65,3,116,106,32,2,65,1,107,54,2,0,32,9,65,1,106,33,9,11,32,7,45,0,0,65,48,107,65,9,77,4,64,32,7,33,3,2,64,3,64,32,3,65,1,106,32,2,79,13,5,32,3,45,0,0,65,48,107,65,9,75,13,1,32,3,65,1,106,33,3,12,0,11,11,11,32,2,32,1,79,13,2,32,2,45,0,0,65,58,71,13,2,32,2,65,1,106,33,2,65,0,33,6,12,1,11,32,4,69,4,64,32,2,32,1,71,13,2,65,0,40,2,0,65,128,34,16,2,65,4,40,2,0,65,192,34,16,2,65,2,116,114,36,1,32,5,15,11,32,2,32,1,79,13,1,32,2,45,0,0,33,3,65,255,31,32,4,106,45,0,0,33,7,32,2,65,1,106,33,2,32,3,65,44,70,4,64,65,2,65,0,32,7,65,251,0,70,27,33,6,12,1,11,32,3,32,7,65,2,106,71,13,1,65,128,35,32,4,65,2,116,106,40,2,0,33,9,32,4,65,1,107,33,4,12,0,11,11,65,127,11,11,145,4,2,0,65,128,192,0,11,128,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,65,128,194,0,11,128,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,1,0,0,0,0,0,0,0,1,0,0,0,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0])}));var Wo,Ho,Nt,js=_((function(){Jc();Wo=null;WebAssembly.compile(Bo).then(n=>Wo??=n,()=>{});Ho=16*1024,Nt=class{static{l(this,"JsonChecker")}room;memory;typeText="";runText="";#t;#e;#n;#s;eol;sol;find;copy;#r;constructor(){Wo??=new WebAssembly.Module(Bo);let t=new WebAssembly.Instance(Wo).exports;this.#s=t.memory,this.memory=new Uint8Array(this.#s.buffer),this.room=new Uint8Array(this.#s.buffer,Ho),this.#t=t.check,this.#e=t.keys1,this.#n=t.same,this.eol=t.eol,this.sol=t.sol,this.find=t.find,this.copy=t.copy,this.#r=new Int32Array(t.memory.buffer,0,1024)}static ROOM_AT=Ho;grow(t){let e=this.#s.buffer.byteLength;t<=e||(this.#s.grow(Math.ceil((t-e)/65536)),this.memory=new Uint8Array(this.#s.buffer),this.room=new Uint8Array(this.#s.buffer,Ho),this.#r=new Int32Array(this.#s.buffer,0,1024))}check(t,e){return this.#t(t,e)}get outerKeys(){return this.#e()}get same(){return this.#n()}get typeValueAt(){return this.#r[0]}get runValueAt(){return this.#r[1]}keyStart(t){return this.#r[2+2*t]}keyEnd(t){return this.#r[3+2*t]}}}));function Fn(n){return new TextEncoder().encode(n)}function zo(n,t,e){if(e===void 0){let r=n.events,i=r.get(t);return i===void 0&&(i=t===null?{type:n.text}:{type:n.text,run:t},Object.freeze(i),r.size<Zc&&r.set(t,i)),i}let s={type:n.text};return t!==null&&(s.run=t),s.success=e,s}function an(n,t,e){let s="";for(let r=t;r<e;r++){if(n[r]>=128)return Gc.decode(n.subarray(t,e));s+=String.fromCharCode(n[r])}return s}function am(n,t){let e=l((h,f)=>{let d=0;for(let p=h;p<h+f;p++){let m=n[t+p]-48;if(m<0||m>9)return-1;d=d*10+m}return d},"n");if(n[t+4]!==45||n[t+7]!==45||n[t+10]!==84||n[t+13]!==58||n[t+16]!==58)return null;let s=e(0,4),r=e(5,2),i=e(8,2),o=e(11,2),a=e(14,2),c=e(17,2);if(s<0||r<0||i<0||o<0||a<0||c<0)return null;if(r<1||r>12||i<1||i>31||o>23||a>59||c>60)return NaN;let u=Date.UTC(s,r-1,i,o,a,c);return!Number.isFinite(u)||new Date(Date.UTC(s,r-1,i)).getUTCDate()!==i?NaN:u/1e3}function Ds(n,t,e){for(let s=0;s<e.length;s++)if(n[t+s]!==e[s])return!1;return!0}function Jr(n,t){let e=t;for(let s=n[e];s!==34;s=n[++e])if(s===92)return-1;return e}function Xc(n,t,e,s){for(let r=0;r<e;r++){let i=n.keyStart(r);if(n.keyEnd(r)-i===s.length&&Ds(t,i,s))return n.keyEnd(r)+2}return-1}var Gc,Kc,Vc,Yc,sm,rm,im,Zc,rn,qn,om,on,Kr=_((function(){Ln();js();Gc=new TextDecoder("utf-8",{fatal:!0}),Kc=Fn('{"schema":'),Vc=Fn(',"seq":'),Yc=Fn(',"at":"'),sm=Fn(',"event":{');l(Fn,"bytesOf");rm=[1e9,1e8,1e7,1e6,1e5,1e4,1e3,100,10,1],im=new Map([...Cn].map(([n,t])=>[n,t.map(([e])=>Fn(e))])),Zc=4096,rn=class{static{l(this,"InternTable")}#t=new Map;#e=0;get(t,e,s){let r=s-e,i=2166136261^r;for(let u=e;u<s;u++)i=Math.imul(i^t[u],16777619);let o=this.#t.get(i);if(o!==void 0)t:for(let u of o){let h=u.bytes;if(h.length===r){for(let f=0;f<r;f++)if(h[f]!==t[e+f])continue t;return u}}let a=Gc.decode(t.subarray(e,s)),c={bytes:t.slice(e,s),text:a,added:im.get(a)??[],events:new Map};return this.#e>=Zc&&(this.#t.clear(),this.#e=0,o=void 0),o===void 0&&this.#t.set(i,o=[]),o.push(c),this.#e++,c}},qn=class{static{l(this,"LightLines")}checker=new Nt;schema=0;seq=0;atStart=0;atEnd=0;type="";#t=null;run=null;success=void 0;sec=0;nanos=0;#e=new on;#n=new rn;#s=new rn;#r=0;#i=null;#o=null;#a(t){let e=this.#r=t.same,s=t.memory;if((e&3)===2){let r=t.typeValueAt;this.#i=this.#n.get(s,r+1,Jr(s,r+1))}if(e>>2===2){let r=t.runValueAt;this.#o=this.#s.get(s,r+1,Jr(s,r+1)).text}}read(t,e){let s=this.checker,r=s.check(t,e);if(r<0||(this.#a(s),s.outerKeys!==4))return!1;let i=s.memory;if(!Ds(i,t,Kc))return!1;let o=t+Kc.length,a=0,c=o;for(let x=i[o];x>=48&&x<=57;x=i[++o])a=a*10+x-48;if(o===c||a<1||!Ds(i,o,Vc))return!1;o+=Vc.length;let u=o,h=0;for(let x=i[o];x>=48&&x<=57;x=i[++o])h=h*10+x-48;if(o===u||!Ds(i,o,Yc))return!1;o+=Yc.length;let f=o;for(;i[o]!==34;){if(i[o]===92)return!1;o++}if(!Ds(i,o+1,sm))return!1;let d=s.typeValueAt;if(d===0||i[d]!==34)return!1;let p=this.#r,m;if((p&3)===1&&this.#i!==null)m=this.#i;else{let x=Jr(i,d+1);if(x<0||x===d+1)return!1;m=this.#n.get(i,d+1,x)}if(m.text==="")return!1;let w=null,g=s.runValueAt;if(g!==0&&i[g]===34)if(p>>2===1&&this.#o!==null)w=this.#o;else{let x=Jr(i,g+1);if(x<0)return!1;w=this.#s.get(i,g+1,x).text}let b,v=Xc(s,i,r,om);if(v>=0&&i[v]===116?b=!0:v>=0&&i[v]===102&&(b=!1),a<=2){for(let x of m.added)if(Xc(s,i,r,x)<0)return!1}return this.schema=a,this.seq=h,this.atStart=f,this.atEnd=o,this.type=m.text,this.#t=m,this.run=w,this.success=b,!0}time(){let t=this.#e,e=t.read(this.checker.memory,this.atStart,this.atEnd);return e===!0&&(this.sec=t.sec,this.nanos=t.nanos),e}at(){return an(this.checker.memory,this.atStart,this.atEnd)}event(){return zo(this.#t,this.run,this.success)}};l(zo,"lightEventOf");l(an,"textOf");om=Fn("success"),on=class{static{l(this,"TimeReader")}sec=0;nanos=0;#t=new Uint8Array(19);#e=NaN;read(t,e,s){let r=s-e;if(r<20||t[s-1]!==90)return null;let i=0,o=0;if(r>20){if(t[e+19]!==46||r>30)return null;for(let u=e+20;u<s-1;u++){let h=t[u]-48;if(h<0||h>9)return null;i=i*10+h,o++}if(o===0)return null}let a=this.#t,c=this.#e===this.#e;for(let u=0;c&&u<19;u++)c=a[u]===t[e+u];if(!c){let u=am(t,e);if(u===null)return null;if(Number.isNaN(u))return!1;a.set(t.subarray(e,e+19)),this.#e=u}return this.sec=this.#e,this.nanos=o===0?0:i*rm[o],!0}};l(am,"secondsOf");l(Ds,"startsWith");l(Jr,"stringEnd");l(Xc,"valueAt")}));function Ps(n,t,e){for(let s=0;s<e.length;s++)n[t+s]=e[s];return t+e.length}function Is(n,t,e,s){if(s-e>64)return n.copyWithin(t,e,s),t+s-e;for(let r=e;r<s;r++)n[t++]=n[r];return t}function Jo(n,t,e){for(let s=t+1;s<e-1;s++)if(n[s]===92)return!1;return!0}function Qc(n,t,e){if(e-t>16)return-1;let s=0;for(let r=t;r<e;r++){let i=n[r]-48;if(i<0||i>9)return-1;s=s*10+i}return e>t&&s<=Number.MAX_SAFE_INTEGER?s:-1}function $m(n,t){let e=k.eventKeys;for(let s=0;s<2*k.eventKeyCount;s+=2)if(e[s+1]-e[s]===t.length&&Gt(n,e[s],t))return!0;return!1}function Gt(n,t,e){for(let s=0;s<e.length;s++)if(n[t+s]!==e[s])return!1;return!0}function mt(){let n=k.m,t=k.e,e=k.i;for(;e<t;e++){let s=n[e];if(s!==32&&s!==9&&s!==13&&s!==10)break}k.i=e}function Sm(){k.schemaS=k.seqS=k.atS=k.eventS=k.typeS=k.runS=k.successS=-1,k.eventKeyCount=0,k.others=0,mt();let n=k.m,t=k.w;if(k.i>=k.e||n[k.i]!==123||(k.i++,mt(),k.i<k.e&&n[k.i]===125))return!1;for(;;){if(k.i>=k.e||n[k.i]!==34)return!1;let e=k.o+1;if(!Go())return!1;let s=k.o-1;if(!nu(e,s,0)||(mt(),k.i>=k.e||n[k.i]!==58))return!1;k.i++,t[k.o++]=58,mt();let r=s-e;if(r===5&&Gt(t,e,fm)){if(k.i>=k.e||n[k.i]!==123||(k.eventS=k.o,!su(1,!0)))return!1;k.eventE=k.o}else{let o=k.o;if(!Xo(1))return!1;if(r===6&&Gt(t,e,cm))k.schemaS=o,k.schemaE=k.o;else if(r===3&&Gt(t,e,um))k.seqS=o,k.seqE=k.o;else if(r===2&&Gt(t,e,hm))k.atS=o,k.atE=k.o;else{if(r===9&&Gt(t,e,dm)||r===4&&Gt(t,e,pm)||r===6&&Gt(t,e,mm)||k.others>=Un)return!1;k.otherS[k.others]=e-1,k.otherE[k.others]=k.o,k.others++}}if(mt(),k.i>=k.e)return!1;let i=n[k.i++];if(i===44){mt();continue}if(i!==125)return!1;break}return k.eventS<0?!1:(mt(),k.i===k.e)}function nu(n,t,e){let s=k.w,r=t-n,i=r>0;for(let a=n;i&&a<t;a++)i=s[a]>=48&&s[a]<=57;if(i)return!1;let o=k.keys;for(let a=e;a<k.kt;a+=2){let c=o[a];if(o[a+1]-c!==r)continue;let u=!0;for(let h=0;h<r;h++)if(s[c+h]!==s[n+h]){u=!1;break}if(u)return!1}return k.kt>=2*Un?!1:(o[k.kt]=n,o[k.kt+1]=t,k.kt+=2,!0)}function Xo(n){if(k.i>=k.e)return!1;let t=k.m[k.i];return t===34?Go():t===123?su(n,!1):t===91?Mm(n):t===116?Ko(Tm):t===102?Ko(Em):t===110?Ko(Am):Om()}function Ko(n){let t=k.m,e=k.w;if(k.i+n.length>k.e)return!1;for(let s=0;s<n.length;s++){if(t[k.i+s]!==n[s])return!1;e[k.o+s]=n[s]}return k.i+=n.length,k.o+=n.length,!0}function su(n,t){if(n>=eu)return!1;let e=k.m,s=k.w;k.i++,s[k.o++]=123;let r=k.kt;if(mt(),k.i<k.e&&e[k.i]===125)return k.i++,s[k.o++]=125,!0;for(;;){if(k.i>=k.e||e[k.i]!==34)return!1;let i=k.o+1;if(!Go())return!1;let o=k.o-1;if(!nu(i,o,r)||(mt(),k.i>=k.e||e[k.i]!==58))return!1;k.i++,s[k.o++]=58,mt();let a=k.o;if(!Xo(n+1))return!1;if(t){let u=o-i;if(u===4&&Gt(s,i,gm)){if(s[a]!==34)return!1;k.typeS=a,k.typeE=k.o}else u===3&&Gt(s,i,ym)?(k.runS=a,k.runE=k.o):u===7&&Gt(s,i,wm)&&(k.successS=a)}if(mt(),k.i>=k.e)return!1;let c=e[k.i++];if(c===44){s[k.o++]=44,mt();continue}if(c!==125)return!1;s[k.o++]=125;break}if(t){let i=k.kt-r>>1;k.eventKeys.set(k.keys.subarray(r,k.kt)),k.eventKeyCount=i}return k.kt=r,!0}function Mm(n){if(n>=eu)return!1;let t=k.m,e=k.w;if(k.i++,e[k.o++]=91,mt(),k.i<k.e&&t[k.i]===93)return k.i++,e[k.o++]=93,!0;for(;;){if(!Xo(n+1)||(mt(),k.i>=k.e))return!1;let s=t[k.i++];if(s===44){e[k.o++]=44,mt();continue}return s!==93?!1:(e[k.o++]=93,!0)}}function Go(){let n=k.m,t=k.w,e=k.e,s=k.i+1,r=k.o;for(t[r++]=34;;){let i=s;for(;i<e&&Bn[n[i]]===0;)i++;if(i-s>=48)t.set(n.subarray(s,i),r),r+=i-s;else for(let h=s;h<i;h++)t[r++]=n[h];if(s=i,s>=e)return!1;let o=n[s],a=Bn[o];if(a===1)return t[r++]=34,k.i=s+1,k.o=r,!0;if(a===3)return!1;if(a===4){if(o<194)return!1;if(o<224){if(s+1>=e||(n[s+1]&192)!==128)return!1;t[r]=o,t[r+1]=n[s+1],r+=2,s+=2;continue}if(o<240){if(s+2>=e)return!1;let p=n[s+1],m=n[s+2];if((p&192)!==128||(m&192)!==128||o===224&&p<160||o===237&&p>=160)return!1;t[r]=o,t[r+1]=p,t[r+2]=m,r+=3,s+=3;continue}if(o>244||s+3>=e)return!1;let h=n[s+1],f=n[s+2],d=n[s+3];if((h&192)!==128||(f&192)!==128||(d&192)!==128||o===240&&h<144||o===244&&h>=144)return!1;t[r]=o,t[r+1]=h,t[r+2]=f,t[r+3]=d,r+=4,s+=4;continue}if(s+1>=e)return!1;let c=n[s+1];if(c!==117){if(c===34||c===92)t[r]=92,t[r+1]=c,r+=2;else if(c===47)t[r++]=47;else if(c===98||c===102||c===110||c===114||c===116)t[r]=92,t[r+1]=c,r+=2;else return!1;s+=2;continue}let u=tu(n,s+2,e);if(u<0)return!1;if(s+=6,u>=55296&&u<=56319){if(s+5<e&&n[s]===92&&n[s+1]===117){let h=tu(n,s+2,e);if(h>=56320&&h<=57343){u=65536+(u-55296<<10)+(h-56320),s+=6,t[r]=240|u>>18,t[r+1]=128|u>>12&63,t[r+2]=128|u>>6&63,t[r+3]=128|u&63,r+=4;continue}}r=Vo(t,r,u);continue}if(u>=56320&&u<=57343){r=Vo(t,r,u);continue}if(u<32){let h=Wn[u];h!==0?(t[r]=92,t[r+1]=h,r+=2):r=Vo(t,r,u)}else u===34||u===92?(t[r]=92,t[r+1]=u,r+=2):u<128?t[r++]=u:u<2048?(t[r]=192|u>>6,t[r+1]=128|u&63,r+=2):(t[r]=224|u>>12,t[r+1]=128|u>>6&63,t[r+2]=128|u&63,r+=3)}}function tu(n,t,e){if(t+4>e)return-1;let s=ln[n[t]],r=ln[n[t+1]],i=ln[n[t+2]],o=ln[n[t+3]];return(s|r|i|o)<0?-1:s<<12|r<<8|i<<4|o}function Vo(n,t,e){return n[t]=92,n[t+1]=117,n[t+2]=Yr[e>>12],n[t+3]=Yr[e>>8&15],n[t+4]=Yr[e>>4&15],n[t+5]=Yr[e&15],t+6}function Om(){let n=k.m,t=k.w,e=k.e,s=k.i,r=s,i=n[r]===45;if(i&&r++,r>=e)return!1;if(n[r]===48)r++;else if(n[r]>=49&&n[r]<=57)for(;r<e&&n[r]>=48&&n[r]<=57;)r++;else return!1;let o=r,a=!0;if(r<e&&n[r]===46){a=!1,r++;let p=r;for(;r<e&&n[r]>=48&&n[r]<=57;)r++;if(r===p)return!1}if(r<e&&(n[r]===101||n[r]===69)){a=!1,r++,r<e&&(n[r]===43||n[r]===45)&&r++;let p=r;for(;r<e&&n[r]>=48&&n[r]<=57;)r++;if(r===p)return!1}k.i=r;let c=k.o,u=o-s-(i?1:0);if(a&&u<=15){if(i&&u===1&&n[s+1]===48)t[c++]=48;else for(let p=s;p<r;p++)t[c++]=n[p];return k.o=c,!0}let h="";for(let p=s;p<r;p++)h+=String.fromCharCode(n[p]);let f=Number(h),d=Number.isFinite(f)?String(f):"null";if(d.length>r-s&&(k.growth+=d.length-(r-s),k.growth>Yo))return!1;for(let p=0;p<d.length;p++)t[c++]=d.charCodeAt(p);return k.o=c,!0}var eu,Un,Yo,Vr,Bn,Yr,ln,Wn,lm,ot,cm,um,hm,fm,dm,pm,mm,gm,ym,wm,km,bm,vm,_m,xm,Hn,k,Tm,Em,Am,Zo=_((function(){fe();Kr();eu=128,Un=1024,Yo=64,Vr=1024*1024,Bn=new Uint8Array(256);for(let n=0;n<32;n++)Bn[n]=3;Bn[34]=1;Bn[92]=2;for(let n=128;n<256;n++)Bn[n]=4;Yr=new Uint8Array([48,49,50,51,52,53,54,55,56,57,97,98,99,100,101,102]),ln=new Int8Array(256).fill(-1);for(let n=0;n<10;n++)ln[48+n]=n;for(let n=0;n<6;n++)ln[65+n]=ln[97+n]=10+n;Wn=new Uint8Array(32);Wn[8]=98;Wn[9]=116;Wn[10]=110;Wn[12]=102;Wn[13]=114;lm=new TextEncoder,ot=l(n=>lm.encode(n),"ASCII_OF"),cm=ot("schema"),um=ot("seq"),hm=ot("at"),fm=ot("event"),dm=ot("__proto__"),pm=ot("task"),mm=ot("number"),gm=ot("type"),ym=ot("run"),wm=ot("success"),km=ot('{"schema":'),bm=ot(',"seq":'),vm=ot(',"at":'),_m=ot(',"event":'),xm=ot('"1970-01-01T00:00:00Z"'),Hn=class{static{l(this,"ForeignLines")}out=new Uint8Array(0);outLen=0;start=0;end=0;schema=0;seq=-1;atStart=0;atEnd=0;event={type:""};sec=0;nanos=0;#t=new on;#e=new rn;#n=new rn;reset(){this.outLen=0}read(t,e,s){let r=s-e,i=2*r+2*Yo+512;this.outLen===0&&this.out.length>4*Vr&&i<=Vr?this.out=new Uint8Array(Vr):this.outLen+i>this.out.length&&(this.out=new Uint8Array(Math.max(2*this.out.length,Vr,i)),this.outLen=0);let o=this.out,a=this.outLen+r+Yo+256;if(k.m=t,k.w=o,k.i=e,k.e=s,k.o=a,k.kt=0,k.growth=0,!Sm()||k.typeS<0||!Jo(o,k.typeS,k.typeE))return!1;let c=this.#e.get(o,k.typeS+1,k.typeE-1);if(c.text==="")return!1;let u=1;if(k.schemaS>=0&&(u=Qc(o,k.schemaS,k.schemaE),u<1))return!1;let h=-1;if(k.seqS>=0&&(h=Qc(o,k.seqS,k.seqE),h<0)||k.atS>=0&&o[k.atS]!==34)return!1;if(u<=2){for(let b of c.added)if(!$m(o,b))return!1}let f=null;if(k.runS>=0&&o[k.runS]===34){if(!Jo(o,k.runS,k.runE))return!1;f=this.#n.get(o,k.runS+1,k.runE-1).text}let d;if(k.successS>=0){let b=o[k.successS];b===116?d=!0:b===102&&(d=!1)}let p=this.outLen,m=p;p=Ps(o,p,km),k.schemaS>=0?p=Is(o,p,k.schemaS,k.schemaE):o[p++]=49,h>=0&&(p=Ps(o,p,bm),p=Is(o,p,k.seqS,k.seqE)),p=Ps(o,p,vm);let w;if(k.atS>=0){if(!Jo(o,k.atS,k.atE))return!1;w=p+1,p=Is(o,p,k.atS,k.atE)}else w=p+1,p=Ps(o,p,xm);let g=p-1;p=Ps(o,p,_m),p=Is(o,p,k.eventS,k.eventE);for(let b=0;b<k.others;b++)o[p++]=44,p=Is(o,p,k.otherS[b],k.otherE[b]);return o[p++]=125,o[p++]=10,this.outLen=p,this.start=m,this.end=p,this.schema=u,this.seq=h,this.atStart=w,this.atEnd=g,this.event=zo(c,f,d),!0}at(){return an(this.out,this.atStart,this.atEnd)}time(){let t=this.#t,e=t.read(this.out,this.atStart,this.atEnd);return e===!0&&(this.sec=t.sec,this.nanos=t.nanos),e}},k={m:new Uint8Array(0),w:new Uint8Array(0),i:0,e:0,o:0,keys:new Int32Array(2*Un),kt:0,growth:0,schemaS:-1,schemaE:-1,seqS:-1,seqE:-1,atS:-1,atE:-1,eventS:-1,eventE:-1,typeS:-1,typeE:-1,runS:-1,runE:-1,successS:-1,eventKeys:new Int32Array(2*Un),eventKeyCount:0,otherS:new Int32Array(Un),otherE:new Int32Array(Un),others:0};l(Ps,"put");l(Is,"copy");l(Jo,"plainString");l(Qc,"integerOf");l($m,"hasEventKey");l(Gt,"equalAt");l(mt,"ws");l(Sm,"envelope");l(nu,"newKey");l(Xo,"value");Tm=ot("true"),Em=ot("false"),Am=ot("null");l(Ko,"literal");l(su,"object");l(Mm,"array");l(Go,"string");l(tu,"hex4");l(Vo,"escapeUnit");l(Om,"number")}));function Zt(n){let{schema:t,seq:e,at:s,event:r,...i}=n,o={schema:t};e!==void 0&&(o.seq=e),o.at=s,o.event=r;for(let a in i)o[a]=i[a];return JSON.stringify(o)}var zn=_((function(){l(Zt,"encodeEnvelope")}));function Ce(n){if(n.light===!0||n.json!==void 0)return n.json;let t=n.text;if(t===void 0||n.upgraded||!Rm(n.env,t))return Zt(n.env);if(Lm(t))return t;try{return Zt(n.env)}catch(e){if(e instanceof RangeError)return t;throw e}}function Lm(n){let t=Nm??=new Nt,e=t.room;if(n.length>e.length)return!1;let{read:s,written:r}=Cm.encodeInto(n,e);return s!==n.length?!1:t.check(e.byteOffset,e.byteOffset+r)>=0}function Rm(n,t){let e=n.seq===void 0?`{"schema":${n.schema},"at":`:`{"schema":${n.schema},"seq":${n.seq},"at":`;if(!t.startsWith(e))return!1;let s=0;for(let r in n)s++;return s===(n.seq===void 0?3:4)}function Qo(n){return Object.hasOwn(n,"task")||Object.hasOwn(n,"number")}function ge(n,t){if(n.light!==!0&&Qo(n.env))return JSON.stringify(ie(n.env,t));let e=Ce(n);return n.light===!0||e.startsWith('{"schema":')?`{"task":${JSON.stringify(t.id)},"number":${t.number},${e.slice(1)}`:JSON.stringify(ie(n.env,t))}var Nm,Cm,Le=_((function(){fe();zn();js();l(Ce,"readFormText");Nm=null,Cm=new TextEncoder;l(Lm,"isStringifyForm");l(Rm,"isReadForm");l(Qo,"namesTagKeys");l(ge,"taggedText")}));function jm(n){let t=n.event,e={type:t.type};return typeof t.run=="string"&&(e.run=t.run),typeof t.success=="boolean"&&(e.success=t.success),{schema:n.schema,seq:n.seq,at:n.at,event:e}}function au(n,t,e,s,r){let i=Xr.read(n,t,e);return i!==!0?i:Xr.sec>s||Xr.sec===s&&Xr.nanos>=r}async function*oa(n,t,e={}){let s=await st(n);if(s!==null)try{let r=e.from??0,i=e.to??s.statSync().size;r>0&&await s.seek(r,Deno.SeekMode.Start);let o=e.json===!0,a=t.length===0,c=o&&e.light===!0,u=new qn,h=new Hn,f=u.checker,d=[...new Set(t)].map(S=>ou.encode(S)).filter(S=>S.length>=3&&S.length<Gr&&!S.includes(10)).slice(0,16);d.forEach((S,O)=>f.memory.set(S,ta+O*Gr));let p=Math.max(1,e.chunkBytes??1024*1024),m=e.lineBytesMax??64*1024*1024,w=a&&r===0?0:-1,g=0,b=r,v=!1,x=l((S,O)=>e.onProblem?.({path:n,line:Math.max(w,0),offset:O,reason:S}),"problem");for(;b+g<i;){e.signal?.throwIfAborted();let S=Math.min(p,i-b-g);f.grow(Qt+g+S+16);let O=0;for(;O<S;){let q=s.readSync(f.memory.subarray(Qt+g+O,Qt+g+S));if(q===null||q===0)break;O+=q}if(O===0)break;let N=g+O,M=Qt+N,z=f.sol(Qt,M);if(z===Qt){v||N>m?(v=!0,b+=N,g=0):g=N;continue}let H=f.memory,Tt=[];h.reset();let xe=l((q,F)=>{if(F===q)return;let lt=Math.max(w,0);if(c&&u.read(q,F)){let Y=new ea(u.schema,u.seq,u.event(),u,u.atStart,u.atEnd);Tt.push(new na(Y,H,q,F+1,lt))}else if(c&&h.read(H,q,F)){let Y=h.out,U=new sa(h.schema,h.seq,h.event,Y,h.atStart,h.atEnd);Tt.push(new ra(U,Y,h.start,h.end,lt,H,q,F))}else Ve(H,q,F,lt)},"take"),Ve=l((q,F,lt,Y)=>{let U=pt(q.subarray(F,lt)),kt=V(U);if(!kt.ok){U.trim()!==""&&x(kt.reason,b+F-Qt);return}if(!o){Tt.push({env:kt.env,upgraded:kt.upgraded,text:U,line:Y});return}let Ts=JSON.stringify(kt.env),Ye=Ts===U?U:Ts;c&&!Qo(kt.env)?Tt.push({light:!0,env:jm(kt.env),upgraded:kt.upgraded,text:U,json:Ye,line:Y}):Tt.push({env:kt.env,upgraded:kt.upgraded,text:U,line:Y,json:Ye})},"slowLine"),et=Qt;if(v&&(et=f.eol(Qt,z)+1,w>=0&&w++,x("line is longer than the reader's limit",b),v=!1),a)for(;et<z;){let q=f.eol(et,z);w>=0&&w++,xe(et,q),et=q+1}else{let q=d.map(()=>-2);for(;;){let F=-1;for(let U=0;U<d.length;U++)q[U]!==-1&&q[U]<et&&(q[U]=f.find(et,z,ta+U*Gr,d[U].length)),q[U]>=0&&(F<0||q[U]<F)&&(F=q[U]);if(F<0)break;let lt=f.sol(et,F),Y=f.eol(F,z);xe(lt,Y),et=Y+1}}g=M-z,b+=z-Qt,Tt.length>0&&(yield Tt),g>0&&f.copy(Qt,z,g),g>m&&(v=!0,b+=g,g=0)}}finally{s.close()}}function lu(){let n=new Nt,t=n.room;return e=>{if(e.length>=t.length)return null;let s=ou.encodeInto(e,t).written;return s!==e.length?null:qm(n,e,t.byteOffset,t.byteOffset+s)}}function Im(n){return Dm.get(n)??Pm}function ia(n,t){return n.slice(t,n.indexOf('"',t))}function ru(n,t){let e=ia(n,t);return e.includes("\\")?null:e}function qm(n,t,e,s){let r=n.check(e,s);if(r<0)return null;let i=n.same,o=n.typeValueAt-e,a=n.runValueAt-e;if((i&3)===2&&(n.typeText=ia(t,o+1)),i>>2===2&&(n.runText=ia(t,a+1)),n.outerKeys!==4||!t.startsWith('{"schema":'))return null;let c=10,u=0;for(let v=t.charCodeAt(c);v>=48&&v<=57;v=t.charCodeAt(++c))u=u*10+v-48;if(c===10||u<1||!t.startsWith(',"seq":',c))return null;c+=7;let h=c,f=0;for(let v=t.charCodeAt(c);v>=48&&v<=57;v=t.charCodeAt(++c))f=f*10+v-48;if(c===h||!t.startsWith(',"at":"',c))return null;c+=7;let d=t.indexOf('"',c),p=t.slice(c,d);if(p.includes("\\")||!t.startsWith(',"event":{',d+1)||o<0||t.charCodeAt(o)!==34)return null;let m=(i&3)!==0?n.typeText:ru(t,o+1);if(m===null||m==="")return null;let w={type:m};if(a>=0&&t.charCodeAt(a)===34){let v=i>>2!==0?n.runText:ru(t,a+1);if(v===null)return null;w.run=v}let g=iu(n,t,e,r,"success");if(g>=0&&t.startsWith("true",g)?w.success=!0:g>=0&&t.startsWith("false",g)&&(w.success=!1),u<=2){for(let v of Im(m))if(iu(n,t,e,r,v)<0)return null}return{env:{schema:u,seq:f,at:p,event:w},light:!0,upgraded:!1,text:t,line:0,json:t}}function iu(n,t,e,s,r){for(let i=0;i<s;i++){let o=n.keyStart(i)-e,a=n.keyEnd(i)-e;if(a-o===r.length&&t.startsWith(r,o))return a+2}return-1}var ta,Gr,Qt,ou,Xr,ea,na,sa,ra,Dm,Pm,aa=_((function(){Ot();Zo();js();Kr();Yt();Le();Ln();X();l(jm,"lightEnvelopeOf");ta=Nt.ROOM_AT,Gr=256,Qt=ta+16*Gr,ou=new TextEncoder,Xr=new on;l(au,"atOrAfter");ea=class{static{l(this,"LightEnv")}schema;seq;event;lines;atStart;atEnd;#t;constructor(t,e,s,r,i,o){this.schema=t,this.seq=e,this.event=s,this.lines=r,this.atStart=i,this.atEnd=o}get at(){return this.#t??=an(this.lines.checker.memory,this.atStart,this.atEnd)}atOrAfter(t,e){return au(this.lines.checker.memory,this.atStart,this.atEnd,t,e)}},na=class{static{l(this,"InPlaceRecord")}env;mem;start;end;line;light;upgraded;#t;constructor(t,e,s,r,i){this.env=t,this.mem=e,this.start=s,this.end=r,this.line=i,this.light=!0,this.upgraded=!1}get bytes(){return this.mem.subarray(this.start,this.end)}get text(){return this.#t??=pt(this.mem.subarray(this.start,this.end-1))}get json(){return this.text}},sa=class{static{l(this,"ForeignEnv")}schema;event;mem;atStart;atEnd;#t;seq;constructor(t,e,s,r,i,o){this.schema=t,this.event=s,this.mem=r,this.atStart=i,this.atEnd=o,this.seq=e<0?void 0:e}get at(){return this.#t??=an(this.mem,this.atStart,this.atEnd)}atOrAfter(t,e){return au(this.mem,this.atStart,this.atEnd,t,e)}},ra=class{static{l(this,"ForeignRecord")}env;mem;start;end;line;src;srcStart;srcEnd;light;upgraded;constructor(t,e,s,r,i,o,a,c){this.env=t,this.mem=e,this.start=s,this.end=r,this.line=i,this.src=o,this.srcStart=a,this.srcEnd=c,this.light=!0,this.upgraded=!1}get bytes(){return this.mem.subarray(this.start,this.end)}get text(){return pt(this.src.subarray(this.srcStart,this.srcEnd))}get json(){return an(this.mem,this.start,this.end-1)}};l(oa,"scanLog");l(lu,"lightLines");Dm=new Map([...Cn].map(([n,t])=>[n,t.map(([e])=>e)])),Pm=[];l(Im,"addedFieldsOf");l(ia,"quotedAt");l(ru,"stringAt");l(qm,"lightRecord");l(iu,"valueAt")}));async function Re(n){let t=await st(n);if(t===null)return 0;try{return await jn(t,t.statSync().size)+1}finally{t.close()}}var qs=_((function(){X();l(Re,"completeLinesEnd")}));function cu(n){throw new Deno.errors.NotFound(`No such file: ${n}`)}function uu(n){Fs.delete(n),Fs.set(n,!0),Fs.size>Fm&&Fs.keys().next().value.close()}function Um(n){let t=Zr.get(n);return t===void 0&&(Zr.size>=8&&Zr.clear(),t=new Uint8Array(n),Zr.set(n,t)),t}var je,Fm,Fs,Zr,Qr=_((function(){Yt();Ot();X();l(cu,"gone");je=class{static{l(this,"LogTail")}path;#t;#e;#n=null;#s=null;#r=!1;#i=!1;#o;#a;#l=0;#c;#u;constructor(t,e={}){this.path=t,this.#u=e,this.#t=e.from??0,this.#e=this.#t,this.#a=this.#t===0?0:-1,this.#o=new nt({offset:this.#t,lineBytesMax:e.lineBytesMax}),this.#c=e.chunkBytes??1024*1024}get offset(){return this.#t}#f(t){this.#u.onReset?.({path:this.path,reason:t,offset:this.#t}),this.#t=0,this.#e=0,this.#a=0,this.#o=new nt({offset:0,lineBytesMax:this.#u.lineBytesMax})}async read(t={}){if(t.to===void 0){if(this.#s!==null){let i=this.#h();if(i!==null)return i}let r=this.#p();if(r!==null)return this.#l=r,this.#g(new Uint8Array(0))}this.#y();let e;try{e=await st(this.path)??cu(this.path)}catch(r){return this.#m(r)}let s=!1;try{let r=await e.stat(),i=this.#k(r,t.to);if(s=t.to===void 0&&r.isFile,i<=0)return this.#g(new Uint8Array(0));await e.seek(this.#e,Deno.SeekMode.Start);let o=new Uint8Array(i),a=0;for(;a<i;){let c=await e.read(o.subarray(a,i));if(c===null||c===0)break;a+=c}return this.#g(o.subarray(0,a))}finally{s?this.#d(e):e.close()}}#h(){let t=this.#s;uu(this),this.#i&&(this.#e=this.#t,this.#o=new nt({offset:this.#t,lineBytesMax:this.#u.lineBytesMax}));let e=Um(this.#c),s=0;try{for(t.seekSync(this.#e,Deno.SeekMode.Start);s<e.length;){let r=t.readSync(e.subarray(s));if(r===null||r===0||(s+=r,s<e.length))break}}catch{return null}return s===0?null:(this.#l=s<e.length?this.#e+s:1/0,this.#g(e.subarray(0,s)))}#p(){if(this.#r||this.#i)return null;let t;try{t=Deno.lstatSync(this.path)}catch{return null}return!t.isFile||t.size!==this.#e?null:(this.#n===null&&(this.#n=t.ino),t.ino===this.#n?t.size:null)}#d(t){this.#s=t,uu(this)}#y(){if(this.#s===null)return;let t=this.#s;this.#s=null,Fs.delete(this);try{t.close()}catch{}}close(){this.#y()}readSync(t={}){let e;try{e=t.files?.get(this.path)??Se(this.path)??cu(this.path)}catch(s){return this.#m(s)}try{let s=this.#k(e.statSync(),t.to);if(s<=0)return this.#g(new Uint8Array(0));e.seekSync(this.#e,Deno.SeekMode.Start);let r=new Uint8Array(s),i=0;for(;i<s;){let o=e.readSync(r.subarray(i,s));if(o===null||o===0)break;i+=o}return this.#g(r.subarray(0,i))}finally{t.files||e.close()}}#m(t){if(!(t instanceof Deno.errors.NotFound))throw t;return this.#n!==null&&(this.#r=!0),this.#l=this.#t,{records:[],end:this.#t,caughtUp:!0,atEnd:!0}}#k(t,e){return this.#r||this.#n!==null&&t.ino!==null&&t.ino!==this.#n?(this.#r=!1,this.#f("replaced")):t.size<this.#t?this.#f("truncated"):(t.size<this.#e||this.#i)&&(this.#e=this.#t,this.#o=new nt({offset:this.#t,lineBytesMax:this.#u.lineBytesMax})),this.#n=t.ino,this.#l=e===void 0?t.size:Math.min(t.size,e),Math.min(this.#c,this.#l-this.#e)}#g(t){let e=[];if(t.length>0){let i=this.#t,o=this.#e;this.#e+=t.length;let{lines:a,end:c}=this.#o.push(t),u=this.#u.prefilter,h=-1;for(let f of a){if(h=t.indexOf(10,h+1),this.#a>=0&&this.#a++,f===""||u&&!u(f))continue;let d=Math.max(this.#a,0),p=h>=0?o+h+1:c,m=this.#u.light?.(f);if(m){m.line=d,m.end=p,e.push(m);continue}let w=V(f);w.ok?e.push({env:w.env,upgraded:w.upgraded,text:f,line:d,end:p}):f.trim()!==""&&this.#u.onProblem?.({path:this.path,line:d,offset:i,reason:w.reason})}this.#t=c}let s=this.#e>=this.#l,r=s&&this.#o.pendingBytes===0;return this.#i=s&&!r,{records:e,end:this.#t,caughtUp:r,atEnd:s}}},Fm=256,Fs=new Map;l(uu,"touch");Zr=new Map;l(Um,"scratch")}));var te,ti=_((function(){te=class{static{l(this,"Wakeup")}#t=!1;#e=null;wake(){if(this.#e){let t=this.#e;this.#e=null,t()}else this.#t=!0}wait(t,e){return e?.throwIfAborted(),this.#t?(this.#t=!1,Promise.resolve()):new Promise((s,r)=>{let i=l(()=>{clearTimeout(a),e?.removeEventListener("abort",o),this.#e=null},"done"),o=l(()=>{i(),r(e.reason)},"onAbort"),a=setTimeout(()=>{i(),s()},t);this.#e=()=>{i(),s()},e?.addEventListener("abort",o,{once:!0})})}}}));function De(n,t,e={}){let s=null;try{s=Deno.watchFs(n,{recursive:e.recursive??!0})}catch{return()=>{}}let r=s,i=!1,o=l(()=>{if(!i){i=!0,e.signal?.removeEventListener("abort",o);try{r.close()}catch{}}},"close");return e.signal?.addEventListener("abort",o,{once:!0}),(async()=>{try{for await(let a of r)t(a.paths)}catch{}})(),o}function ei(n,t){return n===""||!t.startsWith(n+"/")?null:t.slice(n.length+1).split("/")[0]||null}var Us=_((function(){l(De,"watchDir");l(ei,"taskDirOfPath")}));var hu={};W(hu,{tailLog:()=>Bm});async function*Bm(n,t={}){let e=new je(n,t),s=new te,r=n.includes("/")?n.slice(0,n.lastIndexOf("/"))||"/":".",i=De(r,()=>s.wake(),{signal:t.signal,recursive:!1});try{for(;;){t.signal?.throwIfAborted();let o=await e.read();(o.records.length>0||o.atEnd)&&(yield o),o.atEnd&&await s.wait(t.pollIntervalMs??1e3,t.signal)}}finally{i()}}var fu=_((function(){Qr();ti();Us();l(Bm,"tailLog")}));var pu={};W(pu,{acquireTaskLock:()=>Bs,isTaskRunning:()=>Ct,tryServeLock:()=>la});async function Bs(n,t){let e=n.lockPath(t),s=await Deno.open(e,{read:!0,write:!0,create:!0}),r=!1;try{let i=Date.now()+Hm;for(;!(r=await s.tryLock(!0))&&Date.now()<i;)await new Promise(o=>setTimeout(o,2))}catch(i){throw s.close(),new y("io",`Cannot lock ${e}: ${i.message}`)}if(!r)throw s.close(),new y("task-running",`Cannot run task ${t}: another process is running it (it holds ${e})`);return du(s)}async function Ct(n,t){let e;try{e=await Deno.open(n.lockPath(t),{read:!0})}catch{return!1}try{let s=await e.tryLock(!1);return s&&await e.unlock(),!s}catch{return!1}finally{e.close()}}async function la(n){let t=await Deno.open(n.serveLockPath,{read:!0,write:!0,create:!0}),e=!0;try{e=await t.tryLock(!0)}catch{}return e?du(t,n.serveLockPath):(t.close(),null)}function du(n,t){let e=!0,s=l(()=>{if(e){if(e=!1,t!==void 0)try{Deno.removeSync(t)}catch{}try{n.unlockSync()}catch{}n.close()}},"release");return{release:s,[Symbol.dispose]:s}}var Hm,ye=_((function(){A();Hm=100;l(Bs,"acquireTaskLock");l(Ct,"isTaskRunning");l(la,"tryServeLock");l(du,"heldLock")}));function mu(n){return n==="succeeded"?0:n==="paused"?2:1}async function gu(n,t,e={}){let s=n.logPath(t.dir),r=await Re(s),i=e.after??0,o=e.keep??(()=>!0),a={run:null,ended:!1,success:!1,pausedSinceStart:!1,abandoned:!1,interrupted:!1},c=0,u=null;e.run!==void 0?a.run=await Ne(s,e.run,r):(u=await Dn(s,{to:r}),a.run=u?.run??(await It(s,{to:r}))?.run??null),a.run!==null&&(c=await Wr(s,a.run,i,{to:r,last:u??void 0}),c>0&&(i>0||c>=r)&&await Km(s,c,a,e.exactOutcome===!0));let h=e.follow||e.exactOutcome?zm:[],f=e.needles&&e.needles.length>0?[...new Set([...e.needles,...h])]:null,d=f?v=>f.some(x=>v.includes(x)):void 0,p=l(v=>{let x=v.env.event,S=P(x);return x.type==="run_started"&&S!==null&&(a.run===null&&(a.run=S),S===a.run?(a.ended=!1,a.pausedSinceStart=!1):a.ended||(a.abandoned=!0)),S===null||S!==a.run||(x.type==="paused"?a.pausedSinceStart=!0:x.type==="run_finished"&&(a.ended=!0,a.success=x.success===!0),v.env.schema<2||typeof v.env.seq!="number"||v.env.seq<=i)?!1:o(v)},"step");async function*m(){if(a.run===null){if(r>0&&e.onProblem)for await(let x of oa(s,[],{to:r,onProblem:e.onProblem,signal:e.signal}));return}if(c>=r)return;let v=oa(s,f??[],{from:c,to:r,json:e.json,light:e.json,onProblem:e.onProblem,signal:e.signal});for await(let x of v){let S=x.filter(p);S.length>0&&(yield S)}}l(m,"replay");let w=0,g=null;async function*b(){let[{tailLog:v},{isTaskRunning:x}]=await Promise.all([Promise.resolve().then(()=>(fu(),hu)),Promise.resolve().then(()=>(ye(),pu))]);yield*m();for await(let S of v(s,{from:Math.max(c,r),prefilter:d,onProblem:e.onProblem,onReset:l(O=>{a.ended=!1,a.pausedSinceStart=!1,e.onReset?.(O)},"onReset"),pollIntervalMs:e.pollIntervalMs,signal:e.signal})){let O=[];for(let N of S.records){let M=p(N);if(a.abandoned)break;M&&O.push(N)}if(O.length>0&&(yield O),a.abandoned||S.caughtUp&&a.run!==null&&a.ended)return;if(S.records.length>0&&(g=null),S.atEnd&&a.run!==null){let N=Date.now();if(N-w>=500&&(w=N,await x(n,t.dir)?g=null:g??=N),g!==null&&N-g>=Wm){a.ended||(a.interrupted=!0);return}}else g=null;if(S.records.length===0&&!await Me(n.taskJsonPath(t.dir)))throw new y("not-found",`Task #${t.number} (${t.dir}) was discarded while it was followed`)}}return l(b,"follow"),{batches:e.follow?b():m(),run:l(()=>a.run,"run"),outcome:l(()=>Jm(a),"outcome")}}function Jm(n){return n.run===null?"open":n.abandoned?"abandoned":n.interrupted?"interrupted":n.pausedSinceStart?"paused":n.ended?n.success?"succeeded":"failed":"open"}async function Km(n,t,e,s){let r=e.run,i=await Hr(n,r,t);if(i?.event.type==="run_finished"?(e.ended=!0,e.success=i.event.success===!0):i?.event.type==="paused"&&(e.pausedSinceStart=!0),!s||e.pausedSinceStart)return;let o=-1;await Ee(n,'"run_started"',(a,c)=>{let u=V(a);return!u.ok||u.env.event.type!=="run_started"||P(u.env.event)!==r?!1:(o=c,!0)},{to:t}),await Ee(n,'"paused"',(a,c)=>{if(c<o)return!0;let u=V(a);return!u.ok||u.env.event.type!=="paused"||P(u.env.event)!==r?!1:(e.pausedSinceStart=!0,!0)},{to:t})}var Wm,zm,yu=_((function(){J();A();Ae();Ot();ct();sn();aa();qs();l(mu,"exitStatusOf");Wm=3e3,zm=['"run_started"','"run_finished"','"paused"'];l(gu,"followTask");l(Jm,"outcomeOf");l(Km,"stateBefore")}));function ni(n,t=Date.now()){let e=dt(n);if(e!==null)return e;let s=/^(?:(\d{1,6})d)?(?:(\d{1,7})h)?(?:(\d{1,9})m)?(?:(\d{1,10})s)?$/.exec(n);if(!s||n==="")throw new y("usage",`--since takes an RFC 3339 time (2026-01-02T03:04:05Z) or an age such as 90s, 15m, 2h, 1d, 1h30m, not "${n.slice(0,40)}"`);let[,r,i,o,a]=s,c=((Number(r??0)*24+Number(i??0))*60+Number(o??0))*6e4+Number(a??0)*1e3;return BigInt(t-c)*1000000n}var cn,ca=_((function(){ue();A();l(ni,"parseSince");cn=class{static{l(this,"EventFilter")}types;tasks;sinceNs;needles;#t;#e;constructor(t={}){let e=t.types?new Set(t.types):null,s=t.tasks?new Set(t.tasks):null;this.types=e&&e.size>0?e:null,this.tasks=s&&s.size>0?s:null,this.sinceNs=t.sinceNs??null,this.needles=this.types?[...this.types].map(a=>JSON.stringify(a)):null;let r=this.sinceNs??0n,i=r/1000000000n,o=r%1000000000n;o<0n&&(i-=1n,o+=1000000000n),this.#t=Number(i),this.#e=Number(o)}get all(){return this.types===null&&this.tasks===null&&this.sinceNs===null}get prefilter(){let t=this.needles;if(t!==null)return t.length===1?e=>e.includes(t[0]):e=>t.some(s=>e.includes(s))}keeps(t,e){if(this.types!==null&&!this.types.has(e.event.type)||this.tasks!==null&&(t===null||!this.tasks.has(t.id)))return!1;if(this.sinceNs!==null){let s=e.atOrAfter?.(this.#t,this.#e)??null;if(s!==null)return s;let r=dt(e.at);if(r===null||r<this.sinceNs)return!1}return!0}keepsAt(t,e,s,r){return!(this.types!==null&&!this.types.has(e)||this.tasks!==null&&!this.tasks.has(t.id)||this.sinceNs!==null&&(s<this.#t||s===this.#t&&r<this.#e))}}}));function Ym(n){if(n===`
`)return"\\n";if(n==="\r")return"\\r";if(n==="	")return"\\t";let t=n.codePointAt(0);return t<=255?`\\x${t.toString(16).padStart(2,"0")}`:t>65535?`\\u{${t.toString(16)}}`:`\\u${t.toString(16).padStart(4,"0")}`}function L(n,t={}){if(!ua.test(n))return n;let e=t.newline,s=t.tab;return n.replace(Vm,(r,i)=>r===`
`&&e!==void 0?e:r==="	"&&s!==void 0?s:(r==="\u200D"||r==="\u200C")&&Xm(n,i)?r:Ym(r))}function Xm(n,t){let e=n.codePointAt(t-1-(Gm(n.charCodeAt(t-1))?1:0)),s=n.codePointAt(t+1),r=l(i=>i!==void 0&&i>127&&!ua.test(String.fromCodePoint(i)),"ok");return t>0&&r(e)&&r(s)}function Gm(n){return n>=56320&&n<=57343}function _u(n){return ua.test(n)}function Jn(n){if(n<768)return 1;if(n>65535)return bu(n);let t=ku[n];if(t!==0)return t-1;let e=bu(n);return ku[n]=e+1,e}function bu(n){if(n>=4352&&n<=4447||n===9001||n===9002||n>=11904&&n<=12350||n>=12353&&n<=13311||n>=13312&&n<=19967||n>=19968&&n<=42191||n>=43360&&n<=43391||n>=44032&&n<=55203||n>=63744&&n<=64255||n>=65040&&n<=65049||n>=65072&&n<=65135||n>=65280&&n<=65376||n>=65504&&n<=65510||n>=94176&&n<=94207||n>=94208&&n<=101631||n>=101632&&n<=101775||n>=110576&&n<=111359||n>=127488&&n<=127743||n>=131072&&n<=262141)return wu.test(String.fromCodePoint(n))?0:2;let t=String.fromCodePoint(n);return wu.test(t)?0:Zm.test(t)?2:1}function we(n){let t=0;for(let e of n)t+=Jn(e.codePointAt(0));return t}function xu(n,t){if(we(n)<=t)return n;let e="",s=0;for(let r of n){let i=Jn(r.codePointAt(0));if(s+i>t-1)break;e+=r,s+=i}return e+"\u2026"}var vu,Vm,ua,wu,Zm,ku,qt=_((function(){vu="[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\p{Cf}\\u115f\\u1160\\u3164\\uffa0]",Vm=new RegExp(vu,"gu"),ua=new RegExp(vu,"u");l(Ym,"escapeOf");l(L,"visible");l(Xm,"joins");l(Gm,"isLowSurrogate");l(_u,"hasUnsafe");wu=/^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff]$/u,Zm=/^(?![\u{1f1e6}-\u{1f1ff}])\p{Emoji_Presentation}$/u;l(Jn,"charWidth");ku=new Uint8Array(65536);l(bu,"widthOf");l(we,"displayWidth");l(xu,"cutColumns")}));var Eu={};W(Eu,{VERBOSE_TYPES:()=>Qm,describe:()=>Tu,oneLine:()=>E,renderEvent:()=>si,timeOf:()=>Su,useColor:()=>da});function Su(n){let t=tg.exec(n);if(t)return`${t[1]}.${(t[2]??"").slice(0,3).padEnd(3,"0")}`;let e=dt(n);if(e===null)return"??:??:??.???";let s=Number(e/1000000n);return new Date(s).toISOString().slice(11,23)}function E(n,t=120){let e=L(String(n??"").replace(/[\r\n\t]+/g," ")).trim();if(e.length<=t)return e;let s=t-1,r=e.charCodeAt(s-1);return r>=55296&&r<=56319&&s--,e.slice(0,s)+"\u2026"}function ee(n){return typeof n=="string"?L(n.slice(0,8)):"-"}function Pe(n){if(typeof n!="number")return"-";if(!Number.isInteger(n))return String(n);let t=String(Math.abs(n));if(t.length<=3)return String(n);let e=t.slice(0,t.length%3||3);for(let s=e.length;s<t.length;s+=3)e+=","+t.slice(s,s+3);return n<0?"-"+e:e}function Hs(n){if(typeof n!="number")return"-";if(n<1e3)return`${n}ms`;if(n<6e4)return`${(n/1e3).toFixed(1)}s`;let t=Math.floor(n/6e4),e=Math.round(n%6e4/1e3);return`${t}m${String(e).padStart(2,"0")}s`}function $u(n){if(typeof n!="object"||n===null)return"";let t=n;return`${Pe(t.input_tokens)} in, ${Pe(t.output_tokens)} out`}function eg(n,t){if(typeof n=="object"&&n!==null&&!Array.isArray(n)){let s=n;for(let r of["command","cmd","path","file","file_path","pattern","query","url"])if(typeof s[r]=="string")return E(s[r],t)}if(n===void 0)return"";let e;try{e=JSON.stringify(n)??""}catch{e=String(n)}return E(e,t)}function ng(n){return typeof n=="string"?` [${ee(n)}]`:""}function Tu(n,t){let e=n.event;switch(e.type){case"run_started":return["\u25B6","info",`run ${ee(e.run)} started`];case"run_finished":{let s=`(${Hs(e.active_ms)}, ${$u(e.usage)})`,r=E(e.status,40);return e.success===!0?["\u2714","ok",`run ${ee(e.run)} finished: ${r} ${s}`]:e.status==="failed"?["\u2718","bad",`run ${ee(e.run)} failed ${s}`]:["\u25A0","warn",`run ${ee(e.run)} stopped: ${r} ${s}`]}case"phase_started":return["\u25B8","info",`phase ${E(e.phase,40)} started`];case"phase_finished":return e.success===!0?["\u2714","ok",`phase ${E(e.phase,40)} done${e.summary?": "+E(e.summary,t):""}`]:["\u2718","bad",`phase ${E(e.phase,40)} failed${e.summary?": "+E(e.summary,t):""}`];case"agent_started":return["\u25CF","info",`${E(e.role,40)} started${e.model?" ("+E(e.model,60)+")":""}${ng(e.subtask)}`];case"agent_delta":return["\u2026","dim",`${E(e.role,40)}: ${E(e.delta?.text,t)}`];case"agent_text":return["\u201C","dim",`${E(e.role,40)}: ${E(e.text,t)}`];case"tool_called":return["\u2192","tool",`${E(e.role,40)} calls ${E(e.tool,40)} ${eg(e.input,t)}`.trimEnd()+` {${E(e.call,12)}}`];case"tool_returned":{let s=e.timed_out===!0?"timed out":typeof e.exit_code=="number"?`exit ${e.exit_code}`:e.is_error===!0?"error":"ok",r=E(e.preview,t);return[e.is_error===!0?"\u21A9":"\u2190",e.is_error===!0?"bad":"tool",`${E(e.tool,40)} ${s} in ${Hs(e.duration_ms)}, ${Pe(e.output_chars)} chars {${E(e.call,12)}}${r?": "+r:""}`]}case"agent_finished":return["\u25CB","info",`${E(e.role,40)} finished: ${E(e.stop,40)} after ${Pe(e.steps)} steps (${$u(e.usage)})`];case"subtask_updated":return["\u25C6","info",`subtask ${ee(e.subtask)} ${E(e.status,40)}`];case"subtask_integrated":{let s=Array.isArray(e.conflicts)?e.conflicts:[];return s.length===0?["\u2714","ok",`subtask ${ee(e.subtask)} integrated at ${ee(e.commit)}`]:["\u2718","bad",`subtask ${ee(e.subtask)} conflicted: ${E(s.join(", "),t)}`]}case"committed":{let s=Array.isArray(e.files)?e.files.length:0;return["\u25CF","ok",`committed ${ee(e.commit)} ${E(e.message,t)} (${s} file${s===1?"":"s"})`]}case"merged":return["\u2714","ok",`merged ${E(e.branch,60)||"?"} into ${E(e.base,60)||"?"} at ${ee(e.commit)}`];case"validation_finished":return e.passed===!0?["\u2714","ok",`validation passed: ${E(e.command,t)}`]:["\u2718","bad",`validation failed${typeof e.exit_code=="number"?` (exit ${e.exit_code})`:""}: ${E(e.command,t)}`];case"budget_updated":return["$","dim",`budget: ${Pe(e.tokens)}${typeof e.token_limit=="number"?"/"+Pe(e.token_limit):""} tokens, ${Hs(e.active_ms)}${typeof e.duration_limit_ms=="number"?"/"+Hs(e.duration_limit_ms):""} active`];case"artefact_written":{let s=e.artefact??{};return["\u270E","info",`wrote the ${s.kind==="qa_report"?`QA report (round ${Pe(s.round)})`:E(s.kind,40)}`]}case"approval_requested":return["?","warn",`waiting for approval of the ${E(e.gate,20)}`];case"approval_resolved":return e.approved===!0?["\u2714","ok",`${E(e.gate,20)} approved${e.comment?": "+E(e.comment,t):""}`]:["\u2718","bad",`${E(e.gate,20)} rejected${e.comment?": "+E(e.comment,t):""}`];case"retrying":return["\u21BB","warn",`retrying ${E(e.what,t)} (attempt ${Pe(e.attempt)}, in ${Hs(e.delay_ms)})`];case"paused":return["\u23F8","warn",`paused: ${E(e.reason,t)}`];case"log":{let s=String(e.level??"info"),r=/^(error|fatal)$/i.test(s)?"bad":/^warn/i.test(s)?"warn":"dim";return[r==="bad"?"\u2718":r==="warn"?"!":"\xB7",r,`${E(s,10)}: ${E(e.message,t)}`]}default:return["?","dim",`${E(e.type,60)} (unknown event${n.schema>2?`, schema ${n.schema}`:""})`]}}function si(n,t={}){let[e,s,r]=Tu(n,t.textCharsMax??120),i=t.number!==void 0?`#${t.number} `:"",o=Su(n.at);return t.color?`${i}${ha.dim}${o}${fa} ${ha[s]}${e}${fa} ${s==="bad"||s==="warn"?ha[s]+r+fa:r}`:`${i}${o} ${e} ${r}`}function da(n,t){let e=t("NO_COLOR");return n&&(e===void 0||e==="")}var Qm,ha,fa,tg,un=_((function(){ue();qt();Qm=new Set(["agent_delta","budget_updated"]),ha={ok:"\x1B[32m",bad:"\x1B[31m",warn:"\x1B[33m",tool:"\x1B[36m",info:"\x1B[1m",dim:"\x1B[2m"},fa="\x1B[0m",tg=/^\d{4}-\d\d-\d\d[Tt](\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?[Zz]$/;l(Su,"timeOf");l(E,"oneLine");l(ee,"short");l(Pe,"num");l(Hs,"secs");l($u,"tokens");l(eg,"toolInput");l(ng,"subtaskNote");l(Tu,"describe");l(si,"renderEvent");l(da,"useColor")}));var Mu={};W(Mu,{FEED_BEGINNING:()=>Ws,FEED_NOW:()=>pa,feedAfter:()=>Au,feedStartOf:()=>zs,isAfterStart:()=>ma});function Au(n){return{from:"after",cursor:n}}function zs(n,t){return n.start!==void 0?n.start:n.after?Au(n.after):t}function ma(n,t){return n.from!=="after"||ut(t,n.cursor)>0}var Ws,pa,Js=_((function(){Jt();Ws=Object.freeze({from:"beginning"}),pa=Object.freeze({from:"now"});l(Au,"feedAfter");l(zs,"feedStartOf");l(ma,"isAfterStart")}));function sg(n){return`#${n.number} (${n.dir})`}function ri(n,t){if(t.length===1)return t[0];let e=t.slice(0,10).map(sg),s=e.length>1?`${e.slice(0,-1).join(", ")} and ${e[e.length-1]}`:e[0];throw new y("ambiguous-ref",`Cannot resolve task "${n}": it matches ${s}${t.length>10?" and more":""}`,{details:{candidates:t.map(r=>({number:r.number,dir:r.dir,id:r.id}))}})}function rg(n,t){let e=n.toLowerCase();return!/^[0-9a-f-]+$/.test(e)||e.replace(/-/g,"").length<4?[]:t.filter(s=>s.id.toLowerCase().startsWith(e))}function Ie(n,t){let e=n.trim();if(e==="")throw new y("usage","A task reference cannot be empty");let s=/^#?(\d{1,15})$/.exec(e);if(s){let o=Number(s[1]),a=t.filter(c=>c.number===o);if(a.length>0)return ri(e,a);if(e.startsWith("#"))throw new y("not-found",`Cannot resolve task "${e}": no task has number ${o}`)}if(!s){let o=t.filter(a=>a.dir===e);if(o.length>0)return ri(e,o)}let r=t.filter(o=>o.id.toLowerCase()===e.toLowerCase());if(r.length>0)return ri(e,r);let i=rg(e,t);if(i.length>0)return ri(e,i);throw new y("not-found",`Cannot resolve task "${e.slice(0,100)}": no task matches`)}var ii=_((function(){A();l(sg,"describe");l(ri,"decide");l(rg,"byIdPrefix");l(Ie,"resolveRef")}));function ig(n){return n.normalize("NFKD").replace(/[\u0300-\u036f]/g,"").toLowerCase().replace(/[^a-z0-9]+/g,"-").replace(/^-+|-+$/g,"").slice(0,40).replace(/-+$/,"")||"task"}function og(n,t){return`${Ou(n)}${ig(t)}`}function Ou(n){return`${String(n).padStart(3,"0")}-`}function hn(n){let t=n.record.branch;return typeof t=="string"&&t!==""?t:`taskline/${n.dir}`}async function vt(n,t){let e=await In(n.taskJsonPath(t));if(e===null)throw new y("bad-state",`Cannot read task ${t}: no task.json`);let s=e;if(typeof s!="object"||typeof s.id!="string"||!Number.isSafeInteger(s.number))throw new y("bad-state",`Cannot read task ${t}: task.json has no id or number`);if(s.number<1)throw new y("bad-state",`Cannot read task ${t}: task.json's number ${s.number} is not a task number (1 or more)`);return typeof s.title!="string"&&(s.title=t),typeof s.status!="string"&&(s.status="unknown"),{dir:t,id:s.id,number:s.number,record:s}}async function fn(n){return(await me(n.tasksDir)).filter(t=>t.isDirectory&&!t.name.startsWith(".")).map(t=>t.name)}async function _t(n,t={}){let e=await fn(n),s=[];return await Promise.all(e.map(async r=>{try{s.push(await vt(n,r))}catch(i){t.onProblem?.({dir:r,reason:i.message})}})),s.sort(Cu)}async function Nu(n,t,e={}){let s=t.trim(),r=await fn(n),i=/^#?(\d{1,15})$/.exec(s),o=i?Number(i[1]):null,a=o!==null?r.filter(h=>ag(h)===o):r.includes(s)?[s]:[],c=new Set,u=l(h=>{c.has(h.dir)||e.onProblem?.(h),c.add(h.dir)},"onProblem");if(a.length>0){let h=[];for(let f of a)try{h.push(await vt(n,f))}catch(d){u({dir:f,reason:d.message})}if(h.some(f=>o===null?f.dir===s:f.number===o))return Ie(s,h.sort(Cu))}return Ie(s,await _t(n,{onProblem:u}))}function Cu(n,t){return n.number-t.number||(n.dir<t.dir?-1:n.dir>t.dir?1:0)}function ag(n){let t=/^(\d{1,15})-/.exec(n);return t?Number(t[1]):NaN}async function ug(n){let t=n.numbersDir;await Deno.mkdir(t,{recursive:!0});let e=(await _t(n)).reduce((r,i)=>Math.max(r,i.number),0)+1,s=l(async r=>{let i=Ou(r);for(let o of await fn(n))if(o.startsWith(i)&&(await vt(n,o).catch(()=>null))?.number===r)return!0;return!1},"made");for(let r=0;r<lg;r++){let i=`${t}/${e}`;try{(await Deno.open(i,{write:!0,createNew:!0})).close()}catch(o){if(!(o instanceof Deno.errors.AlreadyExists))throw new y("io",`Cannot reserve task number ${e} in ${t}: ${o.message}`);let a=(await Deno.stat(i).catch(()=>null))?.mtime?.getTime()??Date.now();Date.now()-a>cg?await Deno.remove(i).catch(()=>{}):e++;continue}if(await s(e)){await Deno.remove(i).catch(()=>{}),e++;continue}return{number:e,release:l(()=>Deno.remove(i).catch(()=>{}),"release")}}throw new y("bad-state",`Cannot reserve a task number in ${t}: too many taken at once`)}async function oi(n,t,e={}){if(t.trim()==="")throw new y("usage","A task needs a non-empty title");let s=e.number===void 0?await ug(n):null;try{return await hg(n,t,s?.number??e.number,e)}finally{await s?.release()}}async function hg(n,t,e,s){let r=og(e,t),i={id:s.id??crypto.randomUUID(),number:e,title:t,...s.description!==void 0?{description:s.description}:{},status:s.status??"ready",created_at:s.createdAt??new Date().toISOString()};if(await Deno.mkdir(n.taskDir(r),{recursive:!0}),await Me(n.taskJsonPath(r)))throw new y("bad-state",`Cannot create task ${r}: it exists already`);return await de(n.taskJsonPath(r),JSON.stringify(i,null,2)+`
`),{dir:r,id:i.id,number:e,record:i}}async function qe(n,t){await de(n.taskJsonPath(t.dir),JSON.stringify(t.record,null,2)+`
`)}var lg,cg,gt=_((function(){A();ii();ct();l(ig,"slugify");l(og,"taskDirName");l(Ou,"numberPrefix");l(hn,"branchOf");l(vt,"readTask");l(fn,"taskDirNames");l(_t,"listTasks");l(Nu,"findTask");l(Cu,"byNumber");l(ag,"leadingNumber");lg=1e3,cg=1e4;l(ug,"reserveNumber");l(oi,"createTask");l(hg,"makeTask");l(qe,"saveTask")}));function ci(n,t){return n.sec-t.sec||n.nanos-t.nanos||n.task.number-t.task.number||n.seq-t.seq}function ui(n){let t=n/ai,e=n%ai;return e<0n&&(t-=1n,e+=ai),[Number(t),Number(e)]}function Lu(n){let[t,e]=ui(n.ns);return{sec:t,nanos:e}}function Ru(n){return fg.encode(`{"task":${JSON.stringify(n.id)},"number":${n.number},`)}function ga(n,t,e){return{path:n,line:t,offset:e,reason:"its `at` is not a UTC timestamp of 1970 or later, so it has no event cursor; `events <TASK>` shows it"}}function hi(n,t,e,s){if(n.env.schema<2)return null;let r=he(n.env,t.number);return r===null&&s?.(ga(e,n.line,n.end??0)),r}var ai,fg,Ks,li,Kn,Vs=_((function(){Ot();Yt();Le();Jt();l(ci,"compareItems");ai=1000000000n;l(ui,"splitNs");l(Lu,"cursorNumbers");fg=new TextEncoder;l(Ru,"taggedPrefix");Ks=class{static{l(this,"ByteItem")}task;prefix;bytes;start;end;sec;nanos;seq;type;line;fileEnd;#t;#e;constructor(t,e,s,r,i,o,a,c,u,h,f){this.task=t,this.prefix=e,this.bytes=s,this.start=r,this.end=i,this.sec=o,this.nanos=a,this.seq=c,this.type=u,this.line=h,this.fileEnd=f}get record(){if(this.#t===void 0){let t=pt(this.bytes.subarray(this.start,this.end-1)),e=V(t);this.#t={env:e.env,upgraded:e.upgraded,text:t,line:this.line,end:this.fileEnd}}return this.#t}get cursor(){return this.#e??={ns:BigInt(this.sec)*ai+BigInt(this.nanos),number:this.task.number,seq:this.seq}}get cursorText(){return Mt(this.cursor)}taggedText(){return pt(this.prefix)+pt(this.bytes.subarray(this.start+1,this.end-1))}},li=class{static{l(this,"RecordItem")}task;prefix;record;cursor;sec;nanos;seq;type;bytes;start;end;#t;constructor(t,e,s,r){this.task=t,this.prefix=e,this.record=s,this.cursor=r,this.bytes=null,this.start=0,this.end=0,[this.sec,this.nanos]=ui(r.ns),this.seq=r.seq,this.type=s.env.event.type}get cursorText(){return this.#t??=Mt(this.cursor)}get fileEnd(){return this.record.end??0}taggedText(){return ge(this.record,this.task)}},Kn=class{static{l(this,"LazyItem")}task;record;cursor;#t;constructor(t,e,s){this.task=t,this.record=e,this.cursor=s}get cursorText(){return this.#t??=Mt(this.cursor)}};l(ga,"noCursorProblem");l(hi,"feedCursor")}));function ya(n){let t=null;try{t=Deno.lstatSync(n)}catch{}let e=fi.get(n);if(e){let r=!1;try{let i=e.statSync();r=t!==null&&t.isFifo===!0&&i.ino===t.ino&&i.dev===t.dev}catch{}if(r)return;fi.delete(n);try{e.close()}catch{}}if(t===null||!t.isFifo)return;let s;try{s=Deno.openSync(n,{read:!0,write:!0})}catch{return}if(!s.statSync().isFifo){s.close();return}fi.set(n,s)}function ju(){return[...fi.keys()]}var fi,Du=_((function(){fi=new Map;l(ya,"holdFifo");l(ju,"heldFifoPaths")}));var di,Pu=_((function(){di=class{static{l(this,"BufferPool")}bytes;freeMax;#t;#e;constructor(t,e=4096){this.bytes=t,this.freeMax=e,this.#t=[],this.#e=new Map}take(t){return t>this.bytes?new Uint8Array(t):this.#t.pop()??new Uint8Array(this.bytes)}lend(t,e){t.length===this.bytes&&(e===0?this.#n(t):this.#e.set(t,e))}release(t){for(let e of t){let s=e.bytes;if(s===null)continue;let r=this.#e.get(s);r!==void 0&&(r>1?this.#e.set(s,r-1):(this.#e.delete(s),this.#n(s)))}}#n(t){this.#t.length<this.freeMax&&this.#t.push(t)}}}));function Iu(n,t){let e=n.time();if(e===!0)return n.sec<0?!1:(Fe.sec=n.sec,Fe.nanos=n.nanos,!0);if(e===!1)return!1;let s=he({at:n.at()},t);return s===null?!1:([Fe.sec,Fe.nanos]=ui(s.ns),!0)}var dg,ht,wa,pi,Fe,pg,mi,qu=_((function(){Ot();js();Zo();Kr();Yt();Jt();Vs();dg=new TextEncoder,ht=Nt.ROOM_AT+4096,wa=256,pi=class{static{l(this,"SourceReader")}lines=new qn;foreign=new Hn;#t;constructor(t){this.#t=(t??[]).map(e=>dg.encode(e)).filter(e=>e.length>=3&&e.length<wa).slice(0,15),this.#t.forEach((e,s)=>this.lines.checker.memory.set(e,Nt.ROOM_AT+s*wa)),this.filtered=t!==null&&t.length>0}filtered;hasNeedle(t,e){let s=this.lines.checker;for(let r=0;r<this.#t.length;r++)if(s.find(t,e,Nt.ROOM_AT+r*wa,this.#t[r].length)>=0)return!0;return!1}},Fe={sec:0,nanos:0};l(Iu,"placeOf");pg=64*1024*1024,mi=class{static{l(this,"ByteSource")}task;prefix;#t;#e;#n=[];#s=0;#r=!1;#i=0;#o=null;#a=0;#l=0;#c=!1;#u=0;#f=null;constructor(t,e){this.task=t,this.prefix=Ru(t),this.#t=e,this.#i=e.from??0;let s=e.start.from==="after"?e.start.cursor:null;this.#e=s?{...Lu(s),number:s.number,seq:s.seq}:null}get head(){return this.#n[this.#s]}next(){this.#s++}fill(){if(this.#n.length-this.#s>=this.#t.lookahead||this.#r)return this.#s<this.#n.length;let t=[];for(;!this.#r&&this.#n.length-this.#s+t.length<this.#t.lookahead;)this.#h(t);if(t.length>0){let e=this.#n.slice(this.#s);for(let s of t)e.push(s);e.sort(ci),this.#n=e,this.#s=0}return this.#s<this.#n.length}#h(t){let e=this.#t;if(this.#c)return this.#p();let s=this.#a,r=e.lineBytesMax??pg,i=Math.min(Math.max(e.chunkBytes,s),Math.max(e.chunkBytes,r+1-s),e.to-this.#i);if(i<=0)return this.#d();let o=s+i,a=e.pool?e.pool.take(o):new Uint8Array(o);s>0&&a.set(this.#o.subarray(0,s));let c;try{c=e.files.read(e.path,this.#i,a.subarray(s,o))}catch(g){if(e.pool?.lend(a,0),g instanceof Deno.errors.NotFound)return this.#d();if(e.onBad===void 0)throw g;return e.onBad(g),this.#d()}if(c===0)return e.pool?.lend(a,0),this.#d();let u=this.#i-s;this.#i+=c;let h=s+c,f=e.reader.lines.checker;f.grow(ht+h+16),f.memory.set(a.subarray(0,h),ht);let d=f.sol(ht,ht+h)-ht,p=h-d;p>r?(this.#c=!0,this.#u=u+d,this.#o=null,p=0):p>0&&((this.#o===null||this.#o.length<p)&&(this.#o=new Uint8Array(Math.max(p,4096))),this.#o.set(f.memory.subarray(ht+d,ht+h))),this.#a=p;let m=t.length;d>0&&this.#m(a,d,u,t);let w=0;for(let g=m;g<t.length;g++)t[g].bytes===a&&w++;e.pool?.lend(a,w),this.#i>=e.to&&this.#d()}#p(){let t=this.#t,e=Math.min(t.chunkBytes*8,t.to-this.#i);if(e<=0)return this.#d();let s=this.#f??=new Uint8Array(e),r;try{r=t.files.read(t.path,this.#i,s.subarray(0,e))}catch(o){if(o instanceof Deno.errors.NotFound)return this.#d();if(t.onBad===void 0)throw o;return t.onBad(o),this.#d()}if(r===0)return this.#d();let i=s.subarray(0,r).indexOf(10);if(i<0){this.#i+=r;return}this.#i+=i+1,this.#c=!1,this.#f=null,t.onProblem?.({path:t.path,line:++this.#l,offset:this.#u,reason:"line is longer than the reader's limit"}),this.#i>=t.to&&this.#d()}#d(){this.#r=!0,this.#t.files.release(this.#t.path)}#y(t,e){this.#t.onProblem?.(ga(this.#t.path,t,e))}#m(t,e,s,r){let i=this.#t,o=i.reader,a=o.lines,c=o.foreign,u=a.checker,h=this.#e,f=this.task.number,d=0;for(;d<e;){let p=u.eol(ht+d,ht+e)-ht,m=++this.#l,w=d;if(d=p+1,p===w||o.filtered&&!o.hasNeedle(ht+w,ht+p))continue;let g;if(a.read(ht+w,ht+p)){if(a.schema<2)continue;if(!Iu(a,f)){this.#y(m,s+w);continue}g=new Ks(this.task,this.prefix,t,w,p+1,Fe.sec,Fe.nanos,a.seq,a.type,m,s+p+1)}else if(c.read(u.memory,ht+w,ht+p)){if(c.reset(),c.schema<2)continue;if(!Iu(c,f)){this.#y(m,s+w);continue}let b=c.out.slice(c.start,c.end);g=new Ks(this.task,this.prefix,b,0,b.length,Fe.sec,Fe.nanos,c.seq<0?0:c.seq,c.event.type,m,s+p+1)}else{let b=pt(t.subarray(w,p)),v=V(b);if(!v.ok){b.trim()!==""&&i.onProblem?.({path:i.path,line:m,offset:s,reason:v.reason});continue}if(v.env.schema<2)continue;let x=he(v.env,f);if(x===null){this.#y(m,s+w);continue}let S={env:v.env,upgraded:v.upgraded,text:b,line:m,end:s+p+1};g=new li(this.task,this.prefix,S,x)}h!==null&&(g.sec-h.sec||g.nanos-h.nanos||f-h.number||g.seq-h.seq)<=0||r.push(g)}}}}));var dn,ka=_((function(){dn=class{static{l(this,"Heap")}#t=[];#e;constructor(t){this.#e=t}get size(){return this.#t.length}get top(){return this.#t[0]}push(t){let e=this.#t;e.push(t);let s=e.length-1;for(;s>0;){let r=s-1>>1;if(!this.#e(e[s],e[r]))break;[e[s],e[r]]=[e[r],e[s]],s=r}}pop(){let t=this.#t,e=t[0],s=t.pop();return t.length>0&&s!==void 0&&(t[0]=s,this.#n(0)),e}replaceTop(t){this.#t.length!==0&&(t!==void 0&&(this.#t[0]=t),this.#n(0))}#n(t){let e=this.#t;for(;;){let s=2*t+1,r=s+1,i=t;if(s<e.length&&this.#e(e[s],e[i])&&(i=s),r<e.length&&this.#e(e[r],e[i])&&(i=r),i===t)return;[e[t],e[i]]=[e[i],e[t]],t=i}}}}));var Ys,Fu=_((function(){X();Ys=class{static{l(this,"OpenFiles")}#t=new Map;#e;constructor(t=256){this.#e=t}#n(t){let e=this.#t.get(t);if(e!==void 0)this.#t.delete(t);else{let s=Se(t);if(s===null)return null;if(e={file:s,pos:0},this.#t.size>=this.#e){let[r,i]=this.#t.entries().next().value;this.#t.delete(r),i.file.close()}}return this.#t.set(t,e),e}get(t){let e=this.#n(t);if(e===null)throw new Deno.errors.NotFound(`No such file: ${t}`);return e.pos=-1,e.file}completeEnd(t){let e=this.#n(t);return e===null?0:(e.pos=-1,Ur(e.file,e.file.statSync().size)+1)}read(t,e,s){let r=this.#n(t);if(r===null)throw new Deno.errors.NotFound(t);r.pos!==e&&r.file.seekSync(e,Deno.SeekMode.Start);let i=0;for(;i<s.length;){let o=r.file.readSync(s.subarray(i));if(o===null||o===0)break;i+=o}return r.pos=e+i,i}release(t){this.#t.get(t)?.file.close(),this.#t.delete(t)}close(){for(let t of this.#t.values())t.file.close();this.#t.clear()}}}));var gi,Uu=_((function(){Jt();Vs();Js();gi=class{static{l(this,"RecordSource")}task;#t;#e;#n;#s;#r;#i;#o;#a=[];#l=0;#c=!1;constructor(t,e,s){this.task=t,this.#t=e,this.#e=s.to,this.#n=s.start,this.#s=s.lookahead,this.#r=s.files,this.#i=s.onBad,this.#o=s.onProblem}get head(){return this.#a[this.#l]}fill(){if(this.#a.length-this.#l>=this.#s||this.#c)return this.#l<this.#a.length;let t=[];for(;!this.#c&&this.#a.length-this.#l+t.length<this.#s;){let e;try{e=this.#t.readSync({to:this.#e,files:this.#r})}catch(s){this.#i(s),this.#c=!0,this.#r.release(this.#t.path);break}for(let s of e.records){let r=hi(s,this.task,this.#t.path,this.#o);r===null||!ma(this.#n,r)||t.push(new Kn(this.task,s,r))}(e.caughtUp||this.#t.offset>=this.#e)&&(this.#c=!0,this.#r.release(this.#t.path))}if(t.length>0){let e=this.#a.slice(this.#l);for(let s of t)e.push(s);e.sort((s,r)=>ut(s.cursor,r.cursor)),this.#a=e,this.#l=0}return this.#l<this.#a.length}next(){this.#l++}}}));var Ju={};W(Ju,{replayBytes:()=>wi,replayFeed:()=>pn,replayLight:()=>Bu,replayRecords:()=>yi,tellBadLog:()=>mn});function pn(n,t,e={}){let s={...e,start:zs(e,Ws)};return e.bytes?wi(n,t,s):e.json?Bu(n,t,s):yi(n,t,s)}function yi(n,t,e={}){return Hu(n,t,e)}function Bu(n,t,e={}){return Hu(n,t,e,lu())}async function*Hu(n,t,e,s){let r=e.start??Ws;if(r.from==="now")return;let i=new dn(gg),o=new Ys;try{for(let a of t){let c=n.logPath(a.dir),u=await Wu(e,a,c);if(u===null)continue;let{from:h,to:f}=u,d=new je(c,{from:h,chunkBytes:e.chunkBytes??8*1024,prefilter:e.prefilter,onProblem:e.onProblem,light:s}),p=new gi(a,d,{to:f,start:r,lookahead:e.lookaheadItems??16,files:o,onBad:l(m=>mn(e,m,a),"onBad"),onProblem:e.onProblem});p.fill()&&i.push(p)}yield*zu(i,e)}finally{o.close()}}async function*wi(n,t,e={}){let s=e.start??Ws;if(s.from==="now")return;let r=new dn(mg),i=new Ys,o=new pi(e.needles??null),a=e.chunkBytes??8*1024,c=e.reuseBuffers?new di(2*a):void 0;try{for(let u of t){let h=n.logPath(u.dir),f=await Wu(e,u,h,p=>i.completeEnd(p));if(f===null)continue;let d=new mi(u,{path:h,from:f.from,to:f.to,start:s,lookahead:e.lookaheadItems??16,chunkBytes:a,files:i,reader:o,pool:c,onProblem:e.onProblem,onBad:l(p=>mn(e,p,u),"onBad")});d.fill()&&r.push(d)}for(let u of zu(r,e))yield u,c?.release(u)}finally{i.close()}}function mn(n,t,e){if(!(t instanceof C))throw t;n.onBadLog?n.onBadLog(t,e):n.onProblem?.({path:t.path,line:0,offset:0,reason:t.message})}async function Wu(n,t,e,s=Re){let r;try{r=n.to?.get(t.dir)??await s(e)}catch(o){return mn(n,o,t),null}let i=n.from?.get(t.dir)??0;return r<=i?null:{from:i,to:r}}function*zu(n,t){let e=t.batchItemsMax??512,s=[];for(;n.size>0;){t.signal?.throwIfAborted();let r=n.top;s.push(r.head),r.next(),r.fill()?n.replaceTop():n.pop(),s.length>=e&&(yield s,s=[])}s.length>0&&(yield s)}function mg(n,t){return ci(n.head,t.head)<0}function gg(n,t){return ut(n.head.cursor,t.head.cursor)<0}var Vn=_((function(){Jt();X();Pu();qu();qs();Vs();Js();ka();Qr();Fu();Uu();aa();l(pn,"replayFeed");l(yi,"replayRecords");l(Bu,"replayLight");l(Hu,"replaySources");l(wi,"replayBytes");l(mn,"tellBadLog");l(Wu,"replayRange");l(zu,"merge");l(mg,"lessBytes");l(gg,"less")}));var Vu={};W(Vu,{ProjectFollower:()=>gn});var yg,wg,kg,Ku,bg,gn,ki=_((function(){Jt();A();X();gt();qs();Vs();Js();Du();Qr();Vn();ti();Us();yg=2e3,wg=256,kg=500,Ku=2e3,bg=8,gn=class{static{l(this,"ProjectFollower")}state;#t;#e=new Map;#n=new Set;#s=new Set;#r=new Set;#i=new te;#o=new te;#a=new Set;#l=[];#c=new Map;#u=!0;#f=!1;#h=new AbortController;#p=null;#d="";#y=null;constructor(t,e={}){this.state=t,this.#t=e}tasks(){return[...this.#e.values()].map(t=>t.task)}published(){return[...this.#e.values()].map(t=>({task:t.task,offset:t.published}))}async start(){if(!this.#p){try{this.#d=await Deno.realPath(this.state.tasksDir)}catch{this.#d=""}await this.#k(!0),De(this.state.tasksDir,t=>this.#m(t),{signal:this.#h.signal}),this.#p=this.#b()}}close(){if(!this.#f){this.#f=!0,this.#h.abort();for(let t of this.#r)t.closed=!0,t.wakeup.wake();this.#r.clear()}}#m(t){for(let e of t){let s=ei(this.#d,e);s!==null&&this.#e.has(s)?this.#a.add(s):this.#u=!0}this.#i.wake()}async#k(t){let e=null;try{e=Deno.lstatSync(this.state.tasksDir).mtime?.getTime()??null}catch{}if(!t&&e!==null&&e===this.#y&&this.#n.size===0&&Date.now()-e>Ku)return;this.#y=e;let s=await fn(this.state),r=new Set(s);for(let[i,o]of this.#e)r.has(i)||(this.#e.delete(i),this.#c.delete(i),this.#t.onRemoved?.(o.task));for(let i of s){if(this.#e.has(i)||this.#s.has(i))continue;let o;try{o=await vt(this.state,i)}catch{this.#n.add(i);continue}if(this.#n.delete(i),this.#t.taskFilter&&!this.#t.taskFilter(o)){this.#s.add(i);continue}let a=this.state.logPath(i),c=0,u;try{t&&(c=await Re(a))}catch(f){mn(this.#t,f,o),u=f.message}let h={bad:u,task:o,tail:new je(a,{from:c,chunkBytes:64*1024,onProblem:this.#t.onProblem,onReset:l(f=>{h.reset=!0,this.#t.onReset?.(f)},"onReset")}),published:c};this.#e.set(i,h),this.#a.add(i)}}async#g(t,e){let s;try{s=await vt(this.state,t)}catch{return!0}if(s.id===e.task.id)return!0;let r=e.task;return e.task=s,this.#t.onRemoved?.(r),this.#t.taskFilter&&!this.#t.taskFilter(s)?(this.#e.delete(t),this.#c.delete(t),this.#s.add(t),!1):!0}async#b(){let t=this.#t.pollIntervalMs??1e3,e=Date.now(),s=e;for(;!this.#f;)try{let r=Date.now();r-e>=t&&(e=r,this.#u=!0);let i=Math.max(t,this.#e.size/kg*1e3);r-s>=i&&this.#l.length===0&&(s=r,this.#l=[...this.#e.keys()]),this.#u&&(this.#u=!1,await this.#k(!1));let o=this.#l.splice(0,wg);for(let a of o)this.#a.add(a),this.#w(a);for(;this.#$();)await this.#o.wait(t,this.#h.signal);await this.#x(),this.#l.length>0?await new Promise(a=>setTimeout(a,0)):await this.#i.wait(Math.max(1,t-(Date.now()-e)),this.#h.signal)}catch(r){if(this.#f)return;this.#t.onProblem?.({path:this.state.tasksDir,line:0,offset:0,reason:r.message}),await new Promise(i=>setTimeout(i,t))}}#w(t){let e=this.state.taskDir(t),s;try{s=Deno.lstatSync(e).mtime?.getTime()??0}catch{return}if(!(this.#c.get(t)===s&&Date.now()-s>Ku)){this.#c.set(t,s);try{for(let r of Deno.readDirSync(e))!r.isFile&&!r.isDirectory&&!r.isSymlink&&ya(`${e}/${r.name}`)}catch{}for(let r of ju())r.startsWith(`${e}/`)&&ya(r)}}#$(){let t=this.#t.queueItemsMax??1e4;for(let e of this.#r)if(e.lossless&&e.queue.length>=t)return!0;return!1}async#x(){let t=[...this.#a];this.#a.clear();let e=[],s=[],r=l(async a=>{let c=this.#e.get(a);if(c){for(let u=0;u<64;u++){let h;try{h=await c.tail.read(),c.bad=void 0}catch(f){if(!(f instanceof C))throw f;c.bad!==f.message&&mn(this.#t,f,c.task),c.bad=f.message;break}if(c.reset&&(c.reset=!1,!await this.#g(a,c)))return;for(let f of h.records){let d=hi(f,c.task,c.tail.path,this.#t.onProblem);d&&e.push(new Kn(c.task,f,d))}if(h.atEnd)break;if(u===63||e.length>=yg){this.#a.add(a);break}}s.push([c,c.tail.offset])}},"readOne"),i=0,o=l(async()=>{for(;i<t.length;)await r(t[i++])},"worker");await Promise.all(Array.from({length:Math.min(bg,t.length)},o)),this.#a.size>0&&this.#i.wake(),e.sort((a,c)=>ut(a.cursor,c.cursor));for(let[a,c]of s)a.published=c;e.length>0&&this.#_(e)}#_(t){let e=this.#t.queueItemsMax??1e4;for(let s of this.#r){for(let r of t)s.prefilter&&!s.prefilter(r.record.text)||s.queue.push(r);s.queue.length>e&&!s.lossless&&(s.failure=new y("fell-behind",`The live feed fell ${s.queue.length} events behind; resume after the last cursor seen`),s.queue=[],this.#r.delete(s)),s.wakeup.wake()}}subscribe(t={}){if(!this.#p)throw new Error("ProjectFollower.subscribe before start");let e={queue:[],wakeup:new te,lossless:t.lossless===!0,prefilter:t.prefilter,failure:null,closed:this.#f},s=new Map,r=[];for(let[h,f]of this.#e)s.set(h,f.published),r.push(f.task);this.#r.add(e);let i=this.state,o=l(()=>{this.#r.delete(e),a.wake()},"unsubscribe"),a=this.#o,c=this.#t.onProblem,u=zs(t,pa);return{async*[Symbol.asyncIterator](){try{if(u.from!=="now"){let h={start:u,to:s,onProblem:c,onBadLog:l(()=>{},"onBadLog"),signal:t.signal};yield*t.prefilter===void 0||t.needles!==void 0?wi(i,r,{...h,needles:t.needles}):yi(i,r,{...h,prefilter:t.prefilter})}for(;;){if(e.queue.length>0){let h=e.queue;e.queue=[],a.wake(),yield h;continue}if(e.failure)throw e.failure;if(e.closed)return;await e.wakeup.wait(6e4,t.signal)}}finally{o()}}}}}}));function Gu(n,t){let e=n.length^t.length;for(let s=0;s<Math.max(n.length,t.length);s++)e|=(n[s]??0)^(t[s]??0);return e===0}function bi(n){let t;try{t=JSON.parse(n)}catch{return null}if(t===null||typeof t!="object")return null;let e=t;if(typeof e.task!="string"||!Number.isSafeInteger(e.number))return null;let{task:s,number:r,...i}=e,o=Io(i);return!o.ok||!Ze(o.env.event.type)||o.env.seq!==void 0?null:ie(o.env,{id:s,number:r})}async function vg(n,t){try{await Deno.readTextFile(n)===t&&await Deno.remove(n)}catch{}}function _g(n){let t=0;for(let r of n)t+=r.length;let e=new Uint8Array(t),s=0;for(let r of n)e.set(r,s),s+=r.length;return e}function xg(n){return n==="live.json"||/^live-[A-Za-z0-9_.-]{1,100}\.json$/.test(n)}function Yn(n){let t=new Xs(n.root);return t.connect(),{sink:l((e,s)=>{e.seq!==void 0||!Ze(e.event.type)||t.send(ie(e,{id:s.id,number:s.number}))},"sink"),close:l(()=>t.close(),"close")}}var Xu,Yu,ba,$g,Xs,Xn=_((function(){J();fe();Ot();ct();Xu=256*1024;l(Gu,"sameBytes");l(bi,"parseLiveLine");Yu=new TextEncoder,ba=class{static{l(this,"LiveChannelSender")}path;#t=null;#e=!1;#n=0;#s=[];#r=0;#i=!1;#o=!1;#a;#l;dropped=0;constructor(t,e={}){this.path=t,this.#a=e.pendingBytesMax??256*1024,this.#l=e.retryMs??1e3}send(t){if(this.#o)return;if(this.#t||this.connect(),!this.#t&&!this.#e){this.dropped++;return}let e=Yu.encode(JSON.stringify(t)+`
`);if(this.#r+e.length>this.#a){this.dropped++;return}this.#s.push(e),this.#r+=e.length,this.#t&&!this.#i&&this.#c()}connect(){this.#o||this.#t||this.#e||Date.now()<this.#n||(this.#e=!0,this.#n=Date.now()+this.#l,(async()=>{let t=await Deno.readTextFile(this.path),e=JSON.parse(t);if(!Number.isSafeInteger(e.port)||typeof e.key!="string")throw new Error;let s;try{s=await Deno.connect({hostname:"127.0.0.1",port:e.port})}catch(o){throw o instanceof Deno.errors.ConnectionRefused&&await vg(this.path,t),o}let r=0,i=Yu.encode(e.key+`
`);for(;r<i.length;)r+=await s.write(i.subarray(r));return s})().then(t=>{if(this.#e=!1,this.#o)return t.close();this.#t=t,this.#i||this.#c()},()=>{this.#e=!1,this.dropped+=this.#s.length,this.#s=[],this.#r=0}))}async#c(){this.#i=!0;try{for(;this.#s.length>0&&this.#t;){let t=this.#s.length===1?this.#s[0]:_g(this.#s);this.#s=[],this.#r=0;let e=0;for(;e<t.length;)e+=await this.#t.write(t.subarray(e))}}catch{try{this.#t?.close()}catch{}this.#t=null,this.dropped+=this.#s.length,this.#s=[],this.#r=0}finally{this.#i=!1}}close(){this.#o=!0;try{this.#t?.close()}catch{}this.#t=null}};l(vg,"removeStale");l(_g,"concat");l(xg,"isLiveAnnouncement");$g=256,Xs=class{static{l(this,"LiveChannelFanout")}dir;#t=new Map;#e;#n=0;#s=!1;#r=!1;#i=[];#o;constructor(t,e={},s=()=>!0){this.dir=t,this.#e=e,this.#o=s}get dropped(){let t=0;for(let e of this.#t.values())t+=e.dropped;return t}connect(){this.#r||this.#s||Date.now()<this.#n||(this.#s=!0,this.#n=Date.now()+(this.#e.retryMs??1e3),me(this.dir).then(t=>{let e=new Set;for(let r of t)r.isFile&&xg(r.name)&&this.#o(r.name)&&e.add(`${this.dir}/${r.name}`);if(this.#s=!1,this.#r)return;for(let[r,i]of this.#t)e.has(r)||(i.close(),this.#t.delete(r));for(let r of e){let i=this.#t.get(r);i||(i=new ba(r,this.#e),this.#t.set(r,i)),i.connect()}let s=this.#i;this.#i=null;for(let r of s??[])for(let i of this.#t.values())i.send(r)},()=>{this.#s=!1,this.#i=null}))}send(t){if(!this.#r){if(this.connect(),this.#i!==null&&this.#s){this.#i.length<$g&&this.#i.push(t);return}for(let e of this.#t.values())e.send(t)}}close(){this.#r=!0;for(let t of this.#t.values())t.close();this.#t.clear()}};l(Yn,"liveChannelSink")}));var eh={};W(eh,{LIVE_CONNECTIONS_MAX:()=>Qu,LIVE_KEY_WITHIN_MS:()=>th,listenLiveChannel:()=>Gs});async function Gs(n,t,e,s={}){let r;try{r=Deno.listen({hostname:"127.0.0.1",port:0});let u={port:r.addr.port,key:t};await Deno.writeTextFile(n,JSON.stringify(u)+`
`,{mode:384}),await Deno.chmod(n,384).catch(()=>{})}catch(u){return s.onWarning?.(`cannot open the live channel (${u.message}): agent_delta events of other processes will not be streamed`),{close:l(()=>Promise.resolve(),"close"),port:0}}let i=Zu.encode(t),o=new Set,a=l(async u=>{let h=new nt({lineBytesMax:Xu}),f=new Uint8Array(64*1024),d=!1,p=setTimeout(()=>{if(!d)try{u.close()}catch{}},s.keyWithinMs??th);try{for(;;){let m=await u.read(f);if(m===null)break;let{lines:w}=h.push(f.subarray(0,m));for(let g of w){if(!d){if(!Gu(Zu.encode(g),i))throw new Error("wrong key");d=!0;continue}let b=bi(g);b&&e(b)}}}catch{}clearTimeout(p),o.delete(u);try{u.close()}catch{}},"serveConn"),c=(async()=>{try{for await(let u of r){if(o.size>=Qu){u.close();continue}o.add(u),a(u)}}catch{}})();return{port:r.addr.port,async close(){try{(await Deno.readTextFile(n)).includes(t)&&await Deno.remove(n)}catch{}try{r.close()}catch{}for(let u of o)try{u.close()}catch{}o.clear(),await c}}}var Qu,th,Zu,vi=_((function(){Yt();Xn();Qu=256,th=5e3,Zu=new TextEncoder;l(Gs,"listenLiveChannel")}));var oh={};W(oh,{EVENTS_HELP:()=>Sg,eventsCommand:()=>Eg,parseTypes:()=>sh});function sh(n){let t=Co(n),e=new Set(Kt),s=t.filter(r=>!e.has(r));if(s.length>0)throw new y("usage",`--type: unknown event type${s.length>1?"s":""} ${s.map(r=>`"${r.slice(0,40)}"`).join(", ")}; known types: ${Kt.join(", ")}`);return[...new Set(t)]}async function Eg(n,t){$e();let{values:e,positionals:s}=R("events",t,{after:{type:"string"},run:{type:"string"},all:{type:"boolean"},json:{type:"boolean"},since:{type:"string"},type:{type:"string",multiple:!0},task:{type:"string",multiple:!0},"after-cursor":{type:"string"},follow:{type:"boolean",short:"f"},"exit-status":{type:"boolean"},verbose:{type:"boolean",short:"v"}});if(n.json=e.json===!0,s.length>1)throw new y("usage",`taskline events: name at most one task, not ${s.length} (${s.slice(0,3).join(" ")})`);let r=sh(e.type),i=e.since===void 0?null:ni(String(e.since)),o=n.json?null:await Promise.resolve().then(()=>(un(),Eu)),a=o!==null&&o.useColor(n.io.stdout.isTerminal,n.io.env),c=n.json||e.verbose===!0?new Set:new Set([...o.VERBOSE_TYPES].filter(d=>!r.includes(d))),u={view:o,types:r,sinceNs:i,color:a,hidden:c,follow:e.follow===!0};if(s.length===0){for(let p of["after","run","all","exit-status"])if(e[p]!==void 0)throw new y("usage",`taskline events: --${p} needs a task (taskline events <TASK> --${p} ...)`);let d=e["after-cursor"]===void 0?null:On(String(e["after-cursor"]));return await Mg(n,{...u,refs:Co(e.task),afterCursor:d})}for(let d of["task","after-cursor"])if(e[d]!==void 0)throw new y("usage",`taskline events: --${d} is for the events of every task, not with a task`);let h=Pr("after",e.after);if(e.all&&(h!==void 0||e.run!==void 0||u.follow))throw new y("usage","taskline events: --all does not go with --after, --run or --follow");let f=await n.task(s[0]);return await Ag(n,f,{...u,after:h,run:e.run,all:e.all===!0,exitStatus:e["exit-status"]===!0})}async function Ag(n,t,e){let s=new cn({types:e.types,sinceNs:e.sinceNs}),r=l(f=>s.keeps(null,f),"keep"),i=n.io.stdout,o=new _i(i),a=l(async f=>{for(let d of f)if(d.light===!0&&"mem"in d){let p=o.bytes(d.mem,d.start,d.end);p!==void 0&&await p}else d.light===!0||n.json?await o.text(Ce(d)+`
`):e.hidden.has(d.env.event.type)||await o.text(e.view.renderEvent(d.env,{color:e.color})+`
`);await o.end()},"print");if(e.all){let{openReplay:f}=await Promise.resolve().then(()=>(sn(),zc)),d=await f(n.state,t,{all:!0,prefilter:s.prefilter,onProblem:n.problem,signal:n.io.signal});for await(let p of d.batches)await a(p.records.filter(m=>r(m.env)));return 0}let c=await gu(n.state,t,{after:e.after,run:e.run,follow:e.follow,keep:l(f=>r(f.env),"keep"),needles:s.needles??void 0,json:n.json,exactOutcome:e.exitStatus,onProblem:n.problem,onReset:l(f=>void n.warn(`${f.path} was ${f.reason} (it had ${f.offset} bytes read): reading it again from its start`),"onReset"),signal:n.io.signal}),u=rh(),h=e.follow?await ih(n,e,f=>f.task===t.id&&r(f),f=>u(async()=>{await o.text(e.view.renderEvent(f,{color:e.color})+`
`),await o.end(),await i.flush()})):null;try{for await(let f of c.batches){let d=l(async()=>{await a(f),e.follow&&await i.flush()},"step");await(h?u(d):d())}}finally{await h?.close()}return c.outcome()==="interrupted"&&(await i.flush(),await n.warn(`run ${c.run()?.slice(0,8)} of task #${t.number} has no run_finished and no process runs it (its process died): stopped following it`)),e.exitStatus?mu(c.outcome()):0}async function Mg(n,t){let[{FEED_BEGINNING:e,FEED_NOW:s,feedAfter:r},{ProjectFollower:i},{replayBytes:o}]=await Promise.all([Promise.resolve().then(()=>(Js(),Mu)),Promise.resolve().then(()=>(ki(),Vu)),Promise.resolve().then(()=>(Vn(),Ju))]),a=new cn({types:t.types,sinceNs:t.sinceNs}),c=null;if(t.refs.length>0){c=new Set;for(let g of t.refs)c.add((await n.task(g)).id)}else await n.state.requireExists();let u=n.io.stdout,h=new _i(u),f=l(async g=>{for(let b of g){let v=b;if(v.sec!==void 0){if(!a.keepsAt(b.task,v.type,v.sec,v.nanos))continue}else if(!a.keeps(b.task,b.record.env))continue;if(n.json)if(v.bytes){let x=h.bytes(v.prefix,0,v.prefix.length);x!==void 0&&await x,x=h.bytes(v.bytes,v.start+1,v.end),x!==void 0&&await x}else await h.text((v.taggedText?v.taggedText():ge(b.record,b.task))+`
`);else t.hidden.has(b.record.env.event.type)||await h.text(t.view.renderEvent(b.record.env,{color:t.color,number:b.task.number})+`
`)}await h.end()},"print"),d=c===null?void 0:g=>c.has(g.id);if(!t.follow){let g=(await n.tasks()).filter(b=>d===void 0||d(b));for await(let b of o(n.state,g,{start:t.afterCursor!==null?r(t.afterCursor):e,reuseBuffers:!0,needles:a.needles,onProblem:n.problem,onBadLog:n.badLog,signal:n.io.signal}))await f(b);return n.status(0)}let p=rh(),m=await ih(n,t,g=>a.keeps(null,g)&&(c===null||c.has(g.task)),g=>p(async()=>{await h.text(t.view.renderEvent(g,{color:t.color,number:g.number})+`
`),await h.end(),await u.flush()})),w=new i(n.state,{taskFilter:d,onProblem:n.problem,onBadLog:n.badLog,onReset:l(g=>void n.warn(`${g.path} was ${g.reason}: reading it again from its start`),"onReset"),onRemoved:l(g=>void n.warn(`Task #${g.number} (${g.dir}) was discarded while it was followed`),"onRemoved")});try{await w.start();let g=t.afterCursor!==null?r(t.afterCursor):t.sinceNs!==null?e:s,b=w.subscribe({start:g,prefilter:a.prefilter,needles:a.needles,signal:n.io.signal,lossless:!0});for await(let v of b){let x=l(async()=>{await f(v),await u.flush()},"step");await(m?p(x):x())}}finally{w.close(),await m?.close()}return 0}function rh(){let n=Promise.resolve();return t=>n=n.then(t,t)}async function ih(n,t,e,s){if(n.json||t.hidden.has("agent_delta")||t.types.length>0&&!t.types.includes("agent_delta"))return null;let{listenLiveChannel:r}=await Promise.resolve().then(()=>(vi(),eh));return await r(n.state.liveListenerPath(`events-${Deno.pid}`),crypto.randomUUID().replaceAll("-",""),i=>{i.event.type==="agent_delta"&&e(i)&&s(i).catch(()=>{})},{onWarning:l(i=>void n.warn(i),"onWarning")})}var Sg,_i,nh,Tg,ah=_((function(){Jt();J();A();yu();it();Le();ca();X();Sg=`Usage: taskline events <TASK> [options]
       taskline events [options]          (every task)

With a task: replays the events of its current run in seq order.
Without: every logged event of every task, merged by event cursor, each
line starting with #N (the task's number).

Options:
  --after <SEQ>         (task) only events after that seq
  --run <PREFIX>        (task) another run of the task
  --all                 (task) every run of the task (not with --after, --follow)
  --since <TIME>        events at or after TIME: RFC 3339, or an age such as
                        90s, 15m, 2h, 1d, 1h30m
  --type <T>            only these event types (repeatable, comma-separated)
  --task <REF>          (every task) only these tasks (repeatable)
  --after-cursor <C>    (every task) resume strictly after an event cursor
  -f, --follow          after the replay, print events as they are appended;
                        with a task it ends at the end of the run; without,
                        on Ctrl-C (and starts from now unless --since or
                        --after-cursor gives a start)
  --exit-status         (task) exit 0 when the run succeeded, 2 when it ended
                        paused, 1 otherwise
  --json                one envelope a line (the read form); tagged
                        envelopes without a task
  -v, --verbose         also agent_delta and budget_updated in human lines;
                        a follow also shows the agent_delta text that runs
                        of other processes stream (never logged)

Human lines: "HH:MM:SS.mmm <symbol> <what happened>", times in UTC.`;l(sh,"parseTypes");_i=class{static{l(this,"LineOut")}out;#t;#e;#n;#s;#r;#i;constructor(t){this.out=t,this.#t=null,this.#e=0,this.#n=0,this.#s=new Uint8Array(nh),this.#r=0,this.#i=""}bytes(t,e,s){if(this.#t===t&&e===this.#n){this.#n=s;return}if(this.#i!=="")return this.#o(t,e,s);if(this.#t!==null){if(this.#n-this.#e>nh-this.#r)return this.#l().then(()=>this.#a(t,e,s));this.#s.set(this.#t.subarray(this.#e,this.#n),this.#r),this.#r+=this.#n-this.#e}this.#a(t,e,s)}async#o(t,e,s){await this.end(),this.#a(t,e,s)}#a(t,e,s){this.#t=t,this.#e=e,this.#n=s}async text(t){(this.#t!==null||this.#r>0)&&await this.#l(),this.#i+=t,this.#i.length>=64*1024&&await this.#u()}async end(){(this.#t!==null||this.#r>0)&&await this.#l(),this.#i!==""&&await this.#u()}async#l(){if(this.#r>0&&(await this.#c(this.#s.subarray(0,this.#r)),this.#r=0),this.#t!==null){let t=this.#t;this.#t=null,await this.#c(t.subarray(this.#e,this.#n))}}#c(t){return this.out.writeBytes?this.out.writeBytes(t):this.out.write(Tg.decode(t))}#u(){let t=this.#i;return this.#i="",this.out.write(t)}},nh=512*1024,Tg=new TextDecoder;l(Eg,"eventsCommand");l(Ag,"taskForm");l(Mg,"feedForm");l(rh,"serialized");l(ih,"liveDeltas")}));function Og(n){let t=Ns[n],e={type:{const:n}},s=["type"];for(let[r,i]of Object.entries(t))e[r]=i.schema,!i.optional&&i.default0_5===void 0&&s.push(r);return{type:"object",required:s,properties:e}}var lh,ch=_(()=>{J();Ln();l(Og,"eventSchema");lh={$schema:"https://json-schema.org/draft/2020-12/schema",$id:"https://taskline.dev/schema/envelope-2.json",title:"taskline event envelope, schema 2",description:"One line of .taskline/tasks/<task dir>/events.jsonl and of `taskline events --json`. Fields added in 0.5 are optional when reading; unknown event types and fields are ignored.",type:"object",required:["schema","at","event"],properties:{schema:{const:2,description:"Event format version."},seq:{type:"integer",minimum:1,description:"Position in the run; absent for ephemeral and run-less events."},at:{type:"string",format:"date-time",description:"Publication time (RFC 3339)."},event:{$ref:"#/$defs/event"}},$defs:{event:{type:"object",required:["type"],properties:{type:{type:"string",minLength:1}},allOf:Kt.map(n=>({if:{properties:{type:{const:n}},required:["type"]},then:{$ref:`#/$defs/${n}`}}))},...Object.fromEntries(Kt.map(n=>[n,Og(n)]))}}});var uh={};W(uh,{SCHEMA_HELP:()=>Ng,schemaCommand:()=>Cg});async function Cg(n,t){return await n.io.stdout.write(JSON.stringify(lh,null,2)+`
`),0}var Ng,hh=_(()=>{ch();Ng=`Usage: taskline schema

Prints the JSON Schema (2020-12) of one line of events.jsonl (schema 2).`;l(Cg,"schemaCommand")});function xi(){return{run:"",started_at:"",validations:[],validation_fix_attempts:0,pending_validation_fix:!1,usage:B(),active_ms:0,pending_approval:null,approvals:[]}}function Gn(n){return typeof n=="number"&&Number.isFinite(n)?n:0}function va(n){let t=xi();if(n===null||typeof n!="object"||Array.isArray(n))return t;let e=n,s=e.usage??{},r={...e,run:typeof e.run=="string"?e.run:"",started_at:typeof e.started_at=="string"?e.started_at:"",validations:Array.isArray(e.validations)?e.validations:[],validation_fix_attempts:Gn(e.validation_fix_attempts),pending_validation_fix:e.pending_validation_fix===!0,usage:{input_tokens:Gn(s.input_tokens),output_tokens:Gn(s.output_tokens),cache_read_tokens:Gn(s.cache_read_tokens),cache_write_tokens:Gn(s.cache_write_tokens)},active_ms:Gn(e.active_ms),pending_approval:e.pending_approval==="spec"||e.pending_approval==="plan"||e.pending_approval==="merge"?e.pending_approval:null,approvals:Array.isArray(e.approvals)?e.approvals:[]};return typeof r.status!="string"&&delete r.status,typeof r.current_phase!="string"&&delete r.current_phase,r}async function Zn(n,t){try{return va(await In(n.runJsonPath(t)))}catch(e){if(e instanceof SyntaxError)return xi();throw e}}async function fh(n,t,e){await de(n.runJsonPath(t),JSON.stringify(e,null,2)+`
`)}var Zs=_((function(){J();ct();l(xi,"emptyRunState");l(Gn,"num");l(va,"normalizeRunState");l(Zn,"loadRunState");l(fh,"saveRunState")}));function $i(n){let t=n.startsWith("\uFEFF")?" "+n.slice(1):n,e=[],s=0,r=0,i="",o=l((c,u)=>{e.push(t.slice(r,c),t.slice(c,u).replace(/[^\n]/g," ")),r=u},"blank");for(;s<t.length;){let c=t[s];if(c==='"'){for(s++;s<t.length&&t[s]!=='"'&&t[s]!==`
`;)s+=t[s]==="\\"?2:1;s++,i='"'}else if(c==="/"&&t[s+1]==="/"){let u=t.indexOf(`
`,s);o(s,u<0?t.length:u),s=u<0?t.length:u}else if(c==="/"&&t[s+1]==="*"){let u=t.indexOf("*/",s+2);if(u<0)return{ok:!1,message:"a comment is not closed",line:dh(t,s)};o(s,u+2),s=u+2}else if(c===","){let u=s+1;for(;;){for(;u<t.length&&/\s/.test(t[u]);)u++;if(t.startsWith("//",u))u=t.indexOf(`
`,u)<0?t.length:t.indexOf(`
`,u);else if(t.startsWith("/*",u)&&t.indexOf("*/",u+2)>=0)u=t.indexOf("*/",u+2)+2;else break}(t[u]==="}"||t[u]==="]")&&i!==","&&i!=="["&&i!=="{"&&o(s,s+1),i=",",s++}else/\s/.test(c)||(i=c),s++}e.push(t.slice(r));let a=e.join("");if(a.trim()==="")return{ok:!0,value:void 0};try{return{ok:!0,value:JSON.parse(a)}}catch(c){return{ok:!1,message:c.message.replace(/\s*(?:in JSON )?at position \d+.*$/s,"").replace(/, ".*" is not valid JSON$/s,""),line:dh(a,Lg(a))}}}function Lg(n){let t=0,e=l(()=>{for(;t<n.length&&` 	
\r`.includes(n[t]);)t++},"ws"),s=l(()=>{throw t},"fail"),r=l(o=>{e(),o>512&&s();let a=n[t];if(a==="{"||a==="["){let u=a==="{"?"}":"]";if(t++,e(),n[t]===u){t++;return}for(;;)if(a==="{"&&(e(),n[t]!=='"'&&s(),i(),e(),n[t]!==":"&&s(),t++),r(o+1),e(),n[t]===",")t++;else if(n[t]===u){t++;return}else s()}if(a==='"')return i();let c=/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|^true|^false|^null/.exec(n.slice(t,t+400));c||s(),t+=c[0].length},"value"),i=l(()=>{for(t++;(t>=n.length||n.charCodeAt(t)<32)&&s(),n[t]!=='"';)n[t]==="\\"?/^u[0-9a-fA-F]{4}/.test(n.slice(t+1,t+6))?t+=6:'"\\/bfnrt'.includes(n[t+1]??"x")?t+=2:s():t++;t++},"string");try{return r(0),e(),t}catch(o){return typeof o=="number"?o:0}}function dh(n,t){let e=1;for(let s=n.indexOf(`
`);s>=0&&s<t;s=n.indexOf(`
`,s+1))e++;return e}var _a=_((function(){l($i,"parseJsonc");l(Lg,"errorOffset");l(dh,"lineOf")}));function Ft(){return{pipeline:{approvals:[],trace_outputs:!0,trace_max_chars:1e5,max_validation_fix_attempts:2,max_tokens:null,max_duration_secs:null,project_memory:!0,validation_commands:[],isolate_subtasks:!0,auto_merge:!1},pricing:{},pricing_currency:"USD",server:{host:"127.0.0.1",port:7777},security:{web_allowed_domains:[],search_url:null},fleet:{project:null,stream:"TASKLINE"}}}function yn(n){return n!==null&&typeof n=="object"&&!Array.isArray(n)}function jg(n,t="config.jsonc"){let e=$i(n);if(!e.ok)throw new y("bad-state",`Cannot read ${t}: ${e.message}${e.line>0?` at line ${e.line}`:""}`);let s=e.value,r=Ft(),i=[];if(s===void 0)return{settings:r,warnings:i};if(!yn(s))throw new y("bad-state",`Cannot read ${t}: not an object`);let o=l((a,c)=>i.push(`${t}: ${a} must be ${c}; using the default`),"wrong");for(let[a,c]of Object.entries(s))switch(a){case"pipeline":if(!yn(c)){o("pipeline","an object");break}for(let[u,h]of Object.entries(c)){let f=Object.hasOwn(mh,u)?mh[u]:void 0;f?f[0](h)?r.pipeline[u]=h:o(`pipeline.${u}`,f[1]):i.push(`${t}: unknown key pipeline.${u}`)}break;case"pricing":if(!yn(c)){o("pricing","an object");break}for(let[u,h]of Object.entries(c)){if(!yn(h)){o(`pricing.${u}`,"an object of prices");continue}let f={input:0,output:0,cache_read:0,cache_write:0},d=!0;for(let[p,m]of Object.entries(h))p in f?typeof m!="number"||m<0?d=!1:f[p]=m:i.push(`${t}: unknown key pricing.${u}.${p}`);d?r.pricing[u]=f:o(`pricing.${u}`,"non-negative prices per million tokens")}break;case"pricing_currency":typeof c=="string"&&c!==""?r.pricing_currency=c:o(a,"a currency code");break;case"server":if(!yn(c)){o("server","an object");break}for(let[u,h]of Object.entries(c))u==="host"&&typeof h=="string"?r.server.host=h:u==="port"&&Number.isSafeInteger(h)&&h>=0?r.server.port=h:u==="host"||u==="port"?o(`server.${u}`,"a host or a port"):i.push(`${t}: unknown key server.${u}`);break;case"security":if(!yn(c)){o("security","an object");break}for(let[u,h]of Object.entries(c))u==="web_allowed_domains"&&gh(h)?r.security.web_allowed_domains=h:u==="search_url"&&(h===null||typeof h=="string")?r.security.search_url=h:u==="web_allowed_domains"||u==="search_url"?o(`security.${u}`,"a list of domains or a URL"):i.push(`${t}: unknown key security.${u}`);break;case"fleet":if(!yn(c)){o("fleet","an object");break}for(let[u,h]of Object.entries(c))u==="project"&&(h===null||typeof h=="string"&&h!=="")?r.fleet.project=h:u==="stream"&&typeof h=="string"&&/^[A-Za-z0-9_-]{1,64}$/.test(h)?r.fleet.stream=h:u==="project"||u==="stream"?o(`fleet.${u}`,"a name"):i.push(`${t}: unknown key fleet.${u}`);break;default:i.push(`${t}: unknown key ${a}`)}return{settings:r,warnings:i}}async function Ue(n){let t;try{t=await Br(n.configPath,{root:n.root})}catch(e){if(e instanceof C)return{settings:Ft(),warnings:[`${e.message}; the default settings are used`]};throw new y("io",`Cannot read ${n.configPath}: ${e.message}`)}return t===null?{settings:Ft(),warnings:[]}:jg(new TextDecoder().decode(t),n.configPath)}var Si,Rg,ph,gh,mh,ke=_((function(){_a();A();X();l(Ft,"defaultSettings");Si=l(n=>typeof n=="boolean","isBool"),Rg=l(n=>Number.isSafeInteger(n)&&n>=0,"isNonNegInt"),ph=l(n=>n===null||typeof n=="number"&&n>0,"isPosOrNull"),gh=l(n=>Array.isArray(n)&&n.every(t=>typeof t=="string"),"isStrings"),mh={approvals:[n=>Array.isArray(n)&&n.every(t=>t==="spec"||t==="plan"||t==="merge"),'a list of "spec", "plan", "merge"'],trace_outputs:[Si,"true or false"],trace_max_chars:[n=>Number.isSafeInteger(n)&&n>0,"a positive integer"],max_validation_fix_attempts:[Rg,"a non-negative integer"],max_tokens:[ph,"a positive number or null"],max_duration_secs:[ph,"a positive number or null"],project_memory:[Si,"true or false"],validation_commands:[gh,"a list of strings"],isolate_subtasks:[Si,"true or false"],auto_merge:[Si,"true or false"]};l(yn,"isObject");l(jg,"parseSettings");l(Ue,"loadSettings")}));function wh(n){return kh(n,Dg)}function tr(n){let t=n.length;for(let e=0;e<n.length-1;e++){let s=n.charCodeAt(e);if(s>=55296&&s<=56319){let r=n.charCodeAt(e+1);r>=56320&&r<=57343&&(t--,e++)}}return t}function kh(n,t){if(n.length<=t)return n;let e=0;for(let s=0;s<t&&e<n.length;s++){let r=n.charCodeAt(e),i=n.charCodeAt(e+1);e+=r>=55296&&r<=56319&&i>=56320&&i<=57343?2:1}return n.slice(0,e)}function yh(n,t){return`[taskline: output cut to the first ${n} of ${t} characters]`}function Pg(n,t){if(n.length<=t)return n;let e=tr(n);if(e<=t)return n;let s=Math.max(0,t-yh(t,e).length-2),r=kh(n,s),i=r===""||r.endsWith(`
`)?"":`
`;return`${r}${i}${yh(s,e)}
`}async function bh(n,t,e,s={}){if(!/^[0-9a-f]{12}$/.test(t.call)||/[/\\]|^\.\.?$/.test(t.run))return null;let r=n.traceFile(t.dir,t.run,t.call),i=`${n.toolOutputDir}/${t.dir}/${t.run}`,o=Pg(e,s.maxChars??1e5);try{Qs.has(i)||(Deno.mkdirSync(i,{recursive:!0}),Ig(i));try{Pn(r,o)}catch(c){if(!(c instanceof Deno.errors.NotFound))throw c;Deno.mkdirSync(i,{recursive:!0}),Pn(r,o)}return`${n.root.split("/").filter(c=>c!==""&&c!==".").pop()??".taskline"}/tool-output/${t.dir}/${t.run}/${t.call}.txt`}catch{return Qs.delete(i),await Deno.remove(r).catch(()=>{}),null}}function Ig(n){Qs.size>=1024&&Qs.clear(),Qs.add(n)}var Dg,Qs,xa=_((function(){ct();Dg=200;l(wh,"previewOf");l(tr,"charCount");l(kh,"cutChars");l(yh,"cutMarker");l(Pg,"traceFileText");l(bh,"writeTraceOutput");Qs=new Set;l(Ig,"rememberDir")}));async function qg(n,t){if(await Xt(n)===null)return 0;let e=await pe(Deno.open(n,{read:!0,write:!0}));if(e===null)return 0;try{let s=(await e.stat()).size;if(s===0)return 0;let r=await jn(e,s);if(r===s-1)return s;let i=await oe(e,r+1,s-(r+1)),o=new TextDecoder().decode(i);return V(o).ok?(await e.seek(0,Deno.SeekMode.End),await e.write(Ti.encode(`
`)),t?.(`${n}: completed a last line that lacked its newline`),s+1):(await e.truncate(r+1),t?.(`${n}: removed a torn last line of ${i.length} bytes left by an interrupted write`),r+1)}finally{e.close()}}async function Fg(n,t,e,s,r){let i=n.logPath(t.dir),o=await Dn(i,{to:e});if(o===null||o.type==="run_finished")return e;let a=await Hr(i,o.run,e);return a===null||a.event.type==="run_finished"?e:await Ug(i,o,e,s,r)}async function Ug(n,t,e,s,r){let{run:i,seq:o}=t,a=_h(s,i)?{...s,started_at:s.started_at||await $a(n,i,e)}:await xh(n,i,e,s),c=`Run ${i} ended without run_finished (its process died); finished as failed by the next run`,u=[{type:"log",run:i,level:"error",message:c},{type:"run_finished",run:i,success:!1,status:"failed",usage:{...a.usage},active_ms:a.active_ms,started_at:a.started_at}].map((d,p)=>Zt({schema:2,seq:o+1+p,at:r.clock.now(),event:d})+`
`).join(""),h=Ti.encode(u),f=await Deno.open(n,{write:!0,append:!0});try{let d=0;for(;d<h.length;)d+=f.writeSync(h.subarray(d))}catch(d){try{f.truncateSync(e)}catch{}throw new y("io",`Cannot append to ${n}: ${d.message}`,{cause:d})}finally{f.close()}return r.onRepair?.(c),e+h.length}function _h(n,t){if(n.run!=="")return n.run===t;let e=n.usage;return n.active_ms>0||e.input_tokens>0||e.output_tokens>0||e.cache_read_tokens>0||e.cache_write_tokens>0}async function xh(n,t,e,s){let r={...s,run:t,started_at:"",usage:B(),active_ms:0};return await Ee(n,'"run_finished"',i=>{let o=V(i);if(o.ok&&o.env.event.type==="run_finished"&&P(o.env.event)===t){let a=o.env.event;return r.usage={...a.usage},r.active_ms=a.active_ms,o.upgraded||(r.started_at=a.started_at),!0}return!1},{to:e}),r.started_at===""&&(r.started_at=await $a(n,t,e)),r}async function $a(n,t,e){let s=l(r=>r.includes(t)&&r.includes('"run_started"'),"prefilter");for await(let r of bt(n,{to:e,prefilter:s})){let i=r.records.find(o=>o.env.event.type==="run_started"&&P(o.env.event)===t);if(i)return i.env.at}return""}var Ti,vh,Be,Ei=_((function(){X();fe();J();ue();Ot();zn();A();ye();Ae();Zs();ct();gt();ke();xa();Ti=new TextEncoder,vh=1024*1024,Be=class n{static{l(this,"RunRecorder")}state;task;run;mode;settings;#t;#e;#n;#s;#r;#i=new Set;#o;#a=!1;#l=!1;#c=0;#u;constructor(t){this.state=t.state,this.task=t.task,this.run=t.run,this.mode=t.mode,this.settings=t.settings,this.#t=t.file,this.#e=t.lock,this.#n=t.size,this.#s=t.seq,this.#r=t.clock,this.#o=t.runState,this.#u=t.sink}static async open(t,e,s={}){let r=s.mode??"new",i=await Bs(t,e.dir);try{e.record=(await vt(t,e.dir)).record;let o=t.logPath(e.dir),a=await qg(o,s.onRepair),c,u=0,h=await Zn(t,e.dir);if(r==="new")a=await Fg(t,e,a,h,{clock:s.clock??Po,onRepair:s.onRepair}),c=s.runId??crypto.randomUUID(),h={...h,...xi(),run:c,status:void 0};else{let d=await Dn(o,{to:a}),p=d??await It(o,{to:a});if(!p)throw new y("not-found",`Cannot resume task #${e.number}: it has no run yet`);c=p.run,u=d?.seq??0,_h(h,c)?(h.started_at===""||h.run==="")&&(h={...h,run:c,started_at:h.started_at||await $a(o,c,a)}):h=await xh(o,c,a,h)}let f=await Deno.open(o,{write:!0,append:!0,create:!0});return new n({state:t,task:e,run:c,mode:r,settings:s.settings??Ft(),file:f,lock:i,size:a,seq:u,clock:s.clock??Po,runState:h,sink:s.sink??null})}catch(o){throw i.release(),o}}get seq(){return this.#s}get runState(){return this.#o}get finished(){return this.#l}subscribe(t){return this.#i.add(t),()=>this.#i.delete(t)}emit(t){return this.emitAll([t])[0]}emitAll(t,e={}){if(!this.#t)throw new Error("RunRecorder.emit after close");if(this.#l)throw new Error(`RunRecorder.emit(${t[0]?.type}) after run_finished`);let s=e.texts,r=new Array(t.length),i=[],o=0,a=this.#s;for(let c=0;c<t.length;c++){let u=t[c],h=u.type,f=u.run,d=u;if(f!==this.run){let{type:g,run:b,...v}=u;d={type:h,run:f??this.run,...v}}let p=this.#r.now(c>0);if(Ze(h)){r[c]={schema:2,at:p,event:d};continue}let m={schema:2,seq:++a,at:p,event:d},w=`{"schema":${2},"seq":${a},"at":${JSON.stringify(p)},"event":${this.#d(d,f===void 0||f===this.run?s?.[c]:void 0)}}
`;i.push(w),o+=w.length,r[c]=m}i.length>0&&this.#m(i,o),this.#s=a;for(let c of r)c.event.type==="agent_finished"?this.#y(c.event.usage):c.event.type==="phase_started"&&typeof c.event.phase=="string"&&(this.#o.current_phase=c.event.phase),this.#k(c);return r}#f=new Map;#h;#p="";#d(t,e){if(e===void 0)return JSON.stringify(t);let s=this.#f.get(t.type);return s===void 0&&(s=`{"type":${JSON.stringify(t.type)},`,this.#f.size<256&&this.#f.set(t.type,s)),e.startsWith(s)?(this.#p===""&&(this.#p=`"run":${JSON.stringify(this.run)},`),s+this.#p+e.slice(s.length)):JSON.stringify(t)}start(){if(this.mode==="append")throw new Error("RunRecorder.start in append mode");if(this.#a)throw new Error("RunRecorder.start twice");let t=this.emit({type:"run_started",task:this.task.id});return this.#a=!0,this.#c=performance.now(),this.#o.started_at===""&&(this.#o.started_at=t.at),t}async toolReturned(t){return this.emit(await this.keepOutput(t))}async keepOutput(t){let e=this.settings.pipeline.trace_outputs?await bh(this.state,{dir:this.task.dir,run:this.run,call:t.call},t.output,{maxChars:this.settings.pipeline.trace_max_chars}):null;return{type:"tool_returned",role:t.role,tool:t.tool,is_error:t.is_error,duration_ms:t.duration_ms,preview:wh(t.output),call:t.call,subtask:t.subtask,exit_code:t.exit_code??null,timed_out:t.timed_out??!1,output_chars:tr(t.output),output_file:e}}activeMs(){let t=this.#a?Math.round(performance.now()-this.#c):0;return this.#o.active_ms+t}async finish(t){if(!this.#a)throw new Error("RunRecorder.finish before start");let e=t.segmentMs;this.#o.active_ms=e!==void 0&&Number.isFinite(e)&&e>=0?this.#o.active_ms+Math.round(e):this.activeMs(),this.#a=!1;let s=this.emit({type:"run_finished",success:t.success,status:t.status,usage:{...this.#o.usage},active_ms:this.#o.active_ms,started_at:this.#o.started_at});return this.#l=!0,this.#o.status=t.status,await this.saveState(),s}async saveState(){await fh(this.state,this.task.dir,this.#o)}async close(t){if(this.#t)try{if(this.#a&&!this.#l){if(t?.message)try{this.emit({type:"log",level:"error",message:t.message})}catch{}await this.finish({success:!1,status:t?.status??"failed"})}}finally{this.#t.close(),this.#t=null,this.#e?.release(),this.#e=null}}#y(t){let e=this.#o.usage;e.input_tokens+=t.input_tokens??0,e.output_tokens+=t.output_tokens??0,e.cache_read_tokens+=t.cache_read_tokens??0,e.cache_write_tokens+=t.cache_write_tokens??0}#m(t,e){let s;if(e*3<=vh){let o=this.#h??=new Uint8Array(vh),a=0;for(let c of t)a+=Ti.encodeInto(c,o.subarray(a)).written;s=o.subarray(0,a)}else s=Ti.encode(t.join(""));let r=this.#t,i=0;try{for(;i<s.length;)i+=r.writeSync(s.subarray(i))}catch(o){try{i>0&&r.truncateSync(this.#n)}catch{}throw new y("io",`Cannot append to ${this.state.logPath(this.task.dir)}: ${o.message}`,{cause:o})}this.#n+=s.length}#k(t){for(let e of this.#i)try{e(t)}catch{}if(this.#u)try{this.#u(t,this.task)}catch{}}};l(qg,"repairTail");l(Fg,"finishDeadRun");l(Ug,"finishRun");l(_h,"describesRun");l(xh,"stateFromLog");l($a,"firstStartOf")}));async function Sa(n,t,e,s={}){let r=e.approved?"approve":"reject",i;try{i=await Be.open(n,t,{mode:"append",settings:s.settings})}catch(o){throw o instanceof y&&o.code==="not-found"?new y("nothing-pending",`Cannot ${r} task #${t.number}: it has no run, so nothing waits for approval`):o instanceof y&&o.code==="task-running"?new y("task-running",`Cannot ${r} task #${t.number}: a process is running it, so nothing waits for approval`):o}try{let o=i.runState,a=o.pending_approval;if(!a||o.run!==i.run)throw new y("nothing-pending",`Cannot ${r} task #${t.number}: nothing is pending (its run ${i.run.slice(0,8)} does not wait for an approval)`);let c=i.emit({type:"approval_resolved",gate:a,approved:e.approved,comment:e.comment});o.pending_approval=null,o.approvals=[...o.approvals,{gate:a,approved:e.approved,comment:e.comment,at:c.at}];let u=o.engine,h=!u||typeof u!="object";return u&&typeof u=="object"&&typeof u.gate_phase=="number"&&(e.approved?(u.next_phase=u.gate_phase+1,u.rework=null):(u.next_phase=u.gate_phase,u.rework={gate:a,comment:e.comment}),u.gate_phase=null),await i.saveState(),{gate:a,run:i.run,envelope:c,recorded:h}}finally{await i.close()}}var $h=_(()=>{A();Ei();l(Sa,"resolveApproval")});async function Sh(n,t){let e=JSON.stringify({...t,lesson:t.lesson.slice(0,Bg)});await Xt(n.memoryPath,{root:n.root}),await Deno.writeTextFile(n.memoryPath,e+`
`,{append:!0,create:!0})}async function*Ta(n,t={}){let e=await st(n.memoryPath,{root:n.root});if(e!==null)try{let s=new nt({}),r=new Uint8Array(64*1024),i=0;for(;;){let o=await e.read(r);if(o===null)break;for(let a of s.push(r.subarray(0,o)).lines)if(i++,a.trim()!=="")try{let c=JSON.parse(a);c&&typeof c=="object"&&typeof c.lesson=="string"?yield c:t.onProblem?.(i,"not a lesson object")}catch{t.onProblem?.(i,"not JSON")}}}finally{e.close()}}async function Th(n){let t=0;for await(let e of Ta(n))t++;return await pe(Deno.remove(n.memoryPath)),t}var Bg,Ea=_(()=>{Yt();X();ct();Bg=2e3;l(Sh,"appendLesson");l(Ta,"readLessons");l(Th,"clearMemory")});var Ai,Aa=_(()=>{Ai={name:"builtin",description:"A small feature: spec, plan, two subtasks, a validation fix, QA and merge.",tick_ms:100,lesson:"Run the test suite before integrating subtasks; the first validation usually fails.",phases:[{name:"spec",gate:"spec",artefact:{kind:"spec"},agents:[{role:"spec_writer",model:"claude-sonnet-4-5",usage:{input_tokens:2400,output_tokens:600,cache_read_tokens:1200},steps:[{text:"Reading the task and the code it touches before writing the spec."},{parallel:!0,tools:[{tool:"read_file",input:{path:"README.md"},output:`# Project

A small web service.
`,duration_ms:300},{tool:"read_file",input:{path:"src/server.ts"},output:`export function serve() {
  // routes
}
`,duration_ms:100},{tool:"grep",input:{pattern:"login",path:"src"},output:`src/server.ts:12: // TODO login
`,duration_ms:200}]},{text:"The spec: a login route, a session cookie, and tests for both."}]}]},{name:"plan",gate:"plan",artefact:{kind:"plan"},agents:[{role:"planner",model:"claude-sonnet-4-5",usage:{input_tokens:1800,output_tokens:500},steps:[{thinking:"Two parts that touch different files: they can be built separately.",text:"Plan: 1. the login route; 2. the session cookie."}]}]},{name:"build",checkpoint:{message:"taskline: checkpoint before build",files:[]},subtasks:[{title:"Add the login route",attempts:[{agents:[{role:"coder",model:"claude-sonnet-4-5",usage:{input_tokens:5200,output_tokens:1400,cache_read_tokens:3e3},steps:[{text:"Adding the route and its handler."},{tools:[{tool:"write_file",input:{path:"src/login.ts",content:`export function login() {}
`},output:"wrote 28 bytes to src/login.ts"},{tool:"bash",input:{command:"deno test src/login_test.ts",timeout_secs:120},output:`running 2 tests
ok | 2 passed | 0 failed
`,exit_code:0,duration_ms:600}]}]}],commit:{message:"taskline: add the login route",files:["src/login.ts","src/login_test.ts"]}}]},{title:"Add the session cookie",attempts:[{status:"failed",agents:[{role:"coder",model:"claude-sonnet-4-5",usage:{input_tokens:3100,output_tokens:700},steps:[{tools:[{tool:"bash",input:{command:"deno test src/session_test.ts",timeout_secs:120},output:`error: TS2304: Cannot find name 'Cookie'.
`,exit_code:1,duration_ms:500}]},{text:"The cookie type is missing; this attempt cannot finish."}]}]},{agents:[{role:"coder",model:"claude-sonnet-4-5",usage:{input_tokens:3600,output_tokens:900,cache_read_tokens:2e3},steps:[{retry:{what:"provider call",attempts:1,delay_ms:400}},{tools:[{tool:"edit_file",input:{path:"src/session.ts",old:"",new:"import { Cookie }"},output:"edited src/session.ts"}]},{text:"Imported the cookie type; the session tests pass."}]}],commit:{message:"taskline: add the session cookie",files:["src/session.ts"]}}]}]},{name:"validate",validations:[{command:"deno test",exit_codes:[1,0]}]},{name:"qa",gate:"merge",artefact:{kind:"qa_report",round:1},agents:[{role:"qa_reviewer",model:"claude-opus-4-1",usage:{input_tokens:4e3,output_tokens:800,cache_read_tokens:2500},steps:[{text:"Round 1: approved, no issues."}]}],summary:"round 1: approved (0 issues)"},{name:"merge",merge:{base:"main"},summary:"merged into main"}]}});async function Hg(n){try{return await Deno.stat(n),!0}catch{return!1}}function Mi(n,t,e,s={}){let r=n.cancelPath(t),i=!1,o=!1,a=!1,c=l(async()=>{if(!(i||o||a)){a=!0;try{await Hg(r)&&(o=!0,i||e())}finally{a=!1}}},"check"),u=setInterval(c,s.pollIntervalMs??50),h=null;try{if(s.watch===!1)throw new Error("polling only");h=Deno.watchFs(n.taskDir(t),{recursive:!1}),(async()=>{try{for await(let f of h)f.paths.some(d=>d.endsWith("/cancel.request"))&&await c()}catch{}})()}catch{}return c(),()=>{if(!i){i=!0,clearInterval(u);try{h?.close()}catch{}}}}async function Qn(n,t){await Deno.remove(n.cancelPath(t)).catch(()=>{})}var Ma=_(()=>{l(Hg,"exists");l(Mi,"watchCancel");l(Qn,"clearCancelRequest")});function Mh(n){return{scenario:n,next_phase:0,gate_phase:null,rework:null,subtask_ids:{},paused_by:null}}function er(n){return n instanceof Ut?n:new Ut("interrupt","interrupted")}function ts(n){return n.input_tokens+n.output_tokens}function Jg(n){return{...B(),...n??{}}}function Kg(n,t){return{input_tokens:Math.floor(n.input_tokens*t),output_tokens:Math.floor(n.output_tokens*t),cache_read_tokens:Math.floor(n.cache_read_tokens*t),cache_write_tokens:Math.floor(n.cache_write_tokens*t)}}function Eh(){let n=crypto.getRandomValues(new Uint8Array(6));return Array.from(n,t=>t.toString(16).padStart(2,"0")).join("")}function Ah(n){let t="",e=2166136261;for(let s=0;t.length<40;s++){for(let r=0;r<n.length;r++)e^=n.charCodeAt(r)+s,e=Math.imul(e,16777619)>>>0;t+=e.toString(16).padStart(8,"0")}return t.slice(0,40)}function Vg(n){let t=[];return n.subtasks&&t.push(`${n.subtasks} subtask(s) done`),n.validations&&t.push(`${n.validations} validation(s) passed`),n.agents&&t.push(`${n.agents} agent session(s)`),t.join(", ")||"done"}var Ut,wn,Wg,zg,Oi,Oh=_(()=>{J();gt();Ut=class extends Error{static{l(this,"StopRun")}name="StopRun";kind;constructor(t,e){super(e),this.kind=t}},wn=class extends Error{static{l(this,"RunFailure")}name="RunFailure"};l(Mh,"startPosition");Wg="claude-sonnet-4-5",zg=6e5;l(er,"stopOf");l(ts,"tokensOf");l(Jg,"fullUsage");l(Kg,"scaleUsage");l(Eh,"newCallId");l(Ah,"fakeHash");Oi=class{static{l(this,"Engine")}rec;pos;#t;#e;#n;#s;#r;#i=new AbortController;#o=B();#a;#l;constructor(t,e,s={}){this.rec=t,this.pos=e,this.#t=s.speed&&s.speed>0?s.speed:1,this.#e=s.approvals??[],this.#n=s.maxValidationFixAttempts??2,this.#s=s.tokenLimit??null,this.#r=s.durationLimitMs??null,this.#a=e.scenario.tick_ms??100,this.#l=s.autoMerge??!0;let r=s.signal;r&&(r.aborted?this.#i.abort(er(r.reason)):r.addEventListener("abort",()=>this.#i.abort(er(r.reason)),{once:!0}))}tokens(){return ts(this.rec.runState.usage)+ts(this.#o)}async play(){let t=this.#c();try{this.#f();let e=this.pos.scenario.phases;for(;this.pos.next_phase<e.length;){let s=this.pos.next_phase,r=e[s];if(await this.#d(r,s),this.pos.next_phase=s+1,this.pos.rework=null,await this.rec.saveState(),this.#h(),r.gate&&this.#e.includes(r.gate))return this.pos.gate_phase=s,this.rec.emit({type:"approval_requested",gate:r.gate}),{kind:"approval",gate:r.gate};this.#f()}return{kind:"done"}}catch(e){if(e instanceof Ut)return e.kind==="budget"&&this.#h(),{kind:"stopped",stop:e.kind,message:e.message};if(e instanceof wn)return{kind:"failed",message:e.message};throw e}finally{t!==void 0&&clearTimeout(t)}}#c(){if(this.#r===null)return;let t=Math.max(0,this.#r-this.rec.activeMs());return setTimeout(()=>{this.#i.abort(new Ut("budget",this.#u()))},Math.min(t,2147e6))}#u(){let t=[];return this.#s!==null&&this.tokens()>=this.#s&&t.push(`${this.tokens()} of ${this.#s} tokens used`),this.#r!==null&&this.rec.activeMs()>=this.#r&&t.push(`${(this.rec.activeMs()/1e3).toFixed(1)} s of ${this.#r/1e3} s active time used`),`budget reached: ${t.join(", ")||"limit reached"}`}#f(){if(this.#i.signal.aborted)throw er(this.#i.signal.reason);let t=this.#s!==null&&this.tokens()>=this.#s,e=this.#r!==null&&this.rec.activeMs()>=this.#r;if(t||e){let s=new Ut("budget",this.#u());throw this.#i.abort(s),s}}#h(){this.rec.emit({type:"budget_updated",tokens:ts(this.rec.runState.usage),token_limit:this.#s,active_ms:this.rec.activeMs(),duration_limit_ms:this.#r})}#p(t){let e=this.#i.signal;if(e.aborted)return Promise.reject(er(e.reason));let s=Math.min(zg,Math.max(0,t/this.#t));return s<1?Promise.resolve():new Promise((r,i)=>{let o=l(()=>{clearTimeout(a),i(er(e.reason))},"onAbort"),a=setTimeout(()=>{e.removeEventListener("abort",o),r()},s);e.addEventListener("abort",o,{once:!0})})}async#d(t,e){this.rec.emit({type:"phase_started",phase:t.name}),await this.rec.saveState();let s={agents:0,subtasks:0,validations:0},r=t.summary;try{this.pos.rework&&this.rec.emit({type:"log",level:"info",message:`reworking ${t.name} after the ${this.pos.rework.gate} gate was rejected: ${this.pos.rework.comment??"no reason given"}`});let i=t.repeat??1;for(let o=0;o<i;o++){t.checkpoint&&this.#m(t.checkpoint,null,`checkpoint/${e}`);for(let u of t.agents??[])await this.#b(u,null),s.agents++;let a=t.subtasks??[],c=a.map((u,h)=>this.#y(u,`${e}/${h}`));for(let u of c)this.rec.emit({type:"subtask_updated",subtask:u,status:"pending"});for(let u=0;u<a.length;u++)await this.#k(a[u],c[u]),s.subtasks++;for(let u of t.validations??[])await this.#g(u),s.validations++;if(t.artefact&&this.rec.emit({type:"artefact_written",artefact:t.artefact}),t.merge&&!this.#l?r="ready for human review and merge (auto_merge is off)":t.merge&&(await this.#p(this.#a),this.rec.emit({type:"merged",commit:t.merge.commit??Ah(`${this.rec.run}/merge`),branch:t.merge.branch??hn(this.rec.task),base:t.merge.base??"main"})),t.fail)throw new wn(`phase ${t.name} failed: ${t.fail}`)}}catch(i){let o=i instanceof Ut?i.kind==="budget"?"stopped: budget reached":"stopped: cancelled":i.message;throw this.rec.emit({type:"phase_finished",phase:t.name,success:!1,summary:o}),i}this.rec.emit({type:"phase_finished",phase:t.name,success:!0,summary:r??Vg(s)})}#y(t,e){if(t.id)return t.id;let s=this.pos.subtask_ids[e];if(s)return s;let r=crypto.randomUUID();return this.pos.subtask_ids[e]=r,r}#m(t,e,s){let r=t.hash??Ah(`${this.rec.run}/${s}/${t.message}`);return this.rec.emit({type:"committed",subtask:e,commit:r,message:t.message.split(`
`)[0],files:t.files??[]}),r}async#k(t,e){for(let s=0;s<t.attempts.length;s++){let r=t.attempts[s];this.rec.emit({type:"subtask_updated",subtask:e,status:"in_progress"});for(let a of r.agents??[])await this.#b(a,e);let i=r.status==="failed",o=!i;if(i)this.rec.emit({type:"subtask_updated",subtask:e,status:"failed"});else{let a=this.#m(r.commit??{message:`taskline: ${t.title}`,files:[]},e,`${e}/${s}`),c=r.conflicts??[];this.rec.emit({type:"subtask_integrated",subtask:e,commit:a,conflicts:c}),o=c.length===0,this.rec.emit({type:"subtask_updated",subtask:e,status:o?"done":"conflicted"})}if(this.#h(),this.#f(),o)return;if(s+1<t.attempts.length){let a=r.delay_ms??this.#a*4;this.rec.emit({type:"retrying",what:`subtask "${t.title}"`,attempt:s+2,delay_ms:Math.round(a/this.#t)}),await this.#p(a)}}throw new wn(`subtask "${t.title}" failed after ${t.attempts.length} attempt(s)`)}async#g(t){let e=t.exit_codes??[0];for(let s=0;;s++){await this.#p(this.#a*2);let r=s<e.length?e[s]:0,i=r===0;this.rec.emit({type:"validation_finished",command:t.command,integration:t.integration??!1,passed:i,exit_code:r});let o=this.rec.runState;if(o.validations.push({command:t.command,passed:i,exit_code:r}),i){await this.rec.saveState();return}if(o.validation_fix_attempts>=this.#n)throw await this.rec.saveState(),new wn(`validation "${t.command}" failed (exit ${r}) and the run's ${this.#n} automatic fix(es) are used up`);o.validation_fix_attempts++,o.pending_validation_fix=!0,await this.rec.saveState(),await this.#b(t.fix??{role:"fixer",usage:{input_tokens:900,output_tokens:250},steps:[{text:`The command \`${t.command}\` failed; fixing what it reports.`}]},null),this.#m({message:`taskline: fix ${t.command}`,files:[]},null,`fix/${o.validation_fix_attempts}`),o.pending_validation_fix=!1,await this.rec.saveState()}}async#b(t,e){let s=t.role,r=Jg(t.usage),i=t.steps??[];this.rec.emit({type:"agent_started",role:s,subtask:e,model:t.model??Wg});let o=0;try{for(let a of i)await this.#w(a,s,e),o++,this.#o=Kg(r,o/i.length),this.#f()}catch(a){let c=this.#o;this.#o=B();let u=a instanceof Ut?a.kind==="budget"?"budget":"cancelled":"error";throw this.rec.emit({type:"agent_finished",role:s,steps:o,usage:c,stop:JSON.stringify({reason:u})}),a}this.#o=B(),this.rec.emit({type:"agent_finished",role:s,steps:o,usage:r,stop:JSON.stringify({reason:"completed"})})}async#w(t,e,s){if(await this.#p(t.delay_ms??this.#a),t.retry){let r=t.retry.attempts??1,i=t.retry.delay_ms??this.#a*4;for(let o=1;o<=r;o++)this.rec.emit({type:"retrying",what:t.retry.what,attempt:o+1,delay_ms:Math.round(i/this.#t)}),await this.#p(i)}if(t.thinking&&await this.#$(t.thinking,"thinking",e,s,t),t.text!==void 0&&(await this.#$(t.text,"text",e,s,t),this.rec.emit({type:"agent_text",role:e,text:t.text})),t.tools&&await this.#x(t.tools,t.parallel===!0,e,s),t.fail)throw new wn(t.fail)}async#$(t,e,s,r,i){let o=i.chunk_chars??12;for(let a=0;a<t.length;a+=o)a>0&&await this.#p(this.#a/5),this.rec.emit({type:"agent_delta",role:s,subtask:r,delta:{kind:e,text:t.slice(a,a+o)}})}async#x(t,e,s,r){if(!e){for(let o of t){let a=Eh();this.rec.emit({type:"tool_called",role:s,tool:o.tool,input:o.input??{},call:a,subtask:r}),await this.#A([{spec:o,call:a}],s,r)}return}let i=t.map(o=>({spec:o,call:Eh()}));for(let o of i)this.rec.emit({type:"tool_called",role:s,tool:o.spec.tool,input:o.spec.input??{},call:o.call,subtask:r});await this.#A([...i].sort((o,a)=>this.#_(o.spec)-this.#_(a.spec)),s,r)}#_(t){return t.duration_ms??this.#a*2}async#A(t,e,s){let r=0,i=performance.now();for(let o=0;o<t.length;o++){let{spec:a,call:c}=t[o],u=this.#_(a);try{await this.#p(u-r)}catch(d){let p=Math.round(performance.now()-i);for(let m of t.slice(o))await this.rec.toolReturned({role:e,tool:m.spec.tool,call:m.call,subtask:s,output:"[taskline: the call was stopped before it finished]",is_error:!0,duration_ms:p,exit_code:null,timed_out:!1});throw d}r=u;let h=(a.output??"").repeat(a.output_repeat??1),f=a.exit_code??null;await this.rec.toolReturned({role:e,tool:a.tool,call:c,subtask:s,output:h,is_error:a.is_error??(f!==null&&f!==0),duration_ms:Math.round(u/this.#t),exit_code:f,timed_out:a.timed_out??!1})}}};l(Vg,"describePhase")});function Yg(n){if(!n||typeof n!="object")return null;let t=n;return!t.scenario||!Array.isArray(t.scenario.phases)||typeof t.next_phase!="number"?null:{scenario:t.scenario,next_phase:t.next_phase,gate_phase:typeof t.gate_phase=="number"?t.gate_phase:null,rework:t.rework??null,subtask_ids:t.subtask_ids&&typeof t.subtask_ids=="object"?t.subtask_ids:{},paused_by:t.paused_by??null}}async function Nh(n,t,e){let s=e.resume===!0,r=await Be.open(n,t,{mode:s?"resume":"new",settings:e.settings,onRepair:e.onRepair,sink:e.sink}),i=l(()=>{},"stopWatch");try{let o=t.record.status,a;if(s){let v=Yg(r.runState.engine);if(!v||r.runState.run!==r.run)throw new y("wrong-state",`Cannot resume task #${t.number}: its run ${r.run.slice(0,8)} comes from \`taskline record\`; continue it with \`taskline record ${t.number} --resume\` or start over with \`taskline run ${t.number} --restart\``);if(r.runState.pending_approval)throw new y("wrong-state",`Cannot resume task #${t.number}: it waits for approval of the ${r.runState.pending_approval} gate; answer with \`taskline approve ${t.number}\` or \`taskline reject ${t.number} --reason TEXT\``);if(o===yt.done)throw new y("wrong-state",`Cannot resume task #${t.number}: its run is done; start a new run with \`taskline run ${t.number}\``);a=v}else{if(o===yt.paused&&!e.restart)throw new y("wrong-state",`Cannot start a new run of task #${t.number}: its run is paused; continue it with \`taskline run ${t.number} --resume\` or start over with --restart`);a=Mh(e.scenario??Ai)}await Qn(n,t.dir),e.onEnvelope&&r.subscribe(e.onEnvelope);let c=e.maxTokens!==void 0?e.maxTokens:e.settings.pipeline.max_tokens,u=e.maxDurationSecs!==void 0?e.maxDurationSecs:e.settings.pipeline.max_duration_secs,h=u===null?null:Math.round(u*1e3),f=new AbortController,d=l(()=>f.abort(new Ut("interrupt",e.interruptMessage??"interrupted (Ctrl-C)")),"onInterrupt");e.signal?.aborted&&d(),e.signal?.addEventListener("abort",d,{once:!0}),i=Mi(n,t.dir,()=>{f.abort(new Ut("cancel","cancelled by `taskline cancel`"))});let p=r.start();e.onStart?.({run:r.run,seq:p.seq??r.seq});let m=l((v,x,S)=>({run_status:v,last_error:x,run:r.run,task:{id:t.id,number:t.number,dir:t.dir,status:t.record.status},pending_approval:r.runState.pending_approval,tokens:ts(r.runState.usage),token_limit:c,active_ms:r.runState.active_ms,duration_limit_ms:h,seq:r.seq,exit_code:S}),"summary");if(a.scenario.workspace_error){let v=`Cannot open the workspace of task #${t.number} (branch ${t.record.branch??`taskline/${t.dir}`}): the scenario simulates a workspace that cannot be opened`;return r.emit({type:"log",level:"error",message:v}),await r.finish({success:!1,status:o}),m("failed",v,1)}r.runState.engine=a,a.paused_by=null,await r.saveState(),t.record.status=yt.running,await qe(n,t);let w=new Oi(r,a,{speed:e.speed,approvals:e.settings.pipeline.approvals,maxValidationFixAttempts:e.settings.pipeline.max_validation_fix_attempts,autoMerge:e.settings.pipeline.auto_merge,tokenLimit:c,durationLimitMs:h,signal:f.signal}),g;try{g=await w.play()}catch(v){g={kind:"failed",message:`internal error: ${v.message}`}}e.signal?.removeEventListener("abort",d),i();let b;switch(g.kind){case"done":{await r.finish({success:!0,status:yt.done}),t.record.status=yt.done,b=m("done",null,0);break}case"approval":{r.runState.pending_approval=g.gate,a.paused_by="approval",r.emit({type:"paused",reason:`waiting for approval of the ${g.gate}`}),await r.finish({success:!1,status:yt.paused}),t.record.status=yt.paused,b=m("awaiting_approval",null,2);break}case"stopped":{g.stop==="budget"?(a.paused_by="budget",r.emit({type:"paused",reason:g.message}),await r.finish({success:!1,status:yt.paused}),t.record.status=yt.paused,b=m("budget_exhausted",g.message,2)):(r.emit({type:"log",level:"warn",message:`run stopped: ${g.message}`}),await r.finish({success:!1,status:yt.cancelled}),t.record.status=yt.cancelled,b=m("cancelled",g.message,130));break}case"failed":{r.emit({type:"log",level:"error",message:g.message}),await r.finish({success:!1,status:yt.failed}),t.record.status=yt.failed,b=m("failed",g.message,1);break}}return await qe(n,t),b.task.status=t.record.status,g.kind==="done"&&e.settings.pipeline.project_memory&&await Sh(n,{at:new Date().toISOString(),task:t.id,number:t.number,title:t.record.title,run:r.run,lesson:a.scenario.lesson??`#${t.number} "${t.record.title}" was done in ${a.scenario.phases.length} phase(s) with ${r.runState.validation_fix_attempts} validation fix(es) and ${ts(r.runState.usage)} tokens.`}),b}catch(o){throw await r.close({message:`run failed: ${o.message}`}).catch(()=>{}),r.finished&&t.record.status===yt.running&&(t.record.status=yt.failed,await qe(n,t).catch(()=>{})),o}finally{i(),await Qn(n,t.dir),await r.close()}}var yt,Ch=_(()=>{A();Ea();Ei();gt();Aa();Ma();Oh();yt={running:"running",done:"done",failed:"failed",paused:"paused",cancelled:"cancelled"};l(Yg,"positionOf");l(Nh,"runTask")});async function ns(n,t){if(typeof t.title!="string"||t.title.trim()==="")throw new y("usage","Cannot create a task: it needs a title");if(t.title.length>Lh)throw new y("usage",`Cannot create a task: its title has more than ${Lh} characters`);if(t.description!==void 0){if(typeof t.description!="string")throw new y("usage","Cannot create a task: its description must be text");if(t.description.length>Ci)throw new y("usage",`Cannot create a task: its description has more than ${Ci} characters`)}return await n.requireExists(),await oi(n,t.title,{...t.description!==void 0?{description:t.description}:{}})}async function ss(n,t,e=null,s={}){return jh(e,`Cannot approve task #${t.number}: the comment`),await Sa(n,await Oa(n,t),{approved:!0,comment:e===null||e===""?null:e},s)}async function rs(n,t,e,s={}){if(typeof e!="string"||e.trim()==="")throw new y("usage",`Cannot reject task #${t.number}: a rejection needs a reason`);return jh(e,`Cannot reject task #${t.number}: the reason`),await Sa(n,await Oa(n,t),{approved:!1,comment:e},s)}function nr(n,t){let e=t.envelope.event;return{task:{id:n.id,number:n.number,dir:n.dir},run:t.run,gate:t.gate,approved:e.approved===!0,comment:e.comment??null,seq:t.envelope.seq}}function jh(n,t){if(n!==null){if(typeof n!="string")throw new y("usage",`${t} must be text`);if(n.length>Ci)throw new y("usage",`${t} has more than ${Ci} characters`)}}async function Oa(n,t){let e=`Cannot find task #${t.number}: it was removed`;try{return await Oe(vt(n,t.dir),e)}catch(s){throw s instanceof y&&(s.code==="bad-state"||s.code==="bad-state-file")?new y("not-found",e):s}}async function is(n,t){if(!await Ct(n,t.dir))throw new y("not-running",`Cannot cancel task #${t.number}: no process is running it`);await de(n.cancelPath(t.dir),JSON.stringify({at:new Date().toISOString()})+`
`)}function Li(n,t){return{task:{id:n.id,number:n.number,dir:n.dir},requested:!0,stopped:t}}async function Dh(n,t,e){let s=Date.now()+e.timeoutMs;for(;;){if(!await Ct(n,t.dir))return!0;if(Date.now()>=s)return!1;await new Promise(r=>setTimeout(r,e.pollIntervalMs??50))}}function os(n,t){let e=l(u=>{let h=n[u];if(h==null)return!1;if(typeof h!="boolean")throw new y("usage",`${t[u]} takes true or false, not ${Ni(h)}`);return h},"flag"),s=e("resume"),r=e("restart"),i;if(n.scenario!==void 0&&n.scenario!==null){if(typeof n.scenario!="string"||n.scenario==="")throw new y("usage",`${t.scenario} takes a name, not ${Ni(n.scenario)}`);i=n.scenario}if(s&&(i!==void 0||r))throw new y("usage",`${t.resume} plays the run's own scenario; it does not go with ${t.scenario} or ${t.restart}`);let o=1;if(n.speed!==void 0&&n.speed!==null&&(o=typeof n.speed=="number"||typeof n.speed=="string"?Number(n.speed):NaN,!Number.isFinite(o)||o<=0||n.speed===""))throw new y("usage",`${t.speed} takes a positive number, not ${Ni(n.speed)}`);let a;if(n.maxTokens!==void 0&&n.maxTokens!==null){let u=typeof n.maxTokens=="number"||typeof n.maxTokens=="string"?String(n.maxTokens):"";if(!/^\d{1,15}$/.test(u)||Number(u)===0)throw new y("usage",`${t.maxTokens} takes a positive integer, not ${Ni(n.maxTokens)}`);a=Number(u)}let c;if(n.maxDuration!==void 0&&n.maxDuration!==null){let u=n.maxDuration;c=Rh(typeof u=="number"||typeof u=="string"?String(u):"",t.maxDuration)}return{resume:s,restart:r,speed:o,...i!==void 0?{scenario:i}:{},...a!==void 0?{maxTokens:a}:{},...c!==void 0?{maxDurationSecs:c}:{}}}function Ni(n){let t=typeof n=="string"?`"${n}"`:JSON.stringify(n)??String(n);return t.length>42?t.slice(0,40)+"\u2026":t}function Rh(n,t="--max-duration"){let e=n.trim();if(/^\d+(\.\d+)?$/.test(e)){let r=Number(e);if(r>0)return r}let s=/^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(e);if(s&&e!==""){let r=Number(s[1]??0)*86400+Number(s[2]??0)*3600+Number(s[3]??0)*60+Number(s[4]??0);if(r>0)return r}throw new y("usage",`${t} takes seconds or a time such as 90s, 15m, 1h30m, not "${e.slice(0,40)}"`)}async function Na(n,t,e,s){let r=Promise.withResolvers(),i=Nh(n,await Oa(n,t),{...s,resume:e.resume,restart:e.restart,speed:e.speed,...e.maxTokens!==void 0?{maxTokens:e.maxTokens}:{},...e.maxDurationSecs!==void 0?{maxDurationSecs:e.maxDurationSecs}:{},onStart:l(a=>r.resolve(a),"onStart")});return i.then(()=>r.reject(new Error("the run ended before it started")),a=>r.reject(a)),{...await r.promise,resume:e.resume,done:i}}var Lh,Ci,Ri,es,kn=_(()=>{A();ye();ct();gt();$h();Ch();Lh=1e3,Ci=32*1024;l(ns,"newTask");l(ss,"approveTask");l(rs,"rejectTask");l(nr,"decisionJson");l(jh,"checkText");l(Oa,"fresh");l(is,"requestCancel");l(Li,"cancelJson");l(Dh,"waitStopped");Ri={resume:"--resume",restart:"--restart",scenario:"--scenario",speed:"--speed",maxTokens:"--max-tokens",maxDuration:"--max-duration"};l(os,"checkRunRequest");l(Ni,"show");l(Rh,"parseDurationSecs");l(Na,"startRun");es=class{static{l(this,"RunHost")}state;#t;#e=new AbortController;#n=new Map;constructor(t,e){this.state=t,this.#t=e}get active(){return this.#n.size}async start(t,e,s){if(this.#e.signal.aborted)throw new y("wrong-state",`Cannot run task #${t.number}: shutting down`);let r=await Na(this.state,t,e,{settings:await this.#t.settings(),signal:this.#e.signal,interruptMessage:this.#t.closeMessage,...s?{scenario:s}:{},...this.#t.sink?{sink:this.#t.sink}:{},...this.#t.onRepair?{onRepair:this.#t.onRepair}:{}}),i=`${t.dir}/${r.run}/${r.seq}`,o=r.done.then(a=>this.#t.onEnd?.(t,a),a=>this.#t.onEnd?.(t,a instanceof Error?a:new Error(String(a)))).finally(()=>this.#n.delete(i));return this.#n.set(i,o),r}async close(){this.#e.abort(),await Promise.all([...this.#n.values()])}}});var Xg,sr,Gg,Zg,Qg,Ph,t0,e0,n0,s0,Ih,qh=_(()=>{Xg={type:"object",additionalProperties:!1,properties:{input_tokens:{type:"integer",minimum:0},output_tokens:{type:"integer",minimum:0},cache_read_tokens:{type:"integer",minimum:0},cache_write_tokens:{type:"integer",minimum:0}}},sr={type:"integer",minimum:0,maximum:36e5},Gg={type:"object",additionalProperties:!1,required:["tool"],properties:{tool:{type:"string",minLength:1},input:{},output:{type:"string"},output_repeat:{type:"integer",minimum:1,maximum:1e5},is_error:{type:"boolean"},exit_code:{type:["integer","null"]},timed_out:{type:"boolean"},duration_ms:sr}},Zg={type:"object",additionalProperties:!1,minProperties:1,properties:{text:{type:"string"},thinking:{type:"string"},chunk_chars:{type:"integer",minimum:1},tools:{type:"array",items:{$ref:"#/$defs/tool_call"},minItems:1},parallel:{type:"boolean"},retry:{type:"object",additionalProperties:!1,required:["what"],properties:{what:{type:"string"},attempts:{type:"integer",minimum:1,maximum:20},delay_ms:sr}},fail:{type:"string"},delay_ms:sr}},Qg={type:"object",additionalProperties:!1,required:["role"],properties:{role:{type:"string",minLength:1},model:{type:"string"},usage:Xg,steps:{type:"array",items:{$ref:"#/$defs/step"}}}},Ph={type:"object",additionalProperties:!1,required:["message"],properties:{message:{type:"string",minLength:1},files:{type:"array",items:{type:"string"}},hash:{type:"string",pattern:"^[0-9a-f]{7,64}$"}}},t0={type:"object",additionalProperties:!1,properties:{agents:{type:"array",items:{$ref:"#/$defs/agent"}},status:{enum:["done","failed"]},commit:Ph,conflicts:{type:"array",items:{type:"string"}},delay_ms:sr}},e0={type:"object",additionalProperties:!1,required:["title","attempts"],properties:{id:{type:"string",pattern:"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"},title:{type:"string"},attempts:{type:"array",items:t0,minItems:1}}},n0={type:"object",additionalProperties:!1,required:["command"],properties:{command:{type:"string",minLength:1},integration:{type:"boolean"},exit_codes:{type:"array",items:{type:"integer"},minItems:1},fix:{$ref:"#/$defs/agent"}}},s0={type:"object",additionalProperties:!1,required:["name"],properties:{name:{type:"string",pattern:"^[a-z][a-z0-9_]*$"},repeat:{type:"integer",minimum:1,maximum:1e5},checkpoint:Ph,agents:{type:"array",items:{$ref:"#/$defs/agent"}},subtasks:{type:"array",items:e0},validations:{type:"array",items:n0},artefact:{oneOf:[{type:"object",additionalProperties:!1,required:["kind"],properties:{kind:{enum:["spec","plan"]}}},{type:"object",additionalProperties:!1,required:["kind","round"],properties:{kind:{const:"qa_report"},round:{type:"integer",minimum:1}}}]},merge:{type:"object",additionalProperties:!1,properties:{commit:{type:"string"},branch:{type:"string"},base:{type:"string"}}},gate:{enum:["spec","plan","merge"]},summary:{type:"string"},fail:{type:"string"}}},Ih={$schema:"https://json-schema.org/draft/2020-12/schema",$id:"https://taskline.dev/schema/scenario.json",title:"taskline scenario",description:"A scripted run of the taskline engine: phases, agents, tools, subtasks.",type:"object",additionalProperties:!1,required:["phases"],properties:{$schema:{type:"string"},name:{type:"string"},description:{type:"string"},tick_ms:sr,workspace_error:{type:"boolean"},lesson:{type:"string"},phases:{type:"array",items:s0,minItems:1}},$defs:{step:Zg,agent:Qg,tool_call:Gg}}});async function r0(n){if(!ji){let{Ajv2020:e}=await import("ajv/dist/2020.js");ji=new e({allErrors:!0,strict:!1}).compile(Ih)}return ji(n)?[]:(ji.errors??[]).slice(0,5).map(e=>{let s=e.params?.additionalProperty?` (${e.params.additionalProperty})`:"";return`${e.instancePath||"/"} ${e.message??"is invalid"}${s}`})}async function Ca(n,t){let e=$i(n);if(!e.ok)throw new y("usage",`Cannot read scenario ${t}: ${e.message}${e.line>0?` at line ${e.line}`:""}`);return await i0(e.value,t)}async function i0(n,t){let e=await r0(n);if(e.length>0)throw new y("usage",`Cannot use scenario ${t}: ${e.join("; ")} (see docs/scenario.md)`);return n}var ji,Fh=_(()=>{_a();A();qh();ji=null;l(r0,"validate");l(Ca,"parseScenario");l(i0,"checkScenario")});async function Di(n,t,e={}){if(t==="builtin")return Ai;if(t==="-"){if(!e.readStdin)throw new y("usage",'Cannot read the scenario "-" here: name a scenario of .taskline/scenarios/ or "builtin"');return await Ca(await e.readStdin(),"on stdin")}let s=t;!t.includes("/")&&!/\.jsonc?$/.test(t)&&(s=`${n.root}/scenarios/${t}.jsonc`);let r=s.replace(/^\.\//,""),i=n.root.replace(/^\.\//,"");if(!r.startsWith(`${i}/`)||r.split("/").includes(".."))throw new y("usage",`Cannot read scenario ${t.slice(0,200)}: taskline reads only inside ${i}/; put it in ${i}/scenarios/ or pass it on stdin with \`--scenario -\``);let o;try{let a=`Cannot read scenario ${r}: no such file`,[c,u]=await Promise.all([Oe(Deno.realPath(r),a),Deno.realPath(n.root)]);if(!c.startsWith(`${u}/`))throw new y("usage",`Cannot read scenario ${r}: it leads outside ${i}/`);if(e.scenariosOnly&&!c.startsWith(`${u}/scenarios/`))throw new y("usage",`Cannot read scenario ${r}: a run request plays only scenarios of ${i}/scenarios/`);if(!(await Oe(Deno.stat(c),a)).isFile)throw new y("usage",`Cannot read scenario ${r}: it is not a regular file`);o=await Oe(Deno.readTextFile(c),a)}catch(a){throw a instanceof y?a:a instanceof Deno.errors.NotADirectory?new y("not-found",`Cannot read scenario ${r}: no such file`):new y("usage",`Cannot read scenario ${r}: ${a.message}`)}return await Ca(o,r)}var La=_(()=>{A();ct();Aa();Fh();l(Di,"loadScenario")});async function Pi(n,t,e){let s=[],r=0;for await(let a of n){if(r+=a.length,r>t)throw new y("usage",`${e} on stdin is larger than ${Math.round(t/1024/1024)} MiB`);s.push(a)}let i=new Uint8Array(r),o=0;for(let a of s)i.set(a,o),o+=a.length;return new TextDecoder().decode(i)}function Bh(n){return n instanceof Deno.errors.BrokenPipe||n instanceof Error&&/broken pipe|os error 32/i.test(n.message)}var Uh,Ra,o0,a0,ja,rr=_((function(){A();Uh=new TextEncoder,Ra=512*1024,o0=64*1024,a0=3,ja=class{static{l(this,"WriterSink")}#t;#e=0;#n;#s=null;#r=null;#i;#o;#a;#l=!1;#c=0;#u;isTerminal;constructor(t,e={}){this.#i=t,this.#a=e.sync??!1,this.#u=e.writeBehind??!1,this.isTerminal=e.isTerminal??!1,this.#o=e.bufferBytes??64*1024}async write(t){let e=this.#t??=new Uint8Array(Ra);if(t.length*3>e.length-this.#e&&(await this.#f(),t.length*3>this.#t.length)){await this.writeBytes(Uh.encode(t));return}this.#e+=Uh.encodeInto(t,this.#t.subarray(this.#e)).written,this.#e>=this.#o&&await this.#f()}async writeBytes(t){if(!this.#l&&t.length>=this.#o){await this.flush(),await this.#d(t);return}let e=0;for(;e<t.length;){let s=this.#t??=new Uint8Array(Ra);this.#e===s.length&&await this.#f();let r=Math.min(t.length-e,this.#t.length-this.#e);this.#t.set(t.subarray(e,e+r),this.#e),this.#e+=r,e+=r}this.#e>=this.#o&&await this.#f()}async flush(){this.#e>0&&await this.#f(),this.#s!==null&&await this.#s,this.#h()}async#f(){if(this.#e===0)return;if(!this.#l){let s=this.#t.subarray(0,this.#e);this.#e=0,await this.#d(s);return}this.#s!==null&&await this.#s,this.#h();let t=this.#t,e=t.subarray(0,this.#e);this.#t=this.#n??new Uint8Array(Ra),this.#n=void 0,this.#e=0,this.#s=this.#p(e).then(()=>{this.#n=t},s=>{this.#r=s}).finally(()=>{this.#s=null})}#h(){if(this.#r===null)return;let t=this.#r;throw this.#r=null,t}async#p(t){let e=0;for(;e<t.length;)e+=await this.#i.write(t.subarray(e))}async#d(t){let e=0,s=this.#i.writeSync;if(this.#a&&s){let r=this.#u?performance.now():0;for(;e<t.length;)e+=s.call(this.#i,t.subarray(e));if(this.#u&&t.length>=o0){let i=performance.now()-r>t.length/2e6;this.#c=i?this.#c+1:0,this.#c>=a0&&(this.#l=!0)}return}for(;e<t.length;)e+=await this.#i.write(t.subarray(e))}};l(Pi,"readStdinText");l(Bh,"isBrokenPipe")}));var Hh={};W(Hh,{RUN_HELP:()=>l0,runCommand:()=>f0});function u0(n){let t=n.event,e=n.at.slice(11,19);switch(t.type){case"run_started":return`${e} \u25B6 run ${String(t.run).slice(0,8)} started (seq ${n.seq})`;case"phase_started":return`${e}   phase ${t.phase}`;case"phase_finished":return`${e}   phase ${t.phase} ${t.success?"done":"failed"}: ${t.summary}`;case"subtask_updated":return t.status==="pending"?null:`${e}     subtask ${String(t.subtask).slice(0,8)} ${t.status}`;case"validation_finished":return`${e}     ${t.passed?"\u2713":"\u2717"} ${t.command} (exit ${t.exit_code})`;case"committed":return`${e}     commit ${String(t.commit).slice(0,8)} ${t.message}`;case"merged":return`${e}     merged ${t.branch} into ${t.base}`;case"retrying":return`${e}     retrying ${t.what} (attempt ${t.attempt})`;case"approval_requested":return`${e} ? waiting for approval of the ${t.gate} gate`;case"paused":return`${e} \u23F8 paused: ${t.reason}`;case"log":return t.level==="error"||t.level==="warn"?`${e} ! ${t.message}`:null;case"run_finished":return`${e} \u25A0 run finished: ${t.status}${t.success?"":" (not successful)"}`;default:return null}}function h0(n){let t=n.task.number;switch(n.run_status){case"done":return`Task #${t} is done.`;case"awaiting_approval":return`Task #${t} waits for approval of the ${n.pending_approval} gate: \`taskline approve ${t}\` or \`taskline reject ${t} --reason TEXT\`, then \`taskline run ${t} --resume\`.`;case"budget_exhausted":return`Task #${t} paused, ${n.last_error}. Raise the budget (--max-tokens, --max-duration or pipeline.max_tokens, pipeline.max_duration_secs) and run \`taskline run ${t} --resume\`.`;case"cancelled":return`Task #${t}: run ${n.last_error}. Continue it with \`taskline run ${t} --resume\`.`;case"failed":return`Task #${t} failed: ${n.last_error}`}}async function f0(n,t){let{values:e,positionals:s}=R("run",t,{scenario:{type:"string"},resume:{type:"boolean"},restart:{type:"boolean"},speed:{type:"string"},"max-tokens":{type:"string"},"max-duration":{type:"string"},json:{type:"boolean"}});if(n.json=e.json===!0,s.length!==1)throw new y("usage","taskline run: name one task, for example `taskline run 3`");let r=os({resume:e.resume===!0,restart:e.restart===!0,scenario:e.scenario,speed:e.speed,maxTokens:e["max-tokens"],maxDuration:e["max-duration"]},Ri),i=await n.task(s[0]),o=await n.settings(),a=r.scenario!==void 0?await Di(n.state,r.scenario,{readStdin:l(()=>Pi(n.io.stdin,c0,"The scenario"),"readStdin")}):void 0,c=n.io.stdout,u=Promise.resolve(),h=l(p=>{u=u.then(()=>c.write(p+`
`)).then(()=>c.flush()).catch(()=>{})},"print"),f=Yn(n.state),d=await(async()=>await(await Na(n.state,i,r,{...a?{scenario:a}:{},settings:o,signal:n.io.signal,onRepair:l(m=>void n.warn(m),"onRepair"),sink:f.sink,onEnvelope:l(m=>{if(n.json)h(Zt(m));else{let w=u0(m);w!==null&&h(w)}},"onEnvelope")})).done)().finally(()=>f.close());return h(n.json?JSON.stringify(d):h0(d)),await u,d.exit_code}var l0,c0,Wh=_(()=>{zn();A();kn();La();it();Xn();rr();l0=`Usage: taskline run <TASK> [options]

Runs a task through its phases with the scripted engine (a scenario), or
continues its paused run. Exit codes: 0 done, 1 failed, 2 waits for a human
(an approval) or reached a budget, 130 cancelled or interrupted.

Options:
  --scenario <FILE|NAME|->  the scenario to play (JSONC, see docs/scenario.md). FILE must be
                            inside .taskline/ (taskline reads nothing else); NAME means
                            .taskline/scenarios/NAME.jsonc; - reads it from stdin;
                            "builtin" (the default) is the built-in scenario
  --resume                  continue the task's current run (same run, seq continues)
  --restart                 start a new run even though the current one is paused
  --speed <FACTOR>          play the scenario's timings this many times faster (default 1)
  --max-tokens <N>          token budget of the run for this invocation
                            (default pipeline.max_tokens)
  --max-duration <TIME>     active-time budget for this invocation: seconds, or 90s, 15m,
                            1h30m (default pipeline.max_duration_secs)
  --json                    print every envelope as published (agent_delta included), then
                            a summary {"run_status","last_error","run","task",...}`,c0=16*1024*1024;l(u0,"human");l(h0,"hint");l(f0,"runCommand")});function p0(n){return n===null?"null":Array.isArray(n)?"array":typeof n=="number"?Number.isInteger(n)?"integer":"number":typeof n}function ir(n){let t=[];if(n.type!==void 0){let r=new Set(Array.isArray(n.type)?n.type:[n.type]);r.has("number")&&r.add("integer");let i=[...Array.isArray(n.type)?n.type:[n.type]].join(" or "),o=r.size===1?[...r][0]:"";o==="string"?t.push(a=>typeof a=="string"?null:`is not ${i}`):o==="boolean"?t.push(a=>typeof a=="boolean"?null:`is not ${i}`):t.push(a=>r.has(p0(a))?null:`is not ${i}`)}if(typeof n.minLength=="number"){let r=n.minLength;t.push(i=>typeof i=="string"&&i.length<r?"is empty":null)}if(typeof n.pattern=="string"){let r=new RegExp(n.pattern);t.push(i=>typeof i=="string"&&!r.test(i)?`does not match ${n.pattern}`:null)}if(typeof n.minimum=="number"){let r=n.minimum;t.push(i=>typeof i=="number"&&i<r?`is below ${r}`:null)}if(Array.isArray(n.enum)){let r=n.enum;t.push(i=>r.includes(i)?null:`is not one of ${r.join(", ")}`)}if(n.const!==void 0&&t.push(r=>r===n.const?null:`is not ${n.const}`),n.format==="date-time"&&t.push(r=>typeof r=="string"&&dt(r)===null?"is not an RFC 3339 time":null),n.items&&typeof n.items=="object"){let r=ir(n.items);t.push(i=>{if(!Array.isArray(i))return null;for(let o=0;o<i.length;o++){let a=r(i[o]);if(a)return`[${o}] ${a}`}return null})}let s=l((r,i)=>{if(!r&&!i)return null;let o=Object.entries(r??{}).map(([a,c])=>[a,ir(c)]);return a=>{if(a===null||typeof a!="object"||Array.isArray(a))return null;let c=a;for(let u of i??[])if(c[u]===void 0)return`lacks ${u}`;for(let[u,h]of o){if(c[u]===void 0)continue;let f=h(c[u]);if(f)return`.${u} ${f}`}return null}},"objectCheck")(n.properties,n.required);if(s&&t.push(s),n.if&&n.then){let r=ir(n.if),i=ir(n.then);t.push(o=>r(o)===null?i(o):null)}return t.length===0?()=>null:t.length===1?t[0]:r=>{for(let i of t){let o=i(r);if(o)return o}return null}}function m0(n){let t=Object.keys(n).sort().join(","),e=JSON.stringify(n.type);return t==="type"&&e==='"string"'?1:t==="minLength,type"&&e==='"string"'&&n.minLength===1?2:t==="type"&&e==='["string","null"]'?3:t==="type"&&e==='"boolean"'?4:t==="type"&&e==='"number"'?5:0}function g0(n,t){switch(n){case 1:return typeof t=="string";case 2:return typeof t=="string"&&t!=="";case 3:return t===null||typeof t=="string";case 4:return typeof t=="boolean";case 5:return typeof t=="number";default:return!1}}function Kh(n){return Object.hasOwn(zh,n)?zh[n]:void 0}function y0(n,t){let e=Kh(n);return Object.entries(t).filter(([s])=>s!=="run"&&!e?.has(s)).map(([s,r])=>({name:s,kind:m0(r.schema),check:ir(r.schema),required:!r.optional&&r.default0_5===void 0,default0_5:r.default0_5}))}function Vh(n,t){if(n===null||typeof n!="object"||Array.isArray(n))return{ok:!1,reason:"not a JSON object"};let e=n,s=e.type;if(typeof s!="string")return{ok:!1,reason:"no string type"};let r=w0.get(s);if(r===void 0){if(!d0.test(s))return{ok:!1,reason:`type ${JSON.stringify(s.slice(0,80))} is not a plain name (1 to 64 of A-Z a-z 0-9 _ . : -)`};let{type:u,run:h,...f}=e;return{ok:!0,event:t===void 0?{type:s,...f}:{type:s,run:t,...f}}}let i,o=!1;if(s==="tool_returned"&&e.output!==void 0){if(typeof e.output!="string")return{ok:!1,reason:"tool_returned.output is not string"};if(typeof e.call!="string")return{ok:!1,reason:"tool_returned with output lacks call (the trace store keeps an output by its call)"};i=e.output,o=!0}let a=t===void 0?{type:s}:{type:s,run:t};for(let u of r){if(o&&Jh.has(u.name))continue;let h=e[u.name];if(h===void 0){if(u.required)return{ok:!1,reason:`${s} lacks ${u.name}`};u.default0_5&&(a[u.name]=u.default0_5());continue}let f=u.kind!==0&&g0(u.kind,h)?null:u.check(h);if(f){let d=f.startsWith(".")||f.startsWith("[")?"":" ";return{ok:!1,reason:`${s}.${u.name}${d}${f}`}}a[u.name]=h}let c=Kh(s);for(let u in e)u==="type"||u==="run"||Object.hasOwn(a,u)||c?.has(u)||o&&(u==="output"||Jh.has(u))||Object.defineProperty(a,u,{value:e[u],enumerable:!0,writable:!0,configurable:!0});return i===void 0?{ok:!0,event:a}:{ok:!0,event:a,output:i}}var d0,zh,Jh,w0,Yh=_(()=>{Ln();ue();d0=/^[A-Za-z0-9_.:-]{1,64}$/,zh={run_started:new Set(["task"]),run_finished:new Set(["usage","active_ms","started_at"])},Jh=new Set(["preview","output_chars","output_file"]);l(p0,"typeName");l(ir,"compile");l(m0,"kindOf");l(g0,"inlineOk");l(Kh,"setByTaskline");l(y0,"rulesOf");w0=new Map(Object.entries(Ns).map(([n,t])=>[n,y0(n,t)]));l(Vh,"checkEventInput")});function tt(n){return n!==null&&typeof n=="object"&&!Array.isArray(n)}function Q(n,t=""){return typeof n=="string"?n:t}var Da,Ii=_(()=>{Da=["taskline","claude-code","codex"];l(tt,"isObject");l(Q,"str")});function or(n){if(typeof n=="string")return n;if(!Array.isArray(n))return n!==null&&typeof n=="object"?or([n]):"";let t=[];for(let e of n){if(typeof e=="string"){t.push(e);continue}if(e===null||typeof e!="object")continue;let s=e;typeof s.text=="string"&&(s.type==="text"||s.type===void 0)?t.push(s.text):typeof s.type=="string"&&t.push(`[${s.type}]`)}return t.join(`
`)}var Pa=_(()=>{l(or,"contentText")});function Bt(n){return typeof n=="number"&&Number.isFinite(n)&&n>0?Math.floor(n):0}function ar(n,t){return n.input_tokens+=t.input_tokens,n.output_tokens+=t.output_tokens,n.cache_read_tokens+=t.cache_read_tokens,n.cache_write_tokens+=t.cache_write_tokens,n}function qi(n,t){return{input_tokens:Math.max(0,n.input_tokens-t.input_tokens),output_tokens:Math.max(0,n.output_tokens-t.output_tokens),cache_read_tokens:Math.max(0,n.cache_read_tokens-t.cache_read_tokens),cache_write_tokens:Math.max(0,n.cache_write_tokens-t.cache_write_tokens)}}function k0(n,t){return n.input_tokens<t.input_tokens||n.output_tokens<t.output_tokens||n.cache_read_tokens<t.cache_read_tokens||n.cache_write_tokens<t.cache_write_tokens}function Ia(n){if(n===null||typeof n!="object")return B();let t=n;return{input_tokens:Bt(t.input_tokens),output_tokens:Bt(t.output_tokens),cache_read_tokens:Bt(t.cache_read_input_tokens),cache_write_tokens:Bt(t.cache_creation_input_tokens)}}function Xh(n){if(n===null||typeof n!="object"||Array.isArray(n))return null;let t=B(),e=0;for(let s of Object.values(n)){if(s===null||typeof s!="object")continue;let r=s;e++,ar(t,{input_tokens:Bt(r.inputTokens),output_tokens:Bt(r.outputTokens),cache_read_tokens:Bt(r.cacheReadInputTokens),cache_write_tokens:Bt(r.cacheCreationInputTokens)})}return e>0?t:null}function Gh(n){if(n===null||typeof n!="object")return B();let t=n,e=Bt(t.cached_input_tokens),s=Bt(t.cache_write_input_tokens);return{input_tokens:Math.max(0,Bt(t.input_tokens)-e-s),output_tokens:Bt(t.output_tokens),cache_read_tokens:e,cache_write_tokens:s}}var b0,as,Fi=_(()=>{J();l(Bt,"count");l(ar,"addUsage");l(qi,"subtractUsage");l(k0,"below");b0=1024,as=class{static{l(this,"RunningTotals")}#t=new Map;#e=new Map;added(t,e){let s=this.#t.get(t);return this.#n(this.#t,t,{...e}),s===void 0||k0(e,s)?{...e}:qi(e,s)}addedCost(t,e){let s=this.#e.get(t);return this.#n(this.#e,t,e),s===void 0||e<s?e:e-s}#n(t,e,s){!t.has(e)&&t.size>=b0&&t.delete(t.keys().next().value),t.set(e,s)}};l(Ia,"anthropicUsage");l(Xh,"modelUsageTotal");l(Gh,"openaiUsage")});function $0(){let n=crypto.getRandomValues(new Uint8Array(6)),t="";for(let e of n)t+=(e<16?"0":"")+e.toString(16);return t}function S0(n){let t=n.trim().split(`
`,1)[0]??"";return t.length>Qh?t.slice(0,Qh-1)+"\u2026":t}var Zh,v0,_0,x0,Qh,qa,ls,Fa=_(()=>{J();Fi();Zh=65536,v0=1024,_0=1e5,x0=20,Qh=200,qa="agent";l($0,"randomCall");l(S0,"summaryOf");ls=class{static{l(this,"RunBuilder")}mainRole;finalLine;#t;#e;#n=new Map;#s=!1;#r=null;#i=new Map;#o=B();#a=0;#l=0;#c=0;#u=!0;constructor(t,e,s={}){this.mainRole=t,this.finalLine=e,this.#t=s.now??(()=>performance.now()),this.#e=s.newCall??$0}get sessionOpen(){return this.#s}get sessions(){return this.#a}startSession(t,e){this.#s||(this.#s=!0,this.#a++,this.#r={role:this.mainRole,messages:new Map,usage:B()},this.#o=B(),t.push({event:{type:"phase_started",phase:qa}}),t.push({event:{type:"agent_started",role:this.mainRole,subtask:null,model:e}}))}hasSubagent(t){return this.#i.has(t)}roleOf(t){return t===null?this.mainRole:this.#i.get(t)?.role??this.mainRole}startSubagent(t,e,s,r){!this.#s||this.#i.has(e)||(this.#i.size>=v0&&this.endSubagent(t,this.#i.keys().next().value,"given_up"),this.#i.set(e,{role:s,messages:new Map,usage:B()}),t.push({event:{type:"agent_started",role:s,subtask:null,model:r}}))}endSubagent(t,e,s="completed"){let r=this.#i.get(e);r&&(this.#i.delete(e),ar(this.#o,r.usage),t.push({event:{type:"agent_finished",role:r.role,steps:r.messages.size,usage:r.usage,stop:JSON.stringify({reason:s})}}))}message(t,e,s){let r=t===null?this.#r:this.#i.get(t);if(!r)return;let i=r.messages.get(e);i?r.usage=ar(qi(r.usage,i),s):ar(r.usage,s),(r.messages.size<_0||i)&&r.messages.set(e,s)}text(t,e,s){s!==""&&t.push({event:{type:"agent_text",role:e,text:s}})}delta(t,e,s,r){r!==""&&t.push({event:{type:"agent_delta",role:e,subtask:null,delta:{kind:s,text:r}}})}log(t,e,s){t.push({event:{type:"log",level:e,message:s}})}called(t,e,s,r,i){if(this.#n.has(e))return;if(this.#n.size>=Zh){let[a,c]=this.#n.entries().next().value;this.#n.delete(a),this.log(t,"warn",`call ${c.call} (${c.tool}, the agent's ${a}) given up without its result: more than ${Zh} calls were open`)}let o=this.#e();this.#n.set(e,{call:o,tool:r,role:s,at:this.#t()}),t.push({event:{type:"tool_called",role:s,tool:r,input:i??null,call:o,subtask:null}})}isOpen(t){return this.#n.has(t)}returned(t,e,s){let r=this.#n.get(e);return r?(this.#n.delete(e),t.push({event:{type:"tool_returned",role:r.role,tool:r.tool,is_error:s.is_error,duration_ms:Math.max(0,Math.round(this.#t()-r.at)),call:r.call,subtask:null,exit_code:s.exit_code??null,timed_out:s.timed_out??!1},output:s.output}),!0):(this.log(t,"warn",`a result for the agent's call ${JSON.stringify(e.slice(0,80))} whose call is not in the input: not recorded`),!1)}endSession(t,e){if(!this.#s)return;let s=e.reason??(e.success?"completed":"failed");for(let a of[...this.#i.keys()])this.endSubagent(t,a,e.success?"session_ended":s);this.#h(t),e.success||(this.#l++,this.log(t,"error",e.error??e.summary));let r=this.#r,i=e.usage??(e.totalUsage?qi(e.totalUsage,this.#o):r.usage),o={type:"agent_finished",role:r.role,steps:e.steps??r.messages.size,usage:i,stop:JSON.stringify({reason:s})};e.costUsd!==void 0&&Number.isFinite(e.costUsd)&&e.costUsd>=0&&(o.cost_usd=e.costUsd),t.push({event:o}),t.push({event:{type:"phase_finished",phase:qa,success:e.success,summary:S0(e.summary)}}),e.durationMs!==void 0&&Number.isFinite(e.durationMs)&&e.durationMs>=0?this.#c+=e.durationMs:this.#u=!1,this.#s=!1,this.#r=null}finish(t,e){let s=!1;if(e==="eof"&&(this.#s||this.#a===0)){s=!0;let i=`standard input closed before ${this.finalLine}`;this.#s?this.endSession(t,{success:!1,summary:i,reason:"input_ended"}):this.log(t,"error",i)}else if(this.#s){let i=e==="cancel"?"cancelled":"interrupted";this.#f(t,i)}let r=!s&&e==="eof"&&this.#l===0&&this.#a>0;return{success:r,status:r?"done":"failed",activeMs:this.#u&&this.#a>0?this.#c:null}}#f(t,e){for(let r of[...this.#i.keys()])this.endSubagent(t,r,e);this.#h(t);let s=this.#r;t.push({event:{type:"agent_finished",role:s.role,steps:s.messages.size,usage:s.usage,stop:JSON.stringify({reason:e})}}),t.push({event:{type:"phase_finished",phase:qa,success:!1,summary:e}}),this.#u=!1,this.#s=!1,this.#r=null}#h(t){if(this.#n.size===0)return;let e=[...this.#n.entries()].slice(0,x0).map(([r,i])=>`${i.call} (${i.tool}, the agent's ${r.slice(0,80)})`),s=this.#n.size-e.length;this.log(t,"warn",`${this.#n.size} call(s) had no result when the session ended: ${e.join(", ")}${s>0?` and ${s} more`:""}`),this.#n.clear()}}});var tf,T0,E0,A0,lr,Ua=_(()=>{Ii();Pa();Fa();Fi();tf="claude_code",T0=new Set(["Task","Agent"]),E0=4096,A0=64,lr=class{static{l(this,"ClaudeCodeAdapter")}#t;#e;#n=null;#s=new Map;#r=!1;#i=new as;constructor(t={}){this.#t=new ls(tf,"Claude Code's final line (its result)",t),this.#e=t.model??""}take(t,e){if(tt(t))switch(t.type){case"system":t.subtype==="init"&&this.#a(t,e);return;case"assistant":this.#c(t,e);return;case"user":this.#u(t,e);return;case"stream_event":this.#h(t,e);return;case"result":this.#p(t,e);return}}finish(t,e){return this.#t.finish(t,e)}#o(t,e,s){this.#t.sessionOpen||(this.#r=!1,this.#n=typeof s=="string"?s:null,this.#t.startSession(t,Q(e)||this.#e))}#a(t,e){let s=typeof t.session_id=="string"?t.session_id:null;if(this.#t.sessionOpen){if(s===this.#n)return;this.#t.endSession(e,{success:!1,summary:"a new session began before Claude Code's result",reason:"input_ended"})}this.#o(e,t.model,s)}#l(t,e,s,r){if(!this.#t.hasSubagent(e)){let i=this.#s.get(e)??(Q(s.subagent_type)||"subagent");i=i.slice(0,A0),i===tf&&(i=`${i} subagent`),this.#t.startSubagent(t,e,i,Q(r))}return this.#t.roleOf(e)}#c(t,e){let s=t.message;if(!tt(s))return;this.#o(e,s.model,t.session_id);let r=typeof t.parent_tool_use_id=="string"?t.parent_tool_use_id:null,i=r===null?this.#t.mainRole:this.#l(e,r,t,s.model);if(typeof s.id=="string"&&tt(s.usage)&&this.#t.message(r,s.id,Ia(s.usage)),typeof t.error=="string"&&this.#t.log(e,"warn",`Claude Code reported an error from the model's API: ${t.error}`),!!Array.isArray(s.content))for(let o of s.content){if(!tt(o))continue;let a=o.type;if(a==="text")typeof o.text=="string"&&this.#t.text(e,i,o.text);else if(a==="thinking")!this.#r&&typeof o.thinking=="string"&&this.#t.delta(e,i,"thinking",o.thinking);else if(a==="tool_use"||a==="server_tool_use"||a==="mcp_tool_use"){if(typeof o.id!="string"||typeof o.name!="string")continue;T0.has(o.name)&&tt(o.input)&&(this.#s.size>=E0&&this.#s.clear(),this.#s.set(o.id,Q(o.input.subagent_type)||"subagent")),this.#t.called(e,o.id,i,o.name,o.input)}else typeof a=="string"&&a.endsWith("_tool_result")&&typeof o.tool_use_id=="string"&&this.#f(e,o.tool_use_id,o)}}#u(t,e){let s=t.message;if(!(!tt(s)||!Array.isArray(s.content)))for(let r of s.content)!tt(r)||r.type!=="tool_result"||typeof r.tool_use_id=="string"&&(this.#o(e,"",t.session_id),this.#f(e,r.tool_use_id,r))}#f(t,e,s){let r=s.content,i=s.is_error===!0||tt(r)&&typeof r.type=="string"&&r.type.endsWith("_error");this.#t.endSubagent(t,e,i?"failed":"completed");let o=r===void 0||typeof r=="string"||Array.isArray(r)?or(r):JSON.stringify(r);this.#t.returned(t,e,{is_error:i,output:o})}#h(t,e){let s=t.event;if(!tt(s))return;let r=s.type==="message_start"&&tt(s.message)?s.message:null;if(this.#o(e,r?.model,t.session_id),this.#r=!0,s.type!=="content_block_delta"||!tt(s.delta))return;let i=typeof t.parent_tool_use_id=="string"?t.parent_tool_use_id:null,o=this.#t.roleOf(i),a=s.delta;a.type==="text_delta"&&typeof a.text=="string"?this.#t.delta(e,o,"text",a.text):a.type==="thinking_delta"&&typeof a.thinking=="string"&&this.#t.delta(e,o,"thinking",a.thinking)}#p(t,e){this.#o(e,"",t.session_id);let s=Q(t.session_id,this.#n??""),r=Q(t.subtype,"success"),i=t.is_error!==!0&&r==="success",o=Array.isArray(t.errors)?t.errors.filter(d=>typeof d=="string"):[],a=Q(t.result),c=o.join("; ")||a||"no message",u=`Claude Code failed (${r}): ${c}`,h=Xh(t.modelUsage),f={success:i,summary:i?a||"completed":u,error:u,totalUsage:h?this.#i.added(s,h):void 0,usage:h?void 0:tt(t.usage)?Ia(t.usage):void 0,costUsd:typeof t.total_cost_usd=="number"?this.#i.addedCost(s,t.total_cost_usd):void 0,durationMs:typeof t.duration_ms=="number"?t.duration_ms:void 0};this.#t.endSession(e,f)}}});var Ui,M0,cr,Ba=_(()=>{Ii();Pa();Fa();Fi();Ui="codex",M0=65536,cr=class{static{l(this,"CodexAdapter")}#t;#e;#n="";#s="";#r=null;#i=new Set;#o=new as;constructor(t={}){this.#t=new ls(Ui,"Codex's final line (turn.completed)",t),this.#e=t.model??""}take(t,e){if(tt(t))switch(t.type){case"thread.started":this.#t.sessionOpen&&this.#t.endSession(e,{success:!1,summary:"a new thread began before Codex's turn.completed",reason:"input_ended",steps:1}),this.#n=Q(t.thread_id),this.#a(e);return;case"turn.started":this.#a(e);return;case"item.started":case"item.updated":case"item.completed":if(!tt(t.item))return;this.#a(e),this.#l(t.item,t.type==="item.completed",e);return;case"item.plan.delta":this.#a(e),typeof t.delta=="string"&&this.#t.delta(e,Ui,"text",t.delta);return;case"error":this.#a(e),this.#r=Q(t.message,"error"),this.#t.log(e,"warn",`Codex reported an error: ${this.#r}`);return;case"turn.completed":this.#a(e),this.#t.endSession(e,{success:!0,summary:this.#s||"turn completed",usage:this.#o.added(this.#n,Gh(t.usage)),steps:1});return;case"turn.failed":{this.#a(e);let r=`Codex turn failed: ${(tt(t.error)?Q(t.error.message):"")||this.#r||"no message"}`;this.#t.endSession(e,{success:!1,summary:r,error:r,steps:1});return}}}finish(t,e){if(e==="eof"&&this.#t.sessionOpen&&this.#r!==null){let s=`Codex turn failed: ${this.#r}`;this.#t.endSession(t,{success:!1,summary:s,error:`${s} (standard input closed before ${this.#t.finalLine})`,steps:1})}return this.#t.finish(t,e)}#a(t){this.#t.sessionOpen||(this.#s="",this.#r=null,this.#i.clear(),this.#t.startSession(t,this.#e))}#l(t,e,s){let r=t.id;if(typeof r!="string")return;let i=Ui;switch(t.type){case"agent_message":case"plan":e&&typeof t.text=="string"&&(this.#t.text(s,i,t.text),t.type==="agent_message"&&(this.#s=t.text));return;case"reasoning":e&&typeof t.text=="string"&&this.#t.delta(s,i,"thinking",t.text);return;case"error":e&&this.#t.log(s,"warn",`Codex reported an error: ${Q(t.message,"error")}`);return;case"command_execution":{if(this.#c(s,r,"shell",{command:t.command??null}),!e)return;let o=typeof t.exit_code=="number"&&Number.isInteger(t.exit_code)?t.exit_code:null,a=Q(t.status),c=Q(t.aggregated_output);c===""&&a==="declined"&&(c="declined"),this.#u(s,r,{is_error:a==="failed"||a==="declined"||o!==null&&o!==0,output:c,exit_code:o});return}case"file_change":{if(!Array.isArray(t.changes))return;for(let o of t.changes){if(!tt(o)||typeof o.path!="string")continue;let a=`${r}\0${o.path}`,c=Q(o.kind,"update");this.#c(s,a,c==="add"?"write_file":"edit_file",{path:o.path,kind:c}),e&&this.#u(s,a,{is_error:t.status==="failed",output:typeof o.diff=="string"?o.diff:`${c} ${o.path}`})}return}case"mcp_tool_call":{if(this.#c(s,r,`mcp__${Q(t.server)}__${Q(t.tool)}`,t.arguments??null),!e)return;let o=tt(t.error)?Q(t.error.message,"error"):null,a=tt(t.result)?t.result:null,c=o??(a?or(a.content):"");c===""&&a&&a.structured_content!=null&&(c=JSON.stringify(a.structured_content)),this.#u(s,r,{is_error:o!==null||t.status==="failed",output:c});return}case"web_search":{let o={query:t.query??null};t.action!==void 0&&(o.action=t.action),this.#c(s,r,"web_search",o),e&&this.#u(s,r,{is_error:!1,output:Q(t.query)});return}case"collab_tool_call":{if(this.#c(s,r,Q(t.tool,"collab_tool_call"),{receiver_thread_ids:t.receiver_thread_ids??null,prompt:t.prompt??null}),!e)return;this.#u(s,r,{is_error:t.status==="failed",output:JSON.stringify(t.agents_states??{},null,2)});return}}}#c(t,e,s,r){this.#i.has(e)||this.#t.isOpen(e)||this.#t.called(t,e,Ui,s,r)}#u(t,e,s){this.#i.has(e)||(this.#i.size>=M0&&this.#i.clear(),this.#i.add(e),this.#t.returned(t,e,s))}}});function ef(n,t={}){return n==="claude-code"?new lr(t):new cr(t)}var nf=_(()=>{Ua();Ba();Ii();Ua();Ba();l(ef,"agentAdapter")});var rf={};W(rf,{RECORD_HELP:()=>N0,RECORD_LINE_BYTES_MAX:()=>Wa,producedEvents:()=>sf,recordCommand:()=>C0});async function C0(n,t){let{values:e,positionals:s}=R("record",t,{resume:{type:"boolean"},restart:{type:"boolean"},json:{type:"boolean"},from:{type:"string"},model:{type:"string"}});n.json=e.json===!0;let r=e.from??"taskline";if(!Da.includes(r))throw new y("usage",`taskline record: unknown --from ${JSON.stringify(r.slice(0,80))}; the formats are taskline (bare taskline events, the default), claude-code (claude -p --output-format stream-json --verbose) and codex (codex exec --json)`);let i=r;if(e.model!==void 0&&i==="taskline")throw new y("usage","taskline record: --model names the model of an agent's output (--from claude-code or codex); taskline events name it in agent_started");if(s.length!==1)throw new y("usage","taskline record: name one task, for example `taskline record 3 < events.jsonl`");let o=e.resume===!0;if(o&&e.restart)throw new y("usage","taskline record: --resume and --restart do not go together");let a=await n.task(s[0]),c=await n.settings(),u=Yn(n.state),h;try{h=await Be.open(n.state,a,{mode:o?"resume":"new",settings:c,onRepair:l(d=>void n.warn(d),"onRepair"),sink:u.sink})}catch(d){throw u.close(),d}let f=l(()=>{},"stopWatch");try{let d=a.record.status;if(o&&h.runState.run===h.run&&h.runState.pending_approval)throw new y("wrong-state",`Cannot resume task #${a.number}: it waits for approval of the ${h.runState.pending_approval} gate; answer with \`taskline approve ${a.number}\` or \`taskline reject ${a.number} --reason TEXT\``);if(o&&d==="done")throw new y("wrong-state",`Cannot resume task #${a.number}: its run is done; record a new run with \`taskline record ${a.number}\``);if(!o&&d==="paused"&&!e.restart)throw new y("wrong-state",`Cannot start a new run of task #${a.number}: its run is paused; continue it with \`taskline record ${a.number} --resume\` or start over with --restart`);await Qn(n.state,a.dir);let p=n.io.stdout,m=n.json;m&&h.subscribe(rt=>{m&&p.write(Zt(rt)+`
`).catch(()=>m=!1)});let w=l(async()=>{m&&await p.flush().catch(()=>m=!1)},"flushOut"),g=n.io.stdin.getReader(),b={why:null},v=l(rt=>{b.why===null&&(b.why=rt,g.cancel().catch(()=>{}))},"stopNow"),x=l(()=>v("interrupt"),"onAbort");n.io.signal.aborted&&x(),n.io.signal.addEventListener("abort",x,{once:!0}),f=Mi(n.state,a.dir,()=>v("cancel"),{watch:!1}),h.start(),a.record.status="running",await qe(n.state,a),await h.saveState(),await w();let S=i==="taskline"?null:ef(i,{model:e.model??""}),O=[],N=l(async(rt,Et,At)=>{for(let Tn of await sf(h,rt))Et.push(Tn),At.push(void 0)},"addProduced"),M=0,z=!1,H=l(async(rt,Et)=>{M++,M<=Ha&&await n.warn(`line ${rt} of stdin not written: ${Et}`)},"reject"),Tt,xe=Promise.resolve(),Ve=l(()=>{Tt??=setTimeout(()=>{Tt=void 0,xe=xe.then(()=>h.saveState()).catch(()=>{})},O0)},"saveSoon"),et=l(rt=>{let Et=h.runState;for(let At of rt)At.type==="agent_finished"||At.type==="phase_started"?Ve():At.type==="approval_requested"&&(Et.pending_approval=At.gate,Ve())},"applyToRunState"),q=new nt({lineBytesMax:Wa}),F=0,lt=!1,Y=null,U=0,kt=!1;try{for(;Y===null&&b.why===null;){let rt=await g.read();if(b.why!==null)break;let Et;rt.done?(kt=!0,Et=Uint8Array.of(10)):Et=rt.value;let At=[],Tn=[];for(let Es of q.push(Et).lines){if(F++,Y!==null){U++;continue}if(Es===Rn){await H(F,`longer than ${Wa} bytes`);continue}if(Es===Cs){await H(F,"not valid UTF-8");continue}let Dr=Es.endsWith("\r")?Es.slice(0,-1):Es;if(Dr.trim()==="")continue;let As;try{As=JSON.parse(Dr)}catch(jt){await H(F,`not JSON (${jt.message.slice(0,120)})`);continue}if(S!==null){O.length=0,S.take(As,O),O.length>0&&await N(O,At,Tn);continue}let Ms=Vh(As,h.run);if(!Ms.ok){await H(F,Ms.reason);continue}let Mo=As.run;!z&&typeof Mo=="string"&&Mo!==h.run&&(z=!0,await n.warn(`line ${F} of stdin names run ${Mo.slice(0,40)}; taskline sets run to ${h.run} in every event`));let Xe=Ms.event,Np=!lt;if(lt=!0,Xe.type==="run_started"){Np||await H(F,"run_started only as the first event (a resumed run is `taskline record --resume`)");continue}if(Xe.type==="run_finished"){Y={success:Xe.success,status:Xe.status};continue}if(Ms.output!==void 0){let jt=Xe,vc=await h.keepOutput({role:jt.role,tool:jt.tool,call:jt.call,subtask:jt.subtask,output:Ms.output,is_error:jt.is_error,duration_ms:jt.duration_ms,exit_code:jt.exit_code,timed_out:jt.timed_out}),{type:dk,...Lp}=vc,Oo={type:vc.type,run:h.run,...Lp};for(let No in jt)No in Oo||(Oo[No]=jt[No]);At.push(Oo),Tn.push(void 0);continue}At.push(Xe);let Cp=L0(As,Xe)&&!Dr.includes("\r");Tn.push(Cp?Dr:void 0)}if(At.length>0&&(h.emitAll(At,{texts:Tn}),et(At)),await w(),kt)break}}finally{clearTimeout(Tt),await xe,n.io.signal.removeEventListener("abort",x),f(),kt||await g.cancel().catch(()=>{}),g.releaseLock()}let Ts;if(S!==null){O.length=0;let rt=S.finish(O,b.why??"eof"),Et=[];await N(O,Et,[]),Et.length>0&&h.emitAll(Et),b.why===null&&(Y={success:rt.success,status:rt.status},Ts=rt.activeMs??void 0)}let Ye;if(Y!==null?(await h.finish({...Y,segmentMs:Ts}),a.record.status=Y.status,Ye=Y.success?0:Y.status==="paused"?2:1):b.why==="cancel"?(h.emit({type:"log",level:"warn",message:"run stopped: cancelled by `taskline cancel`"}),await h.finish({success:!1,status:"cancelled"}),a.record.status="cancelled",Ye=130):(h.emit({type:"log",level:"error",message:b.why==="interrupt"?"taskline record was interrupted (Ctrl-C or SIGTERM) before the input's run_finished":"standard input closed without run_finished"}),await h.finish({success:!1,status:"failed"}),a.record.status="failed",Ye=b.why==="interrupt"?130:1),await qe(n.state,a),await w(),M>Ha&&await n.warn(`${M} lines of stdin were not written (the first ${Ha} are listed above)`),U>0&&await n.warn(`${U} line(s) after run_finished were not read`),!n.json){let rt=a.record.status;await p.write(`Task #${a.number}: run ${h.run.slice(0,8)} finished ${rt} at seq ${h.seq}${M>0?` (${M} line(s) of stdin not written)`:""}
`)}return Ye}catch(d){throw await h.close({message:`record failed: ${d.message}`}).catch(()=>{}),h.finished&&a.record.status==="running"&&(a.record.status="failed",await qe(n.state,a).catch(()=>{})),d}finally{f(),await Qn(n.state,a.dir),await h.close(),u.close()}}async function sf(n,t){let e=[];for(let s of t){if(s.output===void 0){e.push(s.event);continue}let r=s.event;e.push(await n.keepOutput({role:r.role,tool:r.tool,call:r.call,subtask:null,output:s.output,is_error:r.is_error,duration_ms:r.duration_ms,exit_code:r.exit_code,timed_out:r.timed_out}))}return e}function L0(n,t){let e=Object.keys(t),s=0;for(let i of e)i!=="run"&&(e[s++]=i);let r=0;for(let i in n)if(r>=s||e[r++]!==i)return!1;return r===s}var Wa,Ha,O0,N0,of=_(()=>{Ot();zn();Yt();A();Ma();Yh();Ei();gt();Xn();nf();it();Wa=16*1024*1024,Ha=100,O0=200,N0=`Usage: taskline record <TASK> [--from FORMAT] [--model NAME] [--resume] [--restart] [--json]

Records a run produced by an engine of your own: reads events on standard
input, one JSON object a line, without envelope ({"type":"tool_called",...}),
and writes each through taskline's run recorder (schema, seq and at added,
the task's lock held, run_finished always last). See docs/producing.md.

  - run_started is written first unless the input's first event is one.
  - run is set by taskline in every event; a producer may leave it out.
  - A tool_returned may carry its complete "output": it is kept in the trace
    store and the event gets output_file, output_chars and preview.
  - agent_delta goes to live followers and a running server, never to the log.
  - The run ends with the input's run_finished. When standard input closes
    without one, a log error says so and a failed run_finished ends the run;
    Ctrl-C and SIGTERM do the same; \`taskline cancel\` ends it as cancelled.
  - A line that is not JSON, or not a valid event of a known type, is
    reported on stderr with its line number and not written. Events of types
    taskline does not know are written when their type is a plain name.
    Lines are at most 16 MiB.

Exit codes: 0 the run succeeded, 2 it ended paused, 1 it failed (or the task
is running, or cannot be resumed), 130 interrupted or cancelled.

With --from claude-code or --from codex it reads an agent's own output
instead, as it comes, and records the agent's session as the run
(docs/agents.md):

  claude -p "fix the test" --output-format stream-json --verbose | taskline record 5 --from claude-code
  codex exec --json "fix the test" | taskline record 5 --from codex --model gpt-5-codex

The run then ends when the input ends: done
when every session of the agent ended with success, failed (exit 1) when one
failed (its error in the log) or when the input ended before the agent's
final line. Lines of types the adapter does not know are skipped.

Options:
  --from F    the input's format: taskline (bare events, the default),
              claude-code (claude -p --output-format stream-json --verbose),
              codex (codex exec --json)
  --model M   the model, where the agent's output does not name it (Codex)
  --resume    continue the task's current run (same run id, seq continues)
  --restart   start a new run even though the current one is paused
  --json      print each envelope as written (agent_delta included), one a line`;l(C0,"recordCommand");l(sf,"producedEvents");l(L0,"sameKeys")});var za={};W(za,{APPROVE_HELP:()=>R0,REJECT_HELP:()=>j0,approveCommand:()=>D0,rejectCommand:()=>P0});async function af(n,t,e){let s=e?"approve":"reject",{values:r,positionals:i}=R(s,t,{comment:{type:"string"},reason:{type:"string"},json:{type:"boolean"}});if(n.json=r.json===!0,i.length!==1)throw new y("usage",`taskline ${s}: name one task, for example \`taskline ${s} 3\``);if(e&&r.reason!==void 0)throw new y("usage","taskline approve: use --comment (--reason is for reject)");if(!e&&r.comment!==void 0)throw new y("usage","taskline reject: use --reason (--comment is for approve)");let o=e?r.comment:r.reason;if(!e&&(typeof o!="string"||o.trim()===""))throw new y("usage","taskline reject: say why with --reason TEXT");let a=await n.task(i[0]),c=await n.settings(),u=e?await ss(n.state,a,typeof o=="string"?o:null,{settings:c}):await rs(n.state,a,String(o),{settings:c}),h=a.number;return n.json?await n.io.stdout.write(JSON.stringify(nr(a,u))+`
`):await n.io.stdout.write(`${e?"Approved":"Rejected"} the ${u.gate} gate of task #${h} (run ${u.run.slice(0,8)}). Continue with \`${u.recorded?`<your engine> | taskline record ${h} --resume`:`taskline run ${h} --resume`}\`.
`),0}function D0(n,t){return af(n,t,!0)}function P0(n,t){return af(n,t,!1)}var R0,j0,Ja=_(()=>{A();kn();it();R0=`Usage: taskline approve <TASK> [--comment TEXT] [--json]

Approves the gate a paused run waits for (approval_resolved is recorded in
that run). Continue the run with \`taskline run <TASK> --resume\` (a run of
your own engine with \`taskline record <TASK> --resume\`).
Fails when nothing is pending or a process runs the task.`,j0=`Usage: taskline reject <TASK> --reason TEXT [--json]

Rejects the gate a paused run waits for: the work goes back to the phase
before the gate, which is played again on \`taskline run <TASK> --resume\` (a run
of your own engine goes on with \`taskline record <TASK> --resume\`).
Fails when nothing is pending or a process runs the task.`;l(af,"decide");l(D0,"approveCommand");l(P0,"rejectCommand")});var lf={};W(lf,{CANCEL_HELP:()=>I0,cancelCommand:()=>F0});async function F0(n,t){let{values:e,positionals:s}=R("cancel",t,{"no-wait":{type:"boolean"},json:{type:"boolean"}});if(n.json=e.json===!0,s.length!==1)throw new y("usage","taskline cancel: name one task, for example `taskline cancel 3`");let r=await n.task(s[0]);await is(n.state,r);let i=e["no-wait"]?!1:await Dh(n.state,r,{timeoutMs:q0}),o=r.number;return n.json?await n.io.stdout.write(JSON.stringify(Li(r,i))+`
`):i?await n.io.stdout.write(`Cancelled the run of task #${o}.
`):await n.io.stdout.write(`Asked task #${o} to stop${e["no-wait"]?"":"; it has not stopped yet"}.
`),0}var I0,q0,cf=_(()=>{A();kn();it();I0=`Usage: taskline cancel <TASK> [--no-wait] [--json]

Asks the process that runs the task to stop; it ends the run with
run_finished (status cancelled) and exits 130. Waits up to 10 s for it to
stop unless --no-wait. Fails when no process runs the task.`,q0=1e4;l(F0,"cancelCommand")});var ff={};W(ff,{GITIGNORE_LINES:()=>Va,INIT_HELP:()=>U0,SETTING_DOCS:()=>Ka,defaultConfigText:()=>hf,initCommand:()=>B0});function uf(n,t){let e=n.split(" "),s=[],r="";for(let i of e)r!==""&&t.length+3+r.length+1+i.length>96?(s.push(r),r=i):r=r===""?i:`${r} ${i}`;return r!==""&&s.push(r),s.map(i=>`${t}// ${i}
`).join("")}function hf(){let n=Ft(),t=`// taskline settings (JSON with comments). Every setting is listed at its default;
// change a value to override it. Unknown keys give a warning naming the key.
{
`,e=Object.entries(n);return e.forEach(([s,r],i)=>{let o=i===e.length-1;if(r!==null&&typeof r=="object"&&!Array.isArray(r)&&s!=="pricing"){t+=`  "${s}": {
`;let a=Object.entries(r);a.forEach(([c,u],h)=>{t+=uf(Ka[`${s}.${c}`]??"","    "),t+=`    "${c}": ${JSON.stringify(u)}${h===a.length-1?"":","}
`}),t+=`  }${o?"":","}
`}else t+=uf(Ka[s]??"","  "),t+=`  "${s}": ${JSON.stringify(r)}${o?"":","}
`}),t+`}
`}async function B0(n,t){let{values:e}=R("init",t,{json:{type:"boolean"}});n.json=e.json===!0;let s=n.state,r=[],i=[];for(let a of[s.root,s.tasksDir,`${s.root}/scenarios`])await Me(a)?i.push(`${a}/`):(await Deno.mkdir(a,{recursive:!0}),r.push(`${a}/`));await Me(s.configPath)?i.push(s.configPath):(await Deno.writeTextFile(s.configPath,hf(),{createNew:!0}),r.push(s.configPath));let o=`${s.root}/.gitignore`;if(await Me(o)){let a=await Deno.readTextFile(o),c=new Set(a.split(`
`).map(h=>h.trim())),u=Va.filter(h=>!c.has(h));if(u.length>0){let h=a===""||a.endsWith(`
`)?"":`
`;await Deno.writeTextFile(o,`${a}${h}${u.join(`
`)}
`),r.push(`${o} (added ${u.join(", ")})`)}else i.push(o)}else await Deno.writeTextFile(o,`# written by taskline init: local files that are not shared
`+Va.join(`
`)+`
`),r.push(o);if(n.json)await n.io.stdout.write(JSON.stringify({created:r,kept:i})+`
`);else{for(let a of r)await n.io.stdout.write(`created ${a}
`);for(let a of i)await n.io.stdout.write(`kept    ${a}
`);await n.io.stdout.write(r.length===0?`Nothing to do: this project is set up already.
`:'Next: `taskline task new "<title>"`, then `taskline run 1`.\n')}return 0}var U0,Ka,Va,df=_(()=>{ke();ct();it();U0=`Usage: taskline init [--json]

Creates .taskline/ in the current directory (the project root) with
config.jsonc (every setting, commented, at its default), .gitignore, tasks/
and scenarios/. Files that exist are kept, so it is safe to run twice.`,Ka={"pipeline.approvals":'Gates that wait for a human: any of "spec", "plan", "merge". The run pauses (exit 2) until `taskline approve` or `taskline reject`.',"pipeline.trace_outputs":"Keep the complete output of every tool call in .taskline/tool-output/ (the trace store).","pipeline.trace_max_chars":"Longest kept output file, in characters; a longer output is cut and ends with a marker line.","pipeline.max_validation_fix_attempts":"Automatic fixes of failed validation commands over the whole run.","pipeline.max_tokens":"Pause the run after this many tokens (input + output), resumes included; null is off. `taskline run --max-tokens` sets it for one invocation.","pipeline.max_duration_secs":"Pause the run after this much active time in seconds, resumes included; null is off. `taskline run --max-duration` sets it for one invocation.","pipeline.project_memory":"Append a lesson of each finished task to .taskline/memory.jsonl (`taskline memory list`).","pipeline.validation_commands":"Commands that must pass before a task is done.","pipeline.isolate_subtasks":"Run each subtask attempt in its own worktree and branch `<task branch>--s<N>-a<attempt>`.","pipeline.auto_merge":"Merge the task branch into its base when the task is done.",pricing:'Prices per million tokens keyed "<provider>/<model>", e.g. {"anthropic/claude-sonnet-4-5": {"input": 3, "output": 15, "cache_read": 0.3, "cache_write": 3.75}}; none by default, so no cost is shown.',pricing_currency:"Currency of the prices.","server.host":"Address `taskline serve` binds to (loopback only).","server.port":"Port of `taskline serve`; 0 takes a free port.","security.web_allowed_domains":"Domains the agents' web tool may fetch.","fleet.project":"Name of this project on the stream of `taskline ship`; null is the name of the project's directory.","fleet.stream":"JetStream stream of `taskline ship` and `taskline mirror`.","security.search_url":"Search endpoint of the agents' search tool; null is none."},Va=["tool-output/","server.token","*.lock","cancel.request","cache/","live.json","live-*.json","nats.token","nats.nkey","nats.creds"];l(uf,"comment");l(hf,"defaultConfigText");l(B0,"initCommand")});function cs(n,t){return t?"running":n==="running"?"interrupted":n}var Ya=_(()=>{l(cs,"shownStatus")});var gf={};W(gf,{TASK_HELP:()=>H0,parseImport:()=>mf,taskCommand:()=>V0});function ur(n,t){return{id:n.id,number:n.number,title:n.record.title,status:n.record.status,dir:n.dir,branch:hn(n),created_at:n.record.created_at,running:t}}async function z0(n,t){if(t==="-")return await Pi(n.io.stdin,W0,"The import");let e=t.replace(/^\.\//,""),s=n.state.root.replace(/^\.\//,"");if(!e.startsWith(`${s}/`)||e.split("/").includes(".."))throw new y("usage",`Cannot import ${t}: taskline reads only inside ${s}/; move the file there or pipe it with \`taskline task import - < ${t}\``);return await Oe(Deno.readTextFile(e),`Cannot import ${e}: no such file`)}function mf(n,t){let e;try{e=JSON.parse(n)}catch(r){throw new y("usage",`Cannot import ${t}: not JSON (${r.message})`)}let s=Array.isArray(e)?e:e&&typeof e=="object"&&Array.isArray(e.tasks)?e.tasks:null;if(!s)throw new y("usage",`Cannot import ${t}: expected a list of tasks or {"tasks": [...]}`);if(s.length>pf)throw new y("usage",`Cannot import ${t}: more than ${pf} tasks`);return s.map((r,i)=>{let o=r;if(!o||typeof o!="object"||typeof o.title!="string"||o.title.trim()==="")throw new y("usage",`Cannot import ${t}: task ${i+1} has no "title"`);if(o.description!==void 0&&typeof o.description!="string")throw new y("usage",`Cannot import ${t}: task ${i+1}: "description" must be text`);if(o.status!==void 0&&typeof o.status!="string")throw new y("usage",`Cannot import ${t}: task ${i+1}: "status" must be text`);return{title:o.title,...typeof o.description=="string"?{description:o.description}:{},...typeof o.status=="string"?{status:o.status}:{}}})}async function J0(n,t,e){let s=[];for await(let r of bt(n.state.logPath(t.dir),{prefilter:l(i=>i.includes('"phase_'),"prefilter"),onProblem:n.problem}))for(let i of r.records){let o=i.env.event;if(P(i.env.event)===e){if(o.type==="phase_started")s.push({phase:String(o.phase),state:"running",summary:null});else if(o.type==="phase_finished"){let a=[...s].reverse().find(c=>c.phase===o.phase&&c.state==="running");a&&(a.state=o.success?"done":"failed",a.summary=String(o.summary))}}}return s.length>1e3&&s.splice(0,s.length-1e3),s}async function K0(n,t){let e=await n.task(t),s=await Ct(n.state,e.dir),r=await It(n.state.logPath(e.dir)),i=await Zn(n.state,e.dir),o=null;if(r){let u=i.run===r.run;o={id:r.run,pending_approval:u?i.pending_approval:null,tokens:u?i.usage.input_tokens+i.usage.output_tokens:null,usage:u?i.usage:null,active_ms:u?i.active_ms:null,validation_fix_attempts:u?i.validation_fix_attempts:null,phases:await J0(n,e,r.run)}}let a=n.io.stdout;if(n.json)return await a.write(JSON.stringify({...ur(e,s),description:e.record.description??null,task:e.record,run:o})+`
`),0;let c=[`#${e.number} ${e.record.title}`,`  status:   ${cs(e.record.status,s)}${s?" (a process is running it)":e.record.status==="running"?" (task.json says running, but no process runs it: its process died)":""}`,`  id:       ${e.id}`,`  dir:      ${n.state.taskDir(e.dir)}`,`  branch:   ${hn(e)}`,`  created:  ${e.record.created_at}`];if(e.record.description&&c.push(`  description: ${e.record.description}`),o){c.push(`  run:      ${o.id}`),o.pending_approval&&c.push(`  waits for approval of the ${o.pending_approval} gate`),o.tokens!==null&&c.push(`  tokens:   ${o.tokens}, active ${((o.active_ms??0)/1e3).toFixed(1)} s`);for(let u of o.phases)c.push(`    ${u.phase.padEnd(12)} ${u.state}${u.summary?`: ${u.summary}`:""}`)}else c.push("  run:      none yet");return await a.write(c.map(u=>L(u)).join(`
`)+`
`),0}async function V0(n,t){let[e,...s]=t,{values:r,positionals:i}=R(`task ${e??""}`.trim(),s,{description:{type:"string"},json:{type:"boolean"}});n.json=r.json===!0;let o=n.io.stdout,a=l(c=>{if(i.length!==1)throw new y("usage",`taskline task ${e}: name ${c}`);return i[0]},"one");if(r.description!==void 0&&e!=="new")throw new y("usage",`taskline task ${e}: --description is for task new`);switch(e){case"new":{let c=a('the title, for example `taskline task new "Add login"`'),u=await ns(n.state,{title:c,...r.description!==void 0?{description:String(r.description)}:{}});return n.json?await o.write(JSON.stringify(ur(u,!1))+`
`):await o.write(L(`Created task #${u.number} ${u.record.title} (${u.dir})`)+`
`),0}case"list":{if(i.length>0)throw new y("usage","taskline task list takes no task");let c=await n.tasks(),u=await Promise.all(c.map(async d=>ur(d,await Ct(n.state,d.dir))));if(n.json)return await o.write(JSON.stringify(u)+`
`),0;if(u.length===0)return await o.write('No tasks yet: `taskline task new "<title>"`.\n'),0;let h=l(d=>L(cs(d.status,d.running))+(d.running?"*":""),"shown"),f=Math.max(6,...u.map(d=>we(h(d))));for(let d of u){let p=h(d)+" ".repeat(f-we(h(d)));await o.write(`#${String(d.number).padEnd(4)} ${p}  ${L(d.title)}
`)}return u.some(d=>d.running)&&await o.write(`(* a process is running it)
`),0}case"show":return await K0(n,a("one task, for example `taskline task show 3`"));case"import":{let c=a("a file inside .taskline/ or - for stdin");await n.state.requireExists();let u=mf(await z0(n,c),c==="-"?"stdin":c),h=[];for(let f of u){let d=await oi(n.state,f.title,{...f.description!==void 0?{description:f.description}:{},...f.status!==void 0?{status:f.status}:{}});h.push(ur(d,!1))}if(n.json)await o.write(JSON.stringify(h)+`
`);else{for(let f of h)await o.write(L(`Created task #${f.number} ${f.title} (${f.dir})`)+`
`);h.length===0&&await o.write(`The document has no tasks.
`)}return 0}case"discard":{let c=await n.task(a("one task, for example `taskline task discard 3`")),u;try{u=await Bs(n.state,c.dir)}catch(h){throw h instanceof y&&h.code==="task-running"?new y("task-running",`Cannot discard task #${c.number}: a process is running it; stop it first with \`taskline cancel ${c.number}\``):h}try{await pe(Deno.remove(`${n.state.toolOutputDir}/${c.dir}`,{recursive:!0})),await Deno.remove(n.state.taskDir(c.dir),{recursive:!0}),await Deno.remove(`${n.state.root}/cache/history/${c.dir}.json`).catch(()=>{})}finally{u.release()}return n.json?await o.write(JSON.stringify({discarded:ur(c,!1)})+`
`):await o.write(L(`Discarded task #${c.number} ${c.record.title}`)+`
`),0}default:throw new y("usage",`taskline task: say what to do: new, list, show, import or discard${e?` (not "${e}")`:""}`)}}var H0,W0,pf,yf=_(()=>{qt();A();ye();Ya();Ae();Zs();gt();ct();J();kn();it();rr();H0=`Usage: taskline task <new|list|show|import|discard> ...

  task new <TITLE> [--description TEXT] [--json]   creates a task (status ready)
  task list [--json]                                every task, by number
  task show <TASK> [--json]                         one task, its current run and phases
  task import <FILE|-> [--json]                     tasks from a JSON document: a list of
                                                    {"title", "description"?, "status"?}, or
                                                    {"tasks": [...]}. FILE must be inside
                                                    .taskline/; - reads stdin
  task discard <TASK> [--json]                      removes the task and its tool outputs
                                                    (refused while a process runs it)`,W0=16*1024*1024,pf=1e4;l(ur,"rowOf");l(z0,"readInput");l(mf,"parseImport");l(J0,"phasesOf");l(K0,"show");l(V0,"taskCommand")});var wf={};W(wf,{MEMORY_HELP:()=>Y0,memoryCommand:()=>Z0});function X0(){try{return Deno.stdin.isTerminal()}catch{return!1}}async function G0(n,t){await n.io.stderr.write(t),await n.io.stderr.flush();let e=n.io.stdin.getReader();try{let{value:s}=await e.read(),r=new TextDecoder().decode(s??new Uint8Array).trim().toLowerCase();return r==="y"||r==="yes"}finally{e.releaseLock()}}async function Z0(n,t){let[e,...s]=t,{values:r,positionals:i}=R(`memory ${e??""}`.trim(),s,{json:{type:"boolean"},yes:{type:"boolean",short:"y"}});if(n.json=r.json===!0,i.length>0)throw new y("usage",`taskline memory ${e}: unexpected "${i[0]}"`);await n.state.requireExists();let o=n.io.stdout,a=l((c,u)=>void n.warn(`${n.state.memoryPath}: line ${c}: skipped (${u})`),"warn");switch(e){case"list":{if(r.yes)throw new y("usage","taskline memory list: --yes is for clear");let c=[],u=0;for await(let h of Ta(n.state,{onProblem:a}))u++,n.json?c.push(h):await o.write(`${String(h.at).slice(0,10)} #${h.number} ${h.title}: ${h.lesson}
`);return n.json?await o.write(JSON.stringify(c)+`
`):u===0&&await o.write(`No lessons yet: finished tasks add them.
`),0}case"clear":{if(!r.yes){if(!X0())throw new y("usage","taskline memory clear: refusing without --yes because nobody can confirm (stdin is not a terminal)");if(!await G0(n,`Remove every lesson in ${n.state.memoryPath}? [y/N] `))return await o.write(`Kept the lessons.
`),1}let c=await Th(n.state);return n.json?await o.write(JSON.stringify({removed:c})+`
`):await o.write(`Removed ${c} lesson(s).
`),0}default:throw new y("usage",`taskline memory: say list or clear${e?` (not "${e}")`:""}`)}}var Y0,kf=_(()=>{A();Ea();it();Y0=`Usage: taskline memory <list|clear> [options]

  memory list [--json]   the lessons of finished tasks, oldest first
  memory clear [--yes]   removes every lesson; asks first on a terminal, and
                         without a terminal refuses unless --yes is given

Lessons are written when pipeline.project_memory is on (the default).`;l(X0,"stdinIsTerminal");l(G0,"ask");l(Z0,"memoryCommand")});var xf={};W(xf,{DOCTOR_HELP:()=>Q0,diagnose:()=>_f,doctorCommand:()=>ny});async function ty(n,t,e,s){let r=n.logPath(t.dir),i=new Set,o;try{let m=await st(r);if(m===null)return{runs:i};o=m}catch(m){let w=m instanceof C;return s.push({level:"error",check:"log",file:r,line:null,message:w?`cannot read the log: ${m.what}`:`cannot read the log: ${m.message}`,fix:w?"replace it with the task's log (a regular file), or remove it; other tasks are read as usual":"check the file's permissions"}),{runs:i}}let a=0,c=l(m=>{a++,a<=Xa&&s.push(m)},"add"),u=new Map,h=new Map,f=0,d=0,p=0;try{let m=new nt({}),w=new Uint8Array(1024*1024);for(;;){let g=await o.read(w);if(g===null)break;for(let b of m.push(w.subarray(0,g)).lines){if(p++,b.trim()==="")continue;let v=V(b);if(!v.ok){c({level:"error",check:"log",file:r,line:p,message:`broken line: ${v.reason}`,fix:`repair or remove line ${p} (readers skip it with a warning)`});continue}let x=v.env;if(x.schema>2){f++===0&&(d=p);continue}let S=P(x.event);if(S&&i.add(S),x.event.type==="run_started"&&S&&h.set(S,p),x.event.type==="run_finished"&&S&&h.delete(S),x.schema<2||typeof x.seq!="number")continue;let O=S??"",N=u.get(O)??{seq:0,line:0},M=S?`run ${S.slice(0,8)}`:"run-less events";x.seq<=N.seq?c({level:"error",check:"log",file:r,line:p,message:`seq ${x.seq} of ${M} repeats or goes back (line ${N.line} has seq ${N.seq})`,fix:`remove the duplicate line ${p}, or restore the log from a backup`}):x.seq!==N.seq+1&&S&&c({level:"error",check:"log",file:r,line:p,message:`seq of ${M} jumps from ${N.seq} to ${x.seq}: ${x.seq-N.seq-1} event(s) are missing`,fix:"the log was edited or copied in part; restore it from a backup"}),x.seq>N.seq&&u.set(O,{seq:x.seq,line:p})}}m.pendingBytes>0&&(p++,e||c({level:"error",check:"log",file:r,line:p,message:`torn last line: ${m.pendingBytes} bytes without a newline`,fix:`the next \`taskline run ${t.number}\` repairs it (completes or cuts the line); or remove line ${p}`}))}finally{o.close()}if(f>0&&s.push({level:"warning",check:"log",file:r,line:d,message:`${f} line(s) of a schema above ${2}, written by a newer taskline`,fix:"upgrade taskline to read them; this version shows them as unknown events"}),!e)for(let[m,w]of h)c({level:"error",check:"log",file:r,line:w,message:`run ${m.slice(0,8)} started here and has no run_finished, and no process runs the task (its process was killed)`,fix:`continue it with \`taskline run ${t.number} --resume\`, or start over with \`taskline run ${t.number} --restart\``});return a>Xa&&s.push({level:"error",check:"log",file:r,line:null,message:`${a-Xa} more finding(s) in this log not listed`,fix:"fix the ones listed and run doctor again"}),{runs:i}}async function vf(n){let t=0,e=0;for(let s of await me(n)){let r=`${n}/${s.name}`;if(s.isDirectory){let i=await vf(r);t+=i.files,e+=i.bytes}else s.isFile&&(t++,e+=(await Deno.stat(r)).size)}return{files:t,bytes:e}}function ey(n){return`${(n/1024/1024).toFixed(1)} MiB`}async function _f(n){let t=[];try{let{warnings:u}=await Ue(n);for(let h of u)t.push({level:"warning",check:"settings",file:n.configPath,line:null,message:h.replace(`${n.configPath}: `,""),fix:"correct or remove the key (`taskline init` documents every setting)"})}catch(u){t.push({level:"error",check:"settings",file:n.configPath,line:null,message:u.message,fix:"repair the file; every command uses the defaults until then"})}let e=await _t(n,{onProblem:l(u=>t.push({level:"error",check:"task",file:n.taskJsonPath(u.dir),line:null,message:u.reason,fix:`restore task.json or remove ${n.taskDir(u.dir)}`}),"onProblem")}),s=new Map,r=new Map;for(let u of e){let h=r.get(u.number);h?t.push({level:"warning",check:"task",file:n.taskJsonPath(u.dir),line:null,message:`task number ${u.number} is also used by ${h}`,fix:"give one of them another number in its task.json"}):r.set(u.number,u.dir);let f=await Ct(n,u.dir),{runs:d}=await ty(n,u,f,t);s.set(u.dir,d)}let i=new Set((await me(n.tasksDir)).map(u=>u.name));for(let u of await me(n.toolOutputDir)){let h=`${n.toolOutputDir}/${u.name}`;if(!u.isDirectory)continue;if(!i.has(u.name)){t.push({level:"warning",check:"trace",file:h,line:null,message:"trace files of a task that no longer exists",fix:`remove ${h}/`});continue}let f=s.get(u.name)??new Set;for(let d of await me(h))d.isDirectory&&!f.has(d.name)&&t.push({level:"warning",check:"trace",file:`${h}/${d.name}`,line:null,message:"trace files of a run that is not in the task's log",fix:`remove ${h}/${d.name}/`})}let o=await vf(n.toolOutputDir);t.push({level:o.bytes>bf?"warning":"info",check:"trace",file:n.toolOutputDir,line:null,message:`the trace store holds ${o.files} file(s), ${ey(o.bytes)}`,fix:o.bytes>bf?"discard old tasks (`taskline task discard`) or set pipeline.trace_outputs to false":"nothing to do"});let a=await An(n.root),c=Ac(a);return t.push({level:c.length>0?"warning":"info",check:"permissions",file:n.root,line:null,message:c.length>0?`this process holds more than taskline's four permissions: ${c.join(", ")} (holds ${Lo(a)})`:`this process holds ${Lo(a)}`,fix:c.length>0?"run taskline as `deno task install` installs it, with --allow-read=.taskline --allow-write=.taskline --allow-net=127.0.0.1,localhost,[::1] --allow-env and nothing else":"nothing to do"}),{findings:t,tasks:e.length,trace_store:o,permissions:a}}async function ny(n,t){let{values:e,positionals:s}=R("doctor",t,{json:{type:"boolean"}});if(n.json=e.json===!0,s.length>0)throw new y("usage","taskline doctor takes no arguments");await n.state.requireExists();let r=await _f(n.state),i=r.findings.filter(c=>c.level==="error").length,o=r.findings.filter(c=>c.level==="warning").length,a=n.io.stdout;if(n.json)await a.write(JSON.stringify({ok:i===0,errors:i,warnings:o,...r})+`
`);else{for(let c of r.findings){let u=L(c.line!==null?`${c.file}:${c.line}`:c.file);await a.write(`${c.level.padEnd(7)} ${u}: ${L(c.message)}
`),c.level!=="info"&&await a.write(`        fix: ${L(c.fix)}
`)}await a.write(`doctor: ${r.tasks} task(s) checked, ${i} error(s), ${o} warning(s)
`)}return i>0?1:0}var Q0,bf,Xa,$f=_(()=>{Mn();Ot();Yt();J();fe();A();ye();X();ke();ct();gt();it();qt();Q0=`Usage: taskline doctor [--json]

Checks the project's state without changing it: config.jsonc, every task and
its events.jsonl (broken lines, a torn last line, gaps or repeats in seq, a
run without its end while no process runs the task, unknown schema versions),
orphaned trace files, and the size of the trace store. Each finding names the
file and line and what to do. Exit 1 when a check fails (an error); warnings
do not fail.`,bf=1024*1024*1024,Xa=20;l(ty,"checkLog");l(vf,"sizeOf");l(ey,"mib");l(_f,"diagnose");l(ny,"doctorCommand")});function Ga(n){return Sf.has(n)}function Bi(n,t){let e=Sf.get(n);if(e===void 0||t===null||typeof t!="object")return null;let s=t[e];return typeof s=="string"&&s!==""?s:null}var Sf,Za=_(()=>{Sf=new Map([["write_file","path"],["edit_file","path"],["Write","file_path"],["Edit","file_path"],["MultiEdit","file_path"],["NotebookEdit","notebook_path"]]);l(Ga,"isWriteTool");l(Bi,"writtenPath")});function Qa(n,t){t&&(n.input_tokens+=bn(t.input_tokens),n.output_tokens+=bn(t.output_tokens),n.cache_read_tokens+=bn(t.cache_read_tokens),n.cache_write_tokens+=bn(t.cache_write_tokens))}function bn(n){return typeof n=="number"&&Number.isFinite(n)?n:0}function ay(n,t){return{input_tokens:Math.max(n.input_tokens,t.input_tokens),output_tokens:Math.max(n.output_tokens,t.output_tokens),cache_read_tokens:Math.max(n.cache_read_tokens,t.cache_read_tokens),cache_write_tokens:Math.max(n.cache_write_tokens,t.cache_write_tokens)}}function ft(n,t=""){return typeof n=="string"?n:t}function tl(n){return typeof n=="string"?n:null}function el(){return{version:hr,runs:[],current_run:null,last_activity:null,trace_files:[],last_qa:null,errors:[]}}var hr,sy,ry,iy,oy,Hi,nl=_(()=>{J();Ot();Za();hr=2,sy=50,ry=/^\{"schema":2,"seq":\d+,"at":"([^"\\]*)","event":\{"type":"(agent_text|subtask_updated|subtask_integrated|tool_called|tool_returned)","run":"([^"\\]+)"(?:,"role":"[^"\\]*","tool":"([^"\\]*)")?/,iy=/,"call":"[0-9a-f]{12}","subtask":(?:null|"[^"\\]*")\}\}$/,oy=/,"output_file":(?:null|"(?:[^"\\]|\\.)*")\}\}$/;l(Qa,"addUsage");l(bn,"num");l(ay,"maxUsage");l(ft,"str");l(tl,"strOrNull");Hi=class{static{l(this,"HistoryFold")}#t=new Map;#e=null;#n=null;#s=[];#r=new Set;#i=null;#o=[];#a=0;problem=l(t=>{if(this.#a++,this.#o.length<sy){let e=t.line>0?`line ${t.line}`:`near byte ${t.offset}`;this.#o.push(`${e}: skipped a broken line (${t.reason})`)}},"problem");add(t){let e=t.env;if(this.#n=e.at,e.schema>2)return;let s=e.event,r=P(s);if(r===null)return;let i=this.#l(r,e.at),o=i.sum;o.last_event_at=e.at,t.upgraded&&(o.legacy=!0),this.#c(i,s,e.at,t.upgraded)}addLine(t,e){if(t==="")return;let s=ry.exec(t),r=s?.[4],i=s!==null&&s[2].startsWith("tool_"),o=i?s[2]==="tool_called"?iy:oy:null;if(s&&(!i||r!==void 0&&!Ga(r)&&o.test(t))){let[,c,u,h]=s;this.#n=c;let f=this.#l(h,c);f.sum.last_event_at=c,u==="tool_called"&&f.sum.calls++;return}let a=V(t);a.ok?this.add({env:a.env,upgraded:a.upgraded,text:t,line:e}):t.trim()!==""&&this.problem({path:"",line:e,offset:0,reason:a.reason})}#l(t,e){let s=this.#t.get(t);return s||(s={sum:{run:t,started_at:e,finished_at:null,ended:!1,status:null,success:null,resumes:0,usage:B(),active_ms:0,totals_known:!1,legacy:!1,phases:[],commits:[],merged:null,validations:[],approvals:[],pending_approval:null,last_error:null,paused_reason:null,last_event_at:e,models:[],sessions:0,calls:0,reported_cost:null},agentUsage:B(),budgetActiveMs:0,lastFinished:null,sessionsOpen:new Map,models:new Map,writesById:new Map,writesByOrder:new Map,qaRound:null},this.#t.set(t,s)),s}#c(t,e,s,r){let i=t.sum;switch(e.type){case"run_started":this.#u.has(i.run)?i.resumes++:(this.#u.add(i.run),i.started_at=s),this.#e=i.run,i.ended=!1,i.finished_at=null;break;case"run_finished":i.ended=!0,i.finished_at=s,i.status=ft(e.status,"")||null,i.success=typeof e.success=="boolean"?e.success:null;{let o=B();Qa(o,e.usage),t.lastFinished={usage:o,active_ms:bn(e.active_ms),upgraded:r}}break;case"phase_started":i.phases.push({phase:ft(e.phase),started_at:s,finished_at:null,success:null,summary:""});break;case"phase_finished":{let o=ft(e.phase),a;for(let c=i.phases.length-1;c>=0;c--)if(i.phases[c].phase===o&&i.phases[c].finished_at===null){a=i.phases[c];break}a||(a={phase:o,started_at:null,finished_at:null,success:null,summary:""},i.phases.push(a)),a.finished_at=s,a.success=typeof e.success=="boolean"?e.success:null,a.summary=ft(e.summary),o==="qa"&&this.#i&&t.qaRound!==null&&(this.#i.verdict=a.success?"approved":"changes_requested",this.#i.summary=a.summary);break}case"agent_started":{let o=`${e.role}`,a=t.sessionsOpen.get(o);a||t.sessionsOpen.set(o,a=[]),a.push({model:ft(e.model),subtask:tl(e.subtask)}),i.sessions++,this.#f(t,ft(e.model)).sessions++;break}case"agent_finished":{let o=t.sessionsOpen.get(`${e.role}`),a;if(o&&o.length>0){let h=e.subtask,f=h===void 0?0:o.findIndex(d=>d.subtask===h);f<0&&(f=0),a=o.splice(f,1)[0]}let c=this.#f(t,a?a.model:"");a||(i.sessions++,c.sessions++),Qa(c.usage,e.usage),Qa(t.agentUsage,e.usage);let u=e.cost_usd;typeof u=="number"&&Number.isFinite(u)&&u>=0&&(i.reported_cost=(i.reported_cost??0)+u);break}case"budget_updated":t.budgetActiveMs=Math.max(t.budgetActiveMs,bn(e.active_ms));break;case"tool_called":{i.calls++;let o=Bi(e.tool,e.input);if(o===null)break;if(e.call===Dt){let a=`${e.role}|${e.tool}|${e.subtask}`,c=t.writesByOrder.get(a);c||t.writesByOrder.set(a,c=[]),c.push(o)}else t.writesById.set(e.call,o);break}case"tool_returned":{if(!Ga(e.tool))break;let o;e.call===Dt?o=t.writesByOrder.get(`${e.role}|${e.tool}|${e.subtask}`)?.shift():(o=t.writesById.get(e.call),t.writesById.delete(e.call)),o!==void 0&&e.is_error!==!0&&!this.#r.has(o)&&(this.#r.add(o),this.#s.push(o));break}case"committed":i.commits.push({commit:ft(e.commit),message:ft(e.message),files:Array.isArray(e.files)?e.files.filter(o=>typeof o=="string"):[],subtask:tl(e.subtask),at:s});break;case"merged":i.merged={commit:ft(e.commit),branch:ft(e.branch),base:ft(e.base),at:s};break;case"validation_finished":i.validations.push({command:ft(e.command),integration:e.integration===!0,passed:e.passed===!0,exit_code:typeof e.exit_code=="number"?e.exit_code:null,at:s});break;case"approval_requested":i.pending_approval=ft(e.gate)||null;break;case"approval_resolved":i.approvals.push({gate:ft(e.gate),approved:e.approved===!0,comment:tl(e.comment),at:s}),i.pending_approval===e.gate&&(i.pending_approval=null);break;case"paused":i.paused_reason=ft(e.reason);break;case"log":e.level==="error"&&(i.last_error=ft(e.message));break;case"artefact_written":if(e.artefact&&e.artefact.kind==="qa_report"){let o=bn(e.artefact.round);t.qaRound=o;let a=[...i.phases].reverse().find(u=>u.phase==="qa"),c=a&&a.finished_at!==null;this.#i={round:o,verdict:c?a.success?"approved":"changes_requested":"unknown",summary:c?a.summary:"",issues:null}}break;default:break}}#u=new Set;#f(t,e){let s=t.models.get(e);return s||(s={model:e,sessions:0,usage:B()},t.models.set(e,s)),s}finish(){let t=[];for(let e of this.#t.values()){let s=e.sum;s.models=[...e.models.values()];let r=e.lastFinished;s.ended&&r!==null&&!s.legacy&&!r.upgraded?(s.usage={...r.usage},s.active_ms=r.active_ms,s.totals_known=!0):(s.usage=ay(r?r.usage:B(),e.agentUsage),s.active_ms=Math.max(r?r.active_ms:0,e.budgetActiveMs),s.totals_known=!1),t.push(s)}return this.#a>this.#o.length&&this.#o.push(`and ${this.#a-this.#o.length} more broken lines`),{version:hr,runs:t,current_run:this.#e,last_activity:this.#n,trace_files:this.#s,last_qa:this.#i,errors:this.#o}}};l(el,"emptySummary")});async function Ef(n,t){let e=new Hi,s=await st(n);if(s===null)return e.finish();try{let r=(await s.stat()).size,i=new nt,o=new Uint8Array(1024*1024),a=0,c=0;for(;a<r;){t?.throwIfAborted();let u=Math.min(o.length,r-a),h=await s.read(u===o.length?o:o.subarray(0,u));if(h===null||h===0)break;a+=h;for(let f of i.push(o.subarray(0,h)).lines)e.addLine(f,++c)}}finally{s.close()}return e.finish()}async function Tf(n){let t=await pe(Xt(n));return t?{size:t.size,mtime_ms:t.mtime?.getTime()??null,ino:t.ino??null}:{size:0,mtime_ms:null,ino:null}}function sl(n,t){return n.size===t.size&&n.mtime_ms===t.mtime_ms&&n.ino===t.ino}function ly(n){if(n===null||typeof n!="object")return!1;let t=n;return t.version===hr&&Array.isArray(t.runs)&&Array.isArray(t.errors)&&Array.isArray(t.trace_files)&&(t.current_run===null||typeof t.current_run=="string")}async function cy(n,t){let e;try{e=await Deno.readTextFile(n)}catch{return null}try{let s=JSON.parse(e);return!s||typeof s!="object"||!s.key||!sl(s.key,t)?null:ly(s.summary)?s.summary:null}catch{return null}}async function uy(n,t,e,s){try{await Deno.mkdir(n,{recursive:!0}),await de(t,JSON.stringify({key:e,summary:s}))}catch{}}var xt,us=_(()=>{ct();Yt();X();nl();l(Ef,"summarizeLog");l(Tf,"keyOf");l(sl,"sameKey");l(ly,"looksLikeSummary");xt=class{static{l(this,"HistoryCache")}stats={memoryHits:0,diskHits:0,reads:0};#t;#e;#n;#s=new Map;#r=new Map;constructor(t={}){this.#t=t.disk??!1,this.#e=t.entriesMax??1e4,this.#n=t.read??Ef}summary(t,e,s){let r=t.logPath(e.dir),i=this.#r.get(r);if(i)return i;let o=this.#i(t,e,r,s).catch(a=>{if(s?.aborted||a?.name==="AbortError")throw a;let c=el();return a instanceof C?(c.errors.push(a.message),c.bad_log={path:a.path,kind:a.kind,message:a.message}):c.errors.push(`Cannot read ${r}: ${a?.message??a}`),c}).finally(()=>this.#r.delete(r));return this.#r.set(r,o),o}async#i(t,e,s,r){let i=await Tf(s);if(i.mtime_ms===null)return el();let o=this.#s.get(s);if(o&&sl(o.key,i))return this.stats.memoryHits++,this.#s.delete(s),this.#s.set(s,o),o.summary;let a=`${t.root}/cache/history/${e.dir}.json`;if(this.#t){let h=await cy(a,i);if(h)return this.stats.diskHits++,this.#o(s,i,h),h}this.stats.reads++;let c=await this.#n(s,r),u=await Tf(s);return sl(u,i)&&(this.#o(s,i,c),this.#t&&await uy(`${t.root}/cache/history`,a,i,c)),c}#o(t,e,s){for(this.#s.delete(t),this.#s.set(t,{key:e,summary:s});this.#s.size>this.#e;){let r=this.#s.keys().next().value;this.#s.delete(r)}}clear(){this.#s.clear()}};l(cy,"readCacheFile");l(uy,"writeCacheFile")});function hy(n,t){if(n==="")return null;let e=`/${n}`,s=null;for(let[r,i]of Object.entries(t))if(!(r!==n&&!r.endsWith(e))){if(s&&!fy(s,i))return null;s=i}return s}function fy(n,t){return n.input===t.input&&n.output===t.output&&n.cache_read===t.cache_read&&n.cache_write===t.cache_write}function dy(n,t){return(n.input_tokens*t.input+n.output_tokens*t.output+n.cache_read_tokens*t.cache_read+n.cache_write_tokens*t.cache_write)/1e6}function rl(n,t){let e=0,s=[],r=0;for(let i of n){r+=i.sessions;let o=hy(i.model,t);if(!o){s.includes(i.model)||s.push(i.model);continue}e+=dy(i.usage,o)}return{amount:s.length>0||r===0?null:e,unpriced:s}}var il=_(()=>{l(hy,"priceOf");l(fy,"samePrice");l(dy,"sessionCost");l(rl,"costOf")});function Lt(n){return n.input_tokens+n.output_tokens}async function He(n,t,e={}){let r=await(e.cache??new xt).summary(n,t,e.signal);return await Af(n,t,r,e.settings??Ft())}async function hs(n,t={}){let e=(t.tasks??await _t(n)).filter(h=>t.all||al.includes(h.record.status)),s=t.cache??new xt,r=t.settings??Ft(),i=new Array(e.length),o=0,a=l(async()=>{for(;o<e.length;){let h=o++;t.signal?.throwIfAborted();let f=await s.summary(n,e[h],t.signal);i[h]=await Af(n,e[h],f,r)}},"worker"),c=Math.max(1,Math.min(t.concurrency??16,e.length));await Promise.all(Array.from({length:c},a));let u=l(h=>{let f=Date.parse(h.last_activity??h.task.created_at);return Number.isFinite(f)?f:0},"when");return i.sort((h,f)=>u(f)-u(h)||f.number-h.number),i}async function py(n,t){try{let e=await In(n.runJsonPath(t));return e===null||typeof e!="object"||Array.isArray(e)||!("usage"in e)&&!("active_ms"in e)?null:va(e)}catch{return null}}function my(n,t,e){return n.run!==""?n.run===t:t===e}async function Af(n,t,e,s){let r=[...e.errors],i=e.current_run,o=e.runs.find(g=>g.run===i),a=o!==void 0&&!o.ended&&await Ct(n,t.dir),c,u=[];for(let g of e.runs){let b=gy(g,i,a,s);!b.totals_known&&g.ended&&g.legacy&&(c===void 0&&(c=await py(n,t.dir)),c&&my(c,g.run,i)&&(b.usage={...c.usage},b.active_ms=c.active_ms,b.totals_known=!0)),u.push(b)}let h={usage:B(),active_ms:0,runs:u.length,commits:0,complete:!0},f=[];for(let g of u){let b=h.usage;b.input_tokens+=g.usage.input_tokens,b.output_tokens+=g.usage.output_tokens,b.cache_read_tokens+=g.usage.cache_read_tokens,b.cache_write_tokens+=g.usage.cache_write_tokens,h.active_ms+=g.active_ms,h.commits+=g.commits.length,g.totals_known||(h.complete=!1)}for(let g of e.runs)f.push(...g.models);let d=rl(f,s.pricing),p=d.amount===null&&u.length>0&&u.some(g=>g.cost_reported)&&u.every(g=>g.cost!==null)?u.reduce((g,b)=>g+(b.cost??0),0):null,m=t.record,w={id:m.id,title:m.title,description:typeof m.description=="string"?m.description:"",status:m.status,created_at:m.created_at,branch:hn(t)};for(let[g,b]of Object.entries(m))!(g in w)&&g!=="number"&&(w[g]=b);return{task:w,number:t.number,runs:u,totals:h,changed_files:yy(e),last_qa:e.last_qa,validations_passed:wy(e.runs),cost:d.amount!==null?{amount:ol(d.amount),currency:s.pricing_currency,complete:!0}:p!==null?{amount:ol(p),currency:"USD",complete:!0,reported:!0}:null,last_activity:e.last_activity,errors:r,dir:t.dir,running:a,unpriced_models:d.unpriced,...e.bad_log?{bad_log:e.bad_log}:{}}}function ol(n){return Math.round(n*1e6)/1e6}function gy(n,t,e,s){let r=n.ended?"finished":n.run===t&&e?"running":"interrupted",i=rl(n.models,s.pricing).amount,o=i===null&&n.reported_cost!==null&&s.pricing_currency==="USD"?n.reported_cost:null,a=i??o;return{run:n.run,started_at:n.started_at,finished_at:n.finished_at,state:r,status:n.ended?n.status:null,success:n.ended?n.success:null,resumes:n.resumes,usage:{...n.usage},active_ms:n.active_ms,totals_known:n.totals_known,phases:n.phases,commits:n.commits,merged:n.merged,validations:n.validations,approvals:n.approvals,pending_approval:n.pending_approval,last_error:n.last_error,last_event_at:n.last_event_at,current:n.run===t,legacy:n.legacy,paused_reason:n.paused_reason,sessions:n.sessions,calls:n.calls,cost:a===null?null:ol(a),cost_reported:o!==null}}function yy(n){let t=new Set,e=null;for(let r of n.runs){for(let i of r.commits)for(let o of i.files)t.add(o);r.merged&&(e=r.merged)}let s=l(r=>[...new Set(r)].sort().map(i=>({path:i,status:"unknown"})),"list");if(e){let r=t.size===0;return{source:{kind:"merged",commit:e.commit,branch:e.branch,base:e.base},approximate:r,files:s(r?n.trace_files:t)}}return t.size>0?{source:{kind:"commits"},approximate:!0,files:s(t)}:n.trace_files.length>0?{source:{kind:"trace"},approximate:!0,files:s(n.trace_files)}:{source:{kind:"none"},approximate:!1,files:[]}}function wy(n){for(let t=n.length-1;t>=0;t--){let e=n[t].validations;if(e.length===0)continue;let s=new Map;for(let r of e)s.set(`${r.integration}|${r.command}`,r.passed);return[...s.values()].every(r=>r)}return null}var al,We=_(()=>{J();ye();Zs();ke();ct();gt();us();il();l(Lt,"tokensOf");l(He,"buildTaskHistory");al=["ready","done"];l(hs,"listHistory");l(py,"loadRunJson");l(my,"describes");l(Af,"compose");l(ol,"round6");l(gy,"runOf");l(yy,"changedFiles");l(wy,"validationsPassed")});function I(n){if(!Number.isFinite(n))return"-";let t=n<0?"-":"",e=Math.abs(Math.round(n));if(e<1e3)return`${t}${e}`;let s=["k","M","G","T"],r=-1,i=e;for(;r<s.length-1&&i>=999.5;)e=i,i=i/1e3,r++;let o=i<9.95?ky(i.toFixed(1)):String(Math.round(i));return`${t}${o}${s[r]}`}function ky(n){return n.endsWith(".0")?n.slice(0,-2):n}function at(n){if(n==null||!Number.isFinite(n)||n<0)return"-";if(n<1e3)return`${Math.round(n)} ms`;let t=n/1e3;if(t<9.95)return`${t.toFixed(1)} s`;if(t<59.5)return`${Math.round(t)} s`;let e=Math.round(t);if(e<3600)return`${Math.floor(e/60)} min ${ll(e%60)} s`;let s=Math.floor(e/60);if(s<24*60)return`${Math.floor(s/60)} h ${ll(s%60)} min`;let r=Math.floor(s/60);return`${Math.floor(r/24)} d ${ll(r%24)} h`}function fr(n,t){if(n===null||!Number.isFinite(n))return"-";let e=t-n;return e<6e4?"just now":e<36e5?`${Math.floor(e/6e4)} min ago`:e<24*36e5?`${Math.floor(e/36e5)} h ago`:e<30*24*36e5?`${Math.floor(e/(24*36e5))} d ago`:new Date(n).toISOString().slice(0,10)}function ze(n,t="USD"){if(n==null||!Number.isFinite(n))return"-";let e=n>0&&n<.005,s=e?"0.01":n.toFixed(2),r=t==="USD"?`$${s}`:`${s} ${t}`;return e?`<${r}`:r}function wt(n,t,e=`${t}s`){return`${n} ${n===1?t:e}`}function Ht(n){if(!n)return"-";let t=Date.parse(n);return Number.isFinite(t)?new Date(t).toISOString().slice(0,19).replace("T"," "):L(n)}function fs(n){if(!n)return"-";let t=Date.parse(n);return Number.isFinite(t)?new Date(t).toISOString().slice(11,23):L(n)}var ll,vn=_(()=>{qt();l(I,"formatCount");l(ky,"trimZero");ll=l(n=>String(n).padStart(2,"0"),"pad2");l(at,"formatDuration");l(fr,"formatAge");l(ze,"formatCost");l(wt,"plural");l(Ht,"formatTime");l(fs,"formatClock")});function dr(n){return n?"":"+"}function Mf(n,t,e=!1){if(n.length===0)return e?`No tasks yet.
`:`No ready or done tasks yet (taskline history --all lists every task).
`;let s=["#","TITLE","STATUS","RUNS","COMMITS","FILES","TOKENS","ACTIVE","COST","LAST ACTIVITY"],r=new Set([0,3,4,5,6,7,8]),i=n.map(u=>[String(u.number),xu(E(u.task.title,200),40),u.running?`${E(u.task.status,16)} (running)`:u.bad_log?`${E(u.task.status,16)} (log unreadable)`:E(u.task.status,16),String(u.totals.runs),String(u.totals.commits),String(u.changed_files.files.length),I(Lt(u.totals.usage))+dr(u.totals.complete),at(u.totals.active_ms)+dr(u.totals.complete),pr(u),fr(u.last_activity?Date.parse(u.last_activity):null,t)].map(h=>L(h))),o=s.map((u,h)=>Math.max(u.length,...i.map(f=>we(f[h])))),a=l(u=>u.map((h,f)=>{if(f===u.length-1)return h;let d=" ".repeat(Math.max(0,o[f]-we(h)));return r.has(f)?d+h:h+d}).join("  ").trimEnd()+`
`,"line"),c=a(s)+i.map(a).join("");return n.some(u=>!u.totals.complete)&&(c+=_n+`
`),n.some(u=>u.cost?.reported===!0&&pr(u)!=="-")&&(c+=by+`
`),c}function pr(n){return!n.cost||n.cost.complete===!1?"-":ze(n.cost.amount,n.cost.currency)+(n.cost.reported===!0?"*":"")}function mr(n,t){let e=`${I(Lt(n.usage))}${dr(n.totals_known)} tokens`,s=`${at(n.active_ms)}${dr(n.totals_known)} active`,r=`cost ${ze(n.cost,n.cost_reported?"USD":t)}${n.cost_reported?" (reported by the agent)":""}`;return`${e}, ${s}, ${r}`}function gr(n){let t=n.unpriced_models??[];return pr(n)!=="-"?`cost ${ze(n.cost.amount,n.cost.currency)}${n.cost.reported===!0?" (reported by the agent)":""}`:t.length>0?`cost - (no price for ${t.map(e=>e===""?"a model not recorded before 0.5":e).join(", ")})`:"cost -"}function Wi(n,t){let e=[],s=n.cost?.currency??"USD";e.push(`#${n.number} ${E(n.task.title,100)} \xB7 ${n.task.status}${n.running?" (running)":""} \xB7 branch ${n.task.branch}`);let r=n.totals.usage,i=dr(n.totals.complete);e.push(`${wt(n.totals.runs,"run")}, ${wt(n.totals.commits,"commit")}, ${wt(n.changed_files.files.length,"file")} changed, ${I(Lt(r))}${i} tokens (${I(r.input_tokens)} in, ${I(r.output_tokens)} out, ${I(r.cache_read_tokens)} cache read, ${I(r.cache_write_tokens)} cache write), ${at(n.totals.active_ms)}${i} active`),e.push(`${gr(n)} \xB7 last activity ${fr(n.last_activity?Date.parse(n.last_activity):null,t)}${n.last_activity?` (${Ht(n.last_activity)} UTC)`:""}`),n.last_qa&&e.push(`QA round ${n.last_qa.round}: ${n.last_qa.verdict}${n.last_qa.summary?` (${E(n.last_qa.summary,100)})`:""}`),n.validations_passed!==null&&e.push(`Validations: ${n.validations_passed?"passing":"failing"}`),n.runs.length===0&&e.push("","No run yet.");for(let a of n.runs){e.push("");let c=a.state==="finished"?`finished ${a.status??"-"}${a.success===!0?" (success)":a.success===!1?" (no success)":""}`:a.state;if(e.push(`Run ${a.run}${a.current?" (current)":""} \xB7 ${c} \xB7 ${wt(a.resumes,"resume")}`),e.push(`  started ${Ht(a.started_at)}, ${a.finished_at?`finished ${Ht(a.finished_at)}`:`last event ${Ht(a.last_event_at)}`} \xB7 ${mr(a,s)}`),a.legacy&&e.push(a.totals_known?"  partly recorded before 0.5: totals from run.json, models of that part unknown":"  partly recorded before 0.5: totals are lower bounds, models of that part unknown"),a.phases.length>0){e.push("  Phases:");for(let u of a.phases){let h=u.success===!0?"ok":u.success===!1?"failed":"unfinished",f=u.started_at&&u.finished_at?`  ${at(Date.parse(u.finished_at)-Date.parse(u.started_at))}`:"";e.push(`    ${h.padEnd(10)} ${u.phase}${f}${u.summary?`  ${E(u.summary,100)}`:""}`)}}if(a.approvals.length>0||a.pending_approval){e.push("  Approvals:");for(let u of a.approvals)e.push(`    ${(u.approved?"approved":"rejected").padEnd(10)} ${u.gate}${u.comment?`  "${E(u.comment,100)}"`:""}`);a.pending_approval&&e.push(`    ${"pending".padEnd(10)} ${a.pending_approval}`)}if(a.validations.length>0){e.push("  Validations:");for(let u of a.validations)e.push(`    ${(u.passed?"passed":"failed").padEnd(10)} ${E(u.command,80)}${u.integration?" (integration)":""}${u.exit_code!==null?`  exit ${u.exit_code}`:""}`)}if(a.commits.length>0){e.push("  Commits:");for(let u of a.commits)e.push(`    ${u.commit.slice(0,10)} ${E(u.message,80)}  (${wt(u.files.length,"file")})`)}a.merged&&e.push(`  Merged: ${a.merged.commit.slice(0,10)} ${a.merged.branch||"?"} into ${a.merged.base||"?"}`),a.paused_reason&&e.push(`  Paused: ${E(a.paused_reason,120)}`),a.last_error&&e.push(`  Last error: ${E(a.last_error,200)}`)}let o=n.changed_files;if(e.push(""),o.files.length===0)e.push("Changed files: none recorded");else{let a=o.source.kind==="merged"?`the merge ${(o.source.commit??"").slice(0,10)}, files of its commits`:o.source.kind==="commits"?"the commits":"the calls that wrote files";e.push(`Changed files (from ${a}${o.approximate?", approximate":""}):`);for(let c of o.files)e.push(`  ${c.path}`)}if(n.errors?.length){e.push("","Problems:");for(let a of n.errors)e.push(`  ${a}`)}return n.totals.complete||e.push("",_n),e.map(a=>L(a)).join(`
`)+`
`}var _n,by,yr=_(()=>{We();vn();un();qt();_n="+ lower bound: part of the work was recorded before 0.5 (no totals then) or a run did not finish",by="* cost reported by the agent itself (the price table has no price for its model)";l(dr,"mark");l(Mf,"renderTable");l(pr,"costText");l(mr,"runTotals");l(gr,"taskCostText");l(Wi,"renderDetail")});function $t(n,t={}){let e=E(n,t.charsMax??300),s="";for(let i of e.split(/([\s|]+)/))i!==""&&(/^[\s|]/.test(i)?s+=i.replaceAll("|","\\|"):_y.test(i)?s+=cl(i):s+=i.replace(vy,"\\$&"));let r=t.table||t.lineStart===!1?null:xy.exec(s);if(r){let i=r[0];s=i.length===1?`\\${s}`:`${i.slice(0,-1)}\\${s.slice(i.length-1)}`}return s}function ne(n,t={}){let e=E(n,t.charsMax??300);return e===""?"(empty)":!t.table||!e.includes("|")?cl(e):e.split("|").map(s=>s===""?"":cl(s)).join("\\|")}function cl(n){let t=0;for(let r of n.match(/`+/g)??[])t=Math.max(t,r.length);let e="`".repeat(t+1),s=n.startsWith("`")||n.endsWith("`")||n.startsWith(" ")&&n.endsWith(" ")?" ":"";return`${e}${s}${n}${s}${e}`}function Of(n,t={}){let e=t.charsMax??4e3,s=String(n??"").replace(/\r\n?/g,`
`);s.length>e&&(s=s.slice(0,e-1)+"\u2026");let r=[];for(let i of s.split(`
`)){let o=$t(i,{charsMax:e});o===""?r.length>0&&r[r.length-1]!==""&&r.push(""):r.push(o)}for(;r.length>0&&r[r.length-1]==="";)r.pop();return r.join(`
`)}function ds(n){return n.map(t=>L(t,{newline:`
`})).join(`
`)+`
`}var vy,_y,xy,ul=_(()=>{un();qt();vy=/[\\`*_[\]<>&|~$#]/g,_y=/[@#$]|:\/\/|www\.|\bgh-\d|:[a-z0-9_+-]*[a-z+][a-z0-9_+-]*:/i,xy=/^(?:[-+=]|\d{1,9}[.)])/;l($t,"mdText");l(ne,"mdCode");l(cl,"codeSpan");l(Of,"mdParagraphs");l(ds,"mdDocument")});function zi(n,t){let e=[],s=0;for(let r of n){if(e.length>=t.itemsMax||s+r.length+1>t.charsMax)break;e.push(r),s+=r.length+1}return{lines:e,left:n.length-e.length}}var hl=_(()=>{l(zi,"takeLines")});function fl(n){return n?"":"+"}function Ji(n){return`| ${n.join(" | ")} |`}function se(n,t=80){return $t(n,{charsMax:t,table:!0})}function Nf(n,t,e,s){let r=zi(e,{itemsMax:Sy,charsMax:$y-4e3}),i=[Ji(n),Ji(n.map((o,a)=>t.has(a)?"---:":"---")),...r.lines];return r.left>0&&i.push("",`\u2026 and ${r.left} more: ${s}`),i}function Cf(n,t={}){let e=[`### taskline: ${t.all?"every task":"finished work"}`,""];if(n.length===0)return e.push(t.all?"No tasks yet.":"No ready or done tasks yet."),ds(e);let s=n.map(r=>Ji([String(r.number),se(r.task.title),se(r.running?`${r.task.status} (running)`:r.bad_log?`${r.task.status} (log unreadable)`:r.task.status,40),String(r.totals.runs),String(r.totals.commits),String(r.changed_files.files.length),se(I(Lt(r.totals.usage))+fl(r.totals.complete)),se(at(r.totals.active_ms)+fl(r.totals.complete)),se(pr(r)),se(r.last_activity?Ht(r.last_activity):"-")]));return e.push(...Nf(["#","Task","Status","Runs","Commits","Files","Tokens","Active","Cost","Last activity (UTC)"],new Set([0,3,4,5,6,7,8]),s,"`taskline history --all`"),""),n.some(r=>!r.totals.complete)&&e.push($t(_n),""),e.push(`${wt(n.length,"task")}. One task in detail: \`taskline history N\`; its tool calls: \`taskline trace N\`.`),ds(e)}function Ty(n){if(n.state!=="finished")return n.state;let t=n.success===!0?" (success)":n.success===!1?" (no success)":"";return`finished ${n.status??"-"}${t}`}function Ey(n){if(n.validations.length===0)return"-";let t=new Map;for(let s of n.validations)t.set(`${s.integration}|${s.command}`,s.passed);let e=[...t.values()].filter(s=>!s).length;return e===0?`${t.size} passing`:`${e} of ${t.size} failing`}function Lf(n){let t=n.number,e=[`### Task ${t}: ${$t(n.task.title,{charsMax:200,lineStart:!1})}`,""],s=[`**${$t(n.task.status,{charsMax:40,lineStart:!1})}**${n.running?" (running)":""}`,`branch ${ne(n.task.branch)}`,wt(n.totals.runs,"run"),wt(n.totals.commits,"commit"),`${wt(n.changed_files.files.length,"file")} changed`];if(n.validations_passed!==null&&s.push(`validations ${n.validations_passed?"passing":"failing"}`),n.last_qa&&s.push(`QA round ${n.last_qa.round}: ${$t(n.last_qa.verdict,{charsMax:40,lineStart:!1})}`),e.push(s.join(" \xB7 "),""),n.bad_log&&e.push(`The task's log cannot be read: ${$t(n.bad_log.message,{lineStart:!1})}`,""),n.runs.length===0)e.push("No run yet.","");else{let o=n.cost?.currency??"USD",a=n.runs.map(c=>Ji([ne(c.run.slice(0,8),{table:!0})+(c.current?" (current)":""),se(Ty(c),60),se(Ht(c.started_at)),se(c.finished_at?Ht(c.finished_at):"-"),String(c.resumes),String(c.commits.length),se(Ey(c)),se(mr(c,o),120)]));e.push(...Nf(["Run","State","Started (UTC)","Finished (UTC)","Resumes","Commits","Validations","Tokens, active time, cost"],new Set([4,5]),a,`\`taskline history ${t}\``),"")}let r=n.totals.usage,i=fl(n.totals.complete);return e.push(`Total: ${I(Lt(r))}${i} tokens (${I(r.input_tokens)} in, ${I(r.output_tokens)} out, ${I(r.cache_read_tokens)} cache read, ${I(r.cache_write_tokens)} cache write), ${at(n.totals.active_ms)}${i} active, ${$t(gr(n),{lineStart:!1})}.`,""),n.totals.complete||e.push($t(_n),""),e.push(`Every run in detail: \`taskline history ${t}\`; the tool calls: \`taskline trace ${t}\`; the pull request's text: \`taskline pr ${t}\`.`),ds(e)}var $y,Sy,dl=_(()=>{We();yr();ul();hl();vn();$y=32e4,Sy=2e3;l(fl,"mark");l(Ji,"row");l(se,"cell");l(Nf,"table");l(Cf,"historyMarkdown");l(Ty,"runState");l(Ey,"validationsCell");l(Lf,"taskHistoryMarkdown")});var jf={};W(jf,{HISTORY_HELP:()=>Ay,historyCommand:()=>My});async function My(n,t){$e();let{values:e,positionals:s}=R("history",t,{all:{type:"boolean"},json:{type:"boolean"},format:{type:"string"}}),r=e.json===!0?"json":String(e.format??"text");if(!["text","json","markdown"].includes(r))throw new y("usage",`taskline history: --format takes text, json or markdown, not "${r.slice(0,40)}"`);if(n.json=r==="json",s.length>1)throw new y("usage","taskline history: name at most one task");let i=await n.settings(),o=Oy(n),a=new xt({disk:!0}),c=n.io.stdout;if(s.length===1){let f=await n.task(s[0]),d=await He(n.state,f,{settings:i,cache:a,signal:n.io.signal});return await Rf(n,d),n.json?await c.write(JSON.stringify(d)+`
`):r==="markdown"?await c.write(Lf(d)):await c.write(Wi(d,o)),d.bad_log?1:0}let u=await n.tasks(),h=await hs(n.state,{all:e.all===!0,settings:i,cache:a,tasks:u,signal:n.io.signal});for(let f of h)await Rf(n,f);return n.json?await c.write(JSON.stringify(h)+`
`):r==="markdown"?await c.write(Cf(h,{all:e.all===!0})):await c.write(Mf(h,o,e.all===!0)),h.some(f=>f.bad_log)?1:0}function Oy(n){let t=n.io.env("TASKLINE_NOW");if(t===void 0||t==="")return Date.now();let e=Date.parse(t);if(!Number.isFinite(e))throw new y("usage",`TASKLINE_NOW must be an RFC 3339 time, not "${t.slice(0,40)}"`);return e}async function Rf(n,t){if(t.errors.length===0)return;if(t.bad_log)return await n.warn(t.bad_log.message);let e=t.errors.length>1?` (and more: taskline history ${t.number})`:"";await n.warn(`${n.state.logPath(t.dir)}: ${t.errors[0]}${e}`)}var Ay,Df=_(()=>{A();We();us();it();yr();dl();X();Ay=`Usage: taskline history [REF] [options]

Without REF: a table of ready and done tasks, most recent activity first:
number, title, status, runs, commits, files changed, tokens, active time,
cost and last activity. With REF: one task in detail, finished or not.

Options:
  --all           every task, whatever its status
  --json          TaskHistory documents (an array without REF, one object with it)
  --format <F>    text (default), json, or markdown: the same as a CI job's
                  summary (GitHub Flavored Markdown, log text escaped, times
                  in UTC), e.g. >> "$GITHUB_STEP_SUMMARY"

A "+" marks a lower bound: part of the run was recorded before 0.5, or the
run did not finish. Cost needs a price for every model the task used
(\`pricing\` in .taskline/config.jsonc); otherwise it shows "-".`;l(My,"historyCommand");l(Oy,"nowOf");l(Rf,"warnProblems")});function ms(n){if(n.length>64||!qf.test(n))throw new y("usage",`Project name "${n.slice(0,80)}" is not usable: letters, digits, _ and single dashes, at most 64 characters`);return n}function wl(n){let t=n.replace(/[^A-Za-z0-9_]+/g,"-").replace(/^-+|-+$/g,"").slice(0,64).replace(/-+$/,"");return t===""?"project":t}function xn(n){return Ny.test(n)}function Qi(n){return Cy.test(n)}function to(n,t){return Ly.test(n)&&!n.includes("..")&&(t===void 0||eo(t,n).length<=Ry)}function eo(n,t){return`${n}--${t}`}function kl(n,t){return`${St}.${n}.${t}.ev`}function Ff(n,t){return`${ml}.${n}.${t}`}function bl(n,t){return`${St}.${n}.${t}.task`}function Uf(n,t,e,s){return`${St}.${n}.${t}.out.${e}.${s}`}function vl(n,t){return`${St}.${n}.${t}.outs`}function Bf(n){let t=n.split(".");if(t[0]!==St||t.length<4)return null;let[,e,s,r]=t;return!qf.test(e)||!xn(s)?null:(r==="ev"||r==="task"||r==="outs")&&t.length===4?{kind:r,project:e,task:s}:r==="out"&&t.length===6&&xn(t[4])&&Qi(t[5])?{kind:r,project:e,task:s,run:t[4],call:t[5]}:null}function _l(n,t,e,s,r){return`${n}:${t}:${e??""}:${s}${r===void 0?"":`#${r}`}`}function Hf(n,t,e,s,r,i){return`${n}:${t}:${e??""}-${s??""}:${r}:${i}`}function Wf(n){return`["${n.run}","${n.call}",${n.data.length}],`.length+n.data.length}function zf(n){let t=JSON.stringify(n.map(o=>[o.run,o.call,o.data.length])),e=new TextEncoder().encode(`${t}
`),s=e.length;for(let o of n)s+=o.data.length;let r=new Uint8Array(s);r.set(e,0);let i=e.length;for(let o of n)r.set(o.data,i),i+=o.data.length;return r}function Jf(n){let t=n.indexOf(10);if(t<0)return null;let e;try{e=JSON.parse(new TextDecoder().decode(n.subarray(0,t)))}catch{return null}if(!Array.isArray(e)||e.length>xl)return null;let s=[],r=t+1;for(let i of e){if(!Array.isArray(i)||i.length!==3)return null;let[o,a,c]=i;if(typeof o!="string"||!xn(o)||typeof a!="string"||!Qi(a)||!Number.isSafeInteger(c)||c<0||r+c>n.length)return null;s.push({run:o,call:a,data:n.subarray(r,r+c)}),r+=c}return r===n.length?s:null}function Kf(n,t,e,s){return`${n}:outs:${t.run}:${t.call}:${e}:${s}`}function $l(n){return n.length<2?0:n.lastIndexOf(10,n.length-2)+1}function so(n){let t=0;for(let e=n.indexOf(10);e>=0;e=n.indexOf(10,e+1))t++;return t}function Sl(n){let t=/:(\d{1,15})(?:#\d+)?$/.exec(n);return t?Number(t[1]):null}function vr(n){if(!n)return null;let t=/^(\d{1,9})\/(\d{1,9})$/.exec(n);if(!t)return null;let e=Number(t[1]),s=Number(t[2]);return s>0&&e<s?{i:e,n:s}:null}function Vf(n,t){let e=Sl(n?.get(ps)??"");if(e===null)return null;let s=vr(n?.get($n));if(s===null)return{start:e,end:e+t,part:s};let r=/^\d{1,15}$/.exec(n?.get(gl)??""),i=s.i===s.n-1&&r!==null;return{start:e,end:i?e+Number(r[0]):e,part:s}}function Dy(n,t){let e=jy.exec(n);if(e)return{seq:Number(e[1]),type:e[2],run:e[3]};try{let s=JSON.parse(t()),r=s&&typeof s=="object"?s.event:void 0,i=r&&typeof r.run=="string"?r.run:"",o=Number.isSafeInteger(s?.seq)?s.seq:null,a=r&&typeof r.type=="string"?r.type:"";return{run:i.replace(/[:#\s]/g,"_").slice(0,64),seq:o,type:a}}catch{return{run:"",seq:null,type:""}}}function gs(n){return new TextEncoder().encode(n)}function re(n,t,e){if(t+e.length>n.length)return!1;for(let s=0;s<e.length;s++)if(n[t+s]!==e[s])return!1;return!0}function Gi(n,t){for(;t<n.length&&n[t]>=48&&n[t]<=57;)t++;return t}function pl(n,t){for(let e=t;e<n.length;e++){let s=n[e];if(s===34)return e;if(s===92||s<32)return-1}return-1}function Yf(n,t,e,s){t:{if(!re(n,t,wr))break t;let r=Gi(n,t+wr.length);if(!re(n,r,Ki)||(r=Gi(n,r+Ki.length),!re(n,r,Vi))||(r=n.indexOf(34,r+Vi.length),r<0||r>=e||!re(n,r,Yi)))break t;return r+=Yi.length,re(n,r,Xi)&&n[r+Xi.length]===34}return _r(n.subarray(t,e),s).isToolReturned}function _r(n,t){t:{if(!re(n,0,wr))break t;let r=Gi(n,wr.length);if(r===wr.length||!re(n,r,Ki))break t;let i=r+Ki.length;if(r=Gi(n,i),r===i||r-i>15||!re(n,r,Vi))break t;let o=0;for(let d=i;d<r;d++)o=o*10+(n[d]-48);if(r=pl(n,r+Vi.length),r<0||!re(n,r,Yi))break t;let a=r+Yi.length;if(r=pl(n,a),r<0||!re(n,r,Pf))break t;let c=r-a===Xi.length&&re(n,a,Xi),u=r+Pf.length;if(r=pl(n,u),r<0)break t;let h="",f=!0;for(let d=u;d<r;d++)n[d]>=128&&(f=!1);if(f&&r-u<=64)for(let d=u;d<r;d++)h+=String.fromCharCode(n[d]);else h=t.decode(n.subarray(u,r));return{run:h,seq:o,isToolReturned:c}}let e=t.decode(n.subarray(0,Math.min(n.length,300))),s=Dy(e,()=>t.decode(n));return{run:s.run,seq:s.seq,isToolReturned:s.type==="tool_returned"}}var St,ml,kr,Zi,$n,ps,gl,br,If,yl,Ny,Cy,qf,Ly,Ry,xl,no,jy,wr,Ki,Vi,Yi,Pf,Xi,ys=_(()=>{A();St="taskline",ml="taskline_live",kr="TASKLINE",Zi="Taskline-Dir",$n="Taskline-Part",ps="Nats-Msg-Id",gl="Taskline-Length",br="Nats-Expected-Last-Subject-Sequence",If=10071,yl="Taskline-Upto",Ny=/^[A-Za-z0-9_-]{1,64}$/,Cy=/^[0-9a-f]{12}$/,qf=/^[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*$/,Ly=/^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;l(ms,"checkProject");l(wl,"projectFromDirName");l(xn,"isToken");l(Qi,"isCall");Ry=255;l(to,"isSafeDir");l(eo,"mirrorDir");l(kl,"eventsSubject");l(Ff,"liveSubject");l(bl,"taskSubject");l(Uf,"outputSubject");l(vl,"outputsSubject");l(Bf,"parseSubject");l(_l,"lineMsgId");l(Hf,"batchMsgId");xl=1024;l(Wf,"outputBytesInMsg");no=3;l(zf,"encodeOutputs");l(Jf,"decodeOutputs");l(Kf,"outputsMsgId");l($l,"lastLineStart");l(so,"countLines");l(Sl,"offsetOfMsgId");l(vr,"parsePart");l(Vf,"evExtent");jy=/^\{"schema":\d+,"seq":(\d+),"at":"[^"\\]*","event":\{"type":"([^"\\]*)","run":"([^"\\]*)"/;l(Dy,"lineKeys");wr=gs('{"schema":'),Ki=gs(',"seq":'),Vi=gs(',"at":"'),Yi=gs('","event":{"type":"'),Pf=gs('","run":"'),Xi=gs("tool_returned");l(gs,"bytesOf");l(re,"hasAt");l(Gi,"digitsEnd");l(pl,"plainStringEnd");l(Yf,"isToolReturnedLine");l(_r,"lineKeysOfBytes")});function xr(n){let t=n.includes("://")?n:`nats://${n}`,e;try{e=new URL(t)}catch{throw new y("usage",`Cannot read the NATS URL "${n.slice(0,100)}"`)}if(e.protocol!=="nats:"&&e.protocol!=="tls:")throw new y("usage",`The NATS URL must start with nats://, not ${e.protocol}//`);if(e.username!==""||e.password!=="")throw new y("usage","The NATS URL carries credentials: put a token in TASKLINE_NATS_TOKEN or .taskline/nats.token, or an nkey seed in .taskline/nats.nkey (see docs/fleet.md)");let s=e.hostname;if(s==="")throw new y("usage",`The NATS URL "${n}" names no host`);let r=e.port===""?4222:Number(e.port),i=s.includes(":")&&!s.startsWith("[")?`[${s}]`:s;return{host:s,port:r,server:`${i}:${r}`}}async function $r(n,t){let e=t("TASKLINE_NATS_TOKEN");if(e)return{options:{token:e},source:"env token"};let{credsAuthenticator:s,nkeyAuthenticator:r}=await Xf(),i=l((h,f)=>{let d=r(new TextEncoder().encode(h));try{d("taskline")}catch(p){throw new y("bad-state",`The nkey seed in ${f} is not a seed (${p.message}): it is a line of about 58 characters that starts with S (docs/fleet.md)`)}return{options:{authenticator:d},source:"nkey seed"}},"seedAuth"),o=t("TASKLINE_NATS_NKEY");if(o)return i(o.trim(),"TASKLINE_NATS_NKEY");let a=await Tl(n,"nats.token");if(a)return{options:{token:new TextDecoder().decode(a).trim()},source:"token file"};let c=await Tl(n,"nats.nkey");if(c)return i(new TextDecoder().decode(c).trim(),`${n.root}/nats.nkey`);let u=await Tl(n,"nats.creds");return u?{options:{authenticator:s(u)},source:"creds file"}:{options:{},source:"none"}}async function Tl(n,t){let e=`${n.root}/${t}`;try{return await Br(e,{root:n.root})}catch(s){throw s instanceof y?s:new y("io",`Cannot read ${e}: ${s.message}`)}}async function ro(n,t={}){await Ml(n);for(let e=0;;e++)try{return await Py(n,t)}catch(s){let r=s.message;if(Al(s))throw s;if(e===0&&t.onWaiting?.(r),t.signal?.aborted)throw new y("interrupted",`Stopped waiting for NATS at ${n.server}`);await new Promise(i=>setTimeout(i,500))}}function Al(n){return/authori[sz]ation|authentication|permission|requires net access/i.test(String(n?.message??""))}async function Ml(n){if((await Deno.permissions.query({name:"net",host:`${n.host}:${n.port}`})).state!=="granted")throw new y("io",`Cannot connect to NATS at ${n.server}: taskline has no net access to it; install it with TASKLINE_NATS_HOST=${n.server} (see "Fleet" in the README)`)}async function Py(n,t){let{connect:e}=await Xf();try{return await e({servers:n.server,name:t.name??"taskline",reconnect:t.reconnect??!0,maxReconnectAttempts:-1,reconnectTimeWait:250,reconnectJitter:50,pingInterval:1e4,...t.auth})}catch(s){throw new y("io",`Cannot connect to NATS at ${n.server}: ${s.message}`,{cause:s})}}async function Ol(n,t){try{return await n.streams.info(t)}catch(e){if(!Sn(e))throw e}try{return await n.streams.add({name:t,subjects:[`${St}.>`],storage:"file",retention:"limits",discard:"new",max_bytes:El.maxBytes,max_age:0,max_msgs:-1,num_replicas:1,duplicate_window:El.duplicateWindowNs})}catch(e){if(/already in use|exists/i.test(e.message))return await n.streams.info(t);throw e}}function Sn(n){let t=n;return t?.api_error?.err_code===10059||t?.api_error?.err_code===10037||/not found/i.test(String(t?.message??""))}function Xf(){return import("@nats-io/transport-node")}function Nl(){return import("@nats-io/jetstream")}async function io(n){return await(await Nl()).jetstreamManager(n)}var El,oo=_(()=>{A();X();ys();l(xr,"parseNatsUrl");l($r,"natsCredentials");l(Tl,"credentialsFile");l(ro,"openNats");l(Al,"isRefusal");l(Ml,"checkNetPermission");l(Py,"connectOnce");El={maxBytes:8*1024*1024*1024,duplicateWindowNs:120*1e9};l(Ol,"ensureStream");l(Sn,"isNotFound");l(Xf,"transport");l(Nl,"jetStreamApi");l(io,"jetstreamManager")});function Gf(n,t,e={}){let s=Se(n);if(s===null)return null;try{let i=s.statSync().size;if(i<=t)return{size:i,bytes:new Uint8Array(0)};let o=Math.min(e.chunkBytes??1024*1024,i-t),a=e.lineBytesMax??64*1024*1024;for(;;){let c=new Uint8Array(o);s.seekSync(t,Deno.SeekMode.Start);let u=0;for(;u<o;){let f=s.readSync(c.subarray(u));if(f===null||f===0)break;u+=f}let h=c.subarray(0,u).lastIndexOf(10);if(h>=0)return{size:i,bytes:c.subarray(0,h+1)};if(u<o||t+u>=i||o>=a)return{size:i,bytes:new Uint8Array(0)};o=Math.min(o*4,a,i-t)}}finally{s.close()}}function ws(n,t){if(n.length!==t.length)return!1;for(let e=0;e<n.length;e++)if(n[e]!==t[e])return!1;return!0}function ao(n){let t=2166136261;for(let e=0;e<n.length;e++)t^=n[e],t=Math.imul(t,16777619);return(t>>>0).toString(16).padStart(8,"0")+n.length.toString(16)}var Cl=_(()=>{X();l(Gf,"readCompleteLinesSync");l(ws,"bytesEqual");l(ao,"shortHash")});function Sr(n,t,e=[]){if(/[\r\n]/.test(n)||/[\r\n]/.test(t))throw new y("bad-state",`a message id or directory holds a line break: ${n}`);return new Rl([[ps,n],[Zi,t],...e])}async function Pl(n,t,e){return await new Dl(n,t,e).run()}async function Ll(n,t,e){let s=await n.streams.info(t,{subjects_filter:e});return Object.keys(s.state.subjects??{})}async function td(n,t,e){try{let s=await n.streams.getMessage(t,{last_by_subj:e});return s?{data:s.data,header:s.header,seq:s.seq}:null}catch(s){if(Sn(s)&&!/stream not found/i.test(s.message))return null;throw s}}var Zf,Qf,ed,Rl,jl,Dl,nd=_(()=>{A();X();gt();ti();Us();vi();oo();Cl();ys();Zf=64,Qf="its lines are not shipped while it is not a regular file",ed=new TextEncoder,Rl=class{static{l(this,"RawHeaders")}#t;constructor(t){let e="NATS/1.0";for(let[s,r]of t)e+=`\r
${s}: ${r.trim()}`;this.#t=ed.encode(`${e}\r
\r
`)}encode(){return this.#t}};l(Sr,"msgHeaders");jl=class{static{l(this,"AckWindow")}#t;#e;#n=0;#s=0;#r=new Map;#i=0;#o=new te;#a=null;#l;#c=new TextDecoder;constructor(t){this.#t=t,this.#e=`_INBOX.taskline.${crypto.randomUUID().replaceAll("-","")}`,this.#l=t.subscribe(this.#e,{callback:l((e,s)=>this.#u(s),"callback")})}get pending(){return this.#r.size}get pendingBytes(){return this.#i}get failure(){return this.#a}fail(t){this.#a??=t;for(let e of this.#r.values()){let s=e.done;e.done=void 0,s?.(null)}this.#o.wake()}publish(t,e,s,r,i){let o=this.#n++;this.#r.set(o,{sent:Date.now(),bytes:e.length,subject:t,ev:r,done:i}),this.#i+=e.length,this.#t.publish(t,e,{reply:this.#e,headers:s})}send(t,e,s,r){return this.#a!==null?Promise.resolve(null):new Promise(i=>this.publish(t,e,s,r,i))}unacknowledged(){let t=[];for(let e of this.#r.values())e.ev&&t.push(e.ev);return t}#u(t){let e=this.#s++,s=this.#r.get(e);if(s===void 0)return;this.#r.delete(e),this.#i-=s.bytes;let r=t.data;if(r.length>10&&r[0]===123&&r[2]===115&&r[3]===116){if(s.done){let o=null;try{o=JSON.parse(this.#c.decode(r)).seq}catch{}let a=s.done;s.done=void 0,typeof o=="number"&&o>0?a(o):(a(null),this.fail(`an acknowledgement without a sequence (${this.#c.decode(r).slice(0,200)})`))}}else{let o=this.#c.decode(r).slice(0,200),a=t.headers?.code?`status ${t.headers.code}`:"";s.done?.(null),s.done=void 0,this.fail(o.includes(`"err_code":${If}`)?`${s.subject} holds a message stored by another writer, a ship killed before? (${o})`:`a publish was refused (${o||a||"empty answer"})`)}this.#o.wake()}async waitRoom(t,e,s,r){for(;(this.#r.size>=t||this.#i>=e)&&this.#a===null;)this.checkTimeout(s),await this.#o.wait(100,r)}async settle(t,e){for(;this.#r.size>0&&this.#a===null;)this.checkTimeout(t),await this.#o.wait(100,e)}checkTimeout(t){let e=this.#r.values().next().value?.sent;e!==void 0&&Date.now()-e>t&&this.#a===null&&this.fail(`no acknowledgement in ${t} ms`)}close(){this.fail("the session ended"),this.#l.unsubscribe()}};l(Pl,"ship");Dl=class{static{l(this,"Shipper")}#t;#e;#n;#s;#r=new Map;#i=new Set;#o=new Set;#a=new Map;#l=new te;#c=new TextDecoder;stats={lines:0,bytes:0,outputs:0,taskFiles:0,resyncs:0,liveEvents:0,liveDropped:0};#u=null;#f=!0;#h=512*1024;#p="";#d=null;#y=new Set;#m=new Set;#k;#g;constructor(t,e,s){this.#t=t,this.#e=e,this.#n=s,this.#s=s.stream??kr,this.#k=Math.max(2,s.windowMsgs??8192),this.#g=Math.max(1<<20,s.windowBytes??16<<20)}#b(t){this.#n.onReport?.(t)}#w(t,e,s){this.#a.get(e.path)!==e.message&&(this.#a.set(e.path,e.message),this.#b(`task ${t}: ${e.message} (${s})`))}async run(){await Ml(this.#e);let t=this.#n.signal,e=new AbortController,s=l(()=>e.abort(),"onAbort");t?.addEventListener("abort",s,{once:!0}),t?.aborted&&e.abort(),De(this.#t.tasksDir,a=>this.#_(a),{signal:e.signal});let r=this.#n.live?await Gs(this.#t.liveListenerPath(`ship-${Deno.pid}`),crypto.randomUUID().replaceAll("-",""),a=>this.#$(a),{onWarning:l(a=>this.#b(a),"onWarning")}):null,i=null,o="";try{for(;!e.signal.aborted;){let a;try{a=await this.#x(e.signal,c=>{i!==null&&c!==i&&this.#b(`stream ${this.#s} was created again: every task is shipped again from its start`),i=c})}catch(c){if(e.signal.aborted)break;if(c instanceof y&&c.message.startsWith("Cannot connect to NATS")&&Al(c))throw c;a=c.message}if(e.signal.aborted)break;this.stats.resyncs++,i!==null&&a!==o&&this.#b(`NATS session ended (${a}): starting again from what the stream holds`),o=a;for(let c of this.#r.values())c.stopped===null&&(c.synced=!1),c.taskJson=null,c.taskStamp="",this.#o.add(c.dir);await new Promise(c=>setTimeout(c,250))}}finally{t?.removeEventListener("abort",s),e.abort(),await r?.close().catch(()=>{})}return this.stats}#$(t){let e=this.#u;if(e===null||e.isClosed()||!xn(t.task)){this.stats.liveDropped++;return}try{e.publish(Ff(this.#n.project,t.task),ed.encode(JSON.stringify(t))),this.stats.liveEvents++}catch{this.stats.liveDropped++}}async#x(t,e){let s=await ro(this.#e,{name:"taskline ship",signal:t,reconnect:!1,onWaiting:l(o=>this.#n.onReport?.(`waiting for NATS at ${this.#e.server}: ${o}`),"onWaiting"),...this.#n.nats}),r=new jl(s);this.#u=s;let i=s.closed().then(o=>{r.fail(`connection lost${o?`: ${o.message}`:""}`),this.#l.wake()});try{let o=await io(s);this.#d=o;let a=await Ol(o,this.#s);e(a.created);let c=s.info?.max_payload??1024*1024;this.#h=Math.max(4096,c-8192),this.#n.onReady?.({stream:this.#s,server:this.#e.server,maxPayload:c});let u=this.#n.pollIntervalMs??1e3,h=0,f=Date.now();for(;!t.aborted&&r.failure===null;){if(Date.now()-h>=u){h=Date.now(),this.#f=!0;for(let d of this.#r.keys())this.#o.add(d)}if(this.#f&&(this.#f=!1,await this.#A()),await this.#M(o),await this.#N(r,t),r.checkTimeout(this.#n.ackTimeoutMs??5e3),r.failure!==null)break;if(Date.now()-f>=u&&(f=Date.now(),(await Ol(o,this.#s)).created!==a.created))return"the stream was created again";this.#v()||await this.#l.wait(Math.max(1,u-(Date.now()-h)),t).catch(()=>{})}return t.aborted?(await r.settle(this.#n.ackTimeoutMs??5e3).catch(()=>{}),"stopped"):r.failure??"stopped"}finally{this.#u=null,this.#d=null,r.fail("the session ended"),await Promise.allSettled(this.#m);for(let o of r.unacknowledged())o.f.replay.set(o.start,o.end);r.close(),await s.close().catch(()=>{}),await i}}#_(t){for(let e of t){let s=ei(this.#p,e);s!==null&&this.#r.has(s)?this.#o.add(s):this.#f=!0}this.#l.wake()}async#A(){if(this.#p==="")try{this.#p=await Deno.realPath(this.#t.tasksDir)}catch{}let t=await fn(this.#t);for(let e of t){if(this.#r.has(e))continue;let s;try{let i=Te(this.#t.taskJsonPath(e),{root:this.#t.root});if(i===null)throw new Error("no task.json");let o=JSON.parse(this.#c.decode(i));if(typeof o?.id!="string")throw new Error("task.json has no id");s=o.id}catch(i){i instanceof C&&this.#w(e,i,"the task is not shipped"),this.#i.add(e);continue}this.#i.delete(e);let r=null;xn(s)?to(e,this.#n.project)||(r="its directory name cannot be recreated on a mirror"):r=`its id "${s.slice(0,80)}" cannot name a subject`,r&&this.#b(`task ${e} is not shipped: ${r}`),this.#r.set(e,{dir:e,id:s,next:0,last:null,lastStart:0,replay:new Map,synced:!1,evSeq:0,outsSeq:0,outsUpto:0,taskJson:null,taskStamp:"",stopped:r}),this.#o.add(e)}}async#M(t){let e=[...this.#r.values()].filter(r=>!r.synced&&r.stopped===null),s=null;if(e.length>16){let r=this.#n.project;s=new Set([...await Ll(t,this.#s,`${St}.${r}.*.ev`),...await Ll(t,this.#s,`${St}.${r}.*.task`),...await Ll(t,this.#s,`${St}.${r}.*.outs`)])}for(let r=0;r<e.length;r+=64)await Promise.all(e.slice(r,r+64).map(i=>this.#S(t,i,s)))}async#S(t,e,s){let r=this.#n.project,i=l(h=>s&&!s.has(h)?Promise.resolve(null):td(t,this.#s,h),"last"),[o,a,c]=await Promise.all([i(kl(r,e.id)),i(bl(r,e.id)),i(vl(r,e.id))]);e.evSeq=o?.seq??0,e.outsSeq=c?.seq??0;let u=/^\d{1,15}$/.exec(c?.header?.get(yl)??"");if(e.outsUpto=u?Number(u[0]):0,e.taskJson=a?a.data:null,e.taskStamp="",e.last=null,e.lastStart=0,e.next=0,o){let h=Vf(o.header,o.data.length);if(h===null)throw new y("bad-state",`the last message of task ${e.dir} has no offset`);if(e.next=h.end,h.part===null){let f=$l(o.data);e.last=o.data.subarray(f),e.lastStart=h.start+f}await this.#L(e)}for(let h of e.replay.keys())h<e.next&&e.replay.delete(h);e.synced=!0}async#L(t){let e=this.#t.logPath(t.dir),s=null;try{s=await st(e)}catch(r){if(r instanceof C)return this.#w(t.dir,r,Qf)}try{let r=s===null?0:(await s.stat()).size;r<t.next?this.#T(t,`its log is shorter (${r} bytes) than what was shipped (${t.next} bytes)`):s!==null&&t.last&&!ws(await oe(s,t.lastStart,t.last.length),t.last)&&this.#T(t,`the last line shipped is no longer at byte ${t.lastStart} of its log`)}finally{s?.close()}}#T(t,e){t.stopped=e,this.#b(`task ${t.dir}: ${e}: the log was truncated or rewritten; it is not shipped again`)}#v(){if(this.#y.size>=Zf)return!1;for(let t of this.#o)if(!this.#y.has(t))return!0;return!1}async#N(t,e){let s=Date.now();for(let r of[...this.#o]){if(t.failure!==null||e.aborted||this.#y.size>=Zf)return;if(this.#y.has(r)||Date.now()-s>=50&&(await new Promise(a=>setTimeout(a,0)),s=Date.now(),this.#y.has(r)))continue;this.#o.delete(r);let i=this.#r.get(r);if(!i||i.stopped!==null||!i.synced)continue;this.#y.add(r);let o=this.#D(i,t,e).catch(a=>t.fail(a.message)).finally(()=>{this.#y.delete(r),this.#m.delete(o),this.#l.wake()});this.#m.add(o)}}async#D(t,e,s){this.#R(t,e),await this.#C(e,s);let r=new Map;for(let i=0;i<16&&await this.#O(t,e,s,r);i++)i===15&&this.#o.add(t.dir)}#R(t,e){let s=this.#t.taskJsonPath(t.dir),r,i;try{let a=en(s,{root:this.#t.root});if(a===null||(r=`${a.mtime?.getTime()}:${a.size}:${a.ino}`,r===t.taskStamp))return;i=Te(s,{root:this.#t.root})}catch(a){a instanceof C&&this.#w(t.dir,a,"its task.json is not shipped");return}if(i===null||(this.#a.delete(s),t.taskStamp=r,t.taskJson&&ws(t.taskJson,i)))return;let o=Sr(`${t.id}:task:${ao(i)}`,t.dir);e.publish(bl(this.#n.project,t.id),i,o),t.taskJson=i,this.stats.taskFiles++}async#O(t,e,s,r){let i=this.#t.logPath(t.dir),o=t.last?t.lastStart:t.next,a;try{a=Gf(i,o,{chunkBytes:this.#n.chunkBytes})}catch(b){if(!(b instanceof C))throw b;return this.#w(t.dir,b,Qf),!1}if(this.#a.size>0&&this.#a.delete(i),a===null)return t.next>0&&this.#T(t,"its log is gone"),!1;if(a.size<t.next)return this.#T(t,`its log is shorter (${a.size} bytes) than what was shipped (${t.next} bytes)`),!1;let c=a.bytes;if(t.last){let b=c.subarray(0,t.last.length);if(b.length<t.last.length||!ws(b,t.last))return this.#T(t,`the last line shipped is no longer at byte ${t.lastStart} of its log`),!1;c=c.subarray(t.last.length)}if(c.length===0)return!1;let u=kl(this.#n.project,t.id),h=Math.min(this.#h,this.#n.batchBytes??256*1024),f=t.next,d=this.#E(t,c,r),p=[...d.keys()],m=0,w=0,g=l(async b=>{let v=[];for(;m<p.length&&p[m]<b;){let x=p[m++];f+x<t.outsUpto||v.push({out:d.get(x),end:f+c.indexOf(10,x)+1})}return v.length===0?!0:(t.replay.set(f+w,f+b),await this.#P(t,v,h,e))},"shipOutputsBefore");for(;w<c.length;){if(e.failure!==null||s.aborted)return!1;let b=c.indexOf(10,w)+1;if(b-w>this.#h){if(!await g(b))return!1;let et=c.subarray(w,b),q=_r(et,this.#c),F=Math.ceil(et.length/this.#h);for(let lt=0;lt<F;lt++){let Y=Sr(_l(t.id,q.run,q.seq,f+w,lt),t.dir,[[$n,`${lt}/${F}`],[gl,String(et.length)],[br,String(t.evSeq)]]),U=await e.send(u,et.subarray(lt*this.#h,Math.min(et.length,(lt+1)*this.#h)),Y);if(U===null)return!1;t.evSeq=U}t.replay.delete(f+w),t.last=et,t.lastStart=f+w,t.next=f+b,this.stats.lines++,this.stats.bytes+=et.length,w=b;continue}let v=w+h,x=t.replay.get(f+w);if(x!==void 0&&x-(f+w)>h)t.replay.delete(f+w);else if(x!==void 0)if(x-f<=c.length)v=x-f;else{if(w>0)break;t.replay.delete(f+w)}let S=v>=c.length?c.length:c.lastIndexOf(10,v-1)+1;if(S<=w&&(S=b),!await g(S)||e.failure!==null||s.aborted)return!1;let O=c.subarray(w,S),N=$l(O),M=N===0?1:so(O),z=_r(c.subarray(w,b),this.#c),H=f+w,Tt=M===1?_l(t.id,z.run,z.seq,H):Hf(t.id,z.run,z.seq,_r(O.subarray(N),this.#c).seq,M,H),xe=Sr(Tt,t.dir,[[br,String(t.evSeq)]]),Ve=await e.send(u,O,xe,{f:t,start:H,end:H+O.length});if(Ve===null)return!1;t.evSeq=Ve,t.replay.delete(H),t.last=O.subarray(N),t.lastStart=H+N,t.next=f+S,this.stats.lines+=M,this.stats.bytes+=O.length,w=S}return t.last&&(t.last=t.last.slice()),w<c.length||a.bytes.length>0&&a.size>o+a.bytes.length}async#C(t,e){(t.pending>=this.#k||t.pendingBytes>=this.#g)&&await t.waitRoom(this.#k>>1,this.#g>>1,this.#n.ackTimeoutMs??5e3,e)}#E(t,e,s){let r=new Map,i=0;for(;i<e.length;){let o=e.indexOf(10,i)+1,a=i;if(i=o,!Yf(e,a,o,this.#c))continue;let c,u,h=!1;try{let p=JSON.parse(this.#c.decode(e.subarray(a,o))).event;c=p?.run,u=p?.call,h=typeof p?.output_file=="string"}catch{continue}if(typeof c!="string"||typeof u!="string"||!xn(c)||!Qi(u))continue;let f=s.get(c);if((f===void 0||h&&!f?.has(`${u}.txt`))&&(f=this.#j(t,c),s.set(c,f)),!f?.has(`${u}.txt`))continue;let d=this.#t.traceFile(t.dir,c,u);try{let p=Te(d,{root:this.#t.root});p!==null&&r.set(a,{run:c,call:u,data:p})}catch(p){p instanceof C&&this.#w(t.dir,p,"that output is not shipped")}}return r}#j(t,e){let s=new Set;try{let r=this.#t.traceFile(t.dir,e,"x");for(let i of Deno.readDirSync(r.slice(0,r.lastIndexOf("/"))))s.add(i.name)}catch{return null}return s}async#P(t,e,s,r){let i=[],o=no,a=l(async()=>{if(i.length===0)return!0;let c=zf(i.map(m=>m.out)),u=i[i.length-1].end,h=Kf(t.id,i[0].out,i.length,ao(c)),f=Sr(h,t.dir,[[yl,String(u)],[br,String(t.outsSeq)]]),d=i.length;i=[],o=no;let p=await r.send(vl(this.#n.project,t.id),c,f);return p===null?!1:(t.outsSeq=p,t.outsUpto=u,this.stats.outputs+=d,!0)},"flush");for(let c of e){let u=Wf(c.out);if(no+u>s){if(!await a()||!await this.#I(t,c.out,r))return!1;continue}if((o+u>s||i.length>=xl)&&!await a())return!1;i.push(c),o+=u}return await a()}async#I(t,e,s){let{run:r,call:i,data:o}=e,a=Uf(this.#n.project,t.id,r,i),c=Math.max(1,Math.ceil(o.length/this.#h)),u=ao(o),h=l(w=>`${t.id}:out:${r}:${i}:${u}#${w}`,"idOf");if(this.#d===null)return!1;let f=await td(this.#d,this.#s,a),d=f?.seq??0,p=0,m=vr(f?.header?.get($n));if(m!==null&&m.n===c&&f?.header?.get(ps)===h(m.i)){if(m.i===c-1)return!0;p=m.i+1}for(let w=p;w<c;w++){let g=Sr(h(w),t.dir,[[$n,`${w}/${c}`],[br,String(d)]]),b=await s.send(a,o.subarray(w*this.#h,Math.min(o.length,(w+1)*this.#h)),g);if(b===null)return!1;d=b}return this.stats.outputs++,!0}};l(Ll,"subjectsHeld");l(td,"lastMessage")});function rd(n){return n.length>200?`${n.slice(0,200)}\u2026`:n}function ks(n){return`${n.root}/mirror.json`}async function Fl(n,t,e={}){return await new ql(n,t,e).run()}function ad(n,t={}){if(en(n,t)===null)return 0;let e;try{e=Deno.openSync(n,{read:!0,write:!0})}catch(s){if(s instanceof Deno.errors.NotFound)return 0;throw s}try{let s=e.statSync();if(!s.isFile)throw new C(n,"other");let r=s.size,i=Ur(e,r)+1;return i<r&&e.truncateSync(i),i}finally{e.close()}}function id(n){let t=new C(n.path,n.kind,n.target);return t.message=`${n.message}: it is where mirror keeps its place in the stream; remove it (the stream is then read again from its start, what is already here is skipped)`,t}function od(n,t){return new Promise(e=>{let s=setTimeout(r,n);function r(){clearTimeout(s),t?.removeEventListener("abort",r),e()}l(r,"done"),t?.addEventListener("abort",r,{once:!0})})}var sd,Il,ql,ld=_(()=>{ct();X();oo();Cl();Xn();ue();ys();sd=256*1024*1024,Il=1e3;l(rd,"shown");l(ks,"checkpointPath");l(Fl,"mirror");ql=class{static{l(this,"Mirror")}#t;#e;#n;#s;#r=new Map;#i=new Map;#o=0;#a=new Map;#l=new Set;#c=new Set;stats={lines:0,bytes:0,outputs:0,taskFiles:0,skipped:0,unusable:0};#u=0;#f=-1;#h="";#p=0;#d=-1n;#y=0;#m=null;#k=null;constructor(t,e,s){this.#t=t,this.#e=e,this.#n=s,this.#s=s.stream??kr}#g(t,e){if(!this.#c.has(t)){if(this.#c.size>=Il){this.#c.size===Il&&(this.#c.add(""),this.#n.onReport?.(`${Il} kinds of problems named: further ones are counted, not named (the count of unusable messages skipped is told when mirror ends)`));return}this.#c.add(t),this.#n.onReport?.(e)}}async run(){let t=this.#n.signal;await Deno.mkdir(this.#t.tasksDir,{recursive:!0});let e=await ro(this.#e,{name:"taskline mirror",signal:this.#n.signal,onWaiting:l(c=>this.#n.onReport?.(`waiting for NATS at ${this.#e.server}: ${c}`),"onWaiting"),...this.#n.nats}),s=new AbortController,r=l(()=>s.abort(),"onAbort");t?.addEventListener("abort",r,{once:!0}),t?.aborted&&s.abort();let i=(async()=>{for await(let c of e.status())c.type==="reconnect"&&(this.#y++,this.#m?.())})().catch(()=>{}),o=null;if(this.#n.live){let c=new Xs(this.#t.root,{},d=>d==="live.json");c.connect();let u=new TextDecoder,h=this.#n.project;this.#A();let f=e.subscribe(`${ml}.${h??"*"}.*`,{callback:l((d,p)=>{let m=bi(u.decode(p.data));m&&this.#S(p.subject,m.task)&&c.send(m)},"callback")});o={close:l(()=>{f.unsubscribe(),c.close()},"close")}}let a=setInterval(()=>{try{this.#E()}catch(c){this.#g("checkpoint",`cannot save ${ks(this.#t)}: ${c}`)}},this.#n.checkpointIntervalMs??500);try{for(;!s.signal.aborted;){try{await this.#b(e,s.signal)}catch(c){if(s.signal.aborted||c instanceof C)throw c;this.#g(`follow:${c.message}`,`reading stream ${this.#s} stopped (${c.message}); starting again`)}this.#O(),s.signal.aborted||await od(250,s.signal)}}finally{clearInterval(a),o?.close(),t?.removeEventListener("abort",r);try{this.#O(),this.#E()}finally{await e.close().catch(()=>{}),await i}}return this.stats}async#b(t,e){let s=this.#y,r=await io(t),i;for(let w=0;;w++){e.throwIfAborted();try{i=await r.streams.info(this.#s);break}catch(g){w===0&&this.#n.onReport?.(`waiting for stream ${this.#s} at ${this.#e.server}: ${g.message}`),await od(Sn(g)?500:250,e)}}let o=this.#j(),a=1;this.#h===i.created?a=await this.#$(r,this.#u):o&&o.stream===this.#s&&o.created===i.created?(this.#d=o.ns!==void 0&&/^\d{1,20}$/.test(o.ns)?BigInt(o.ns):-1n,a=await this.#$(r,o.seq)):(this.#h!==""||o)&&this.#n.onReport?.(`stream ${this.#s} is not the one mirrored before: reading it from its start (lines already here are skipped)`),this.#h!==i.created&&(this.#i.clear(),this.#o=0,this.#h=i.created),this.#u=a-1;let c=(await Nl()).jetstream(t),u=this.#n.project,h=await c.consumers.get(this.#s,{filter_subjects:u?`${St}.${u}.>`:`${St}.>`,deliver_policy:"by_start_sequence",opt_start_seq:a}),f=await h.consume({max_messages:1e3,expires:1e4,abort_on_missing_resource:!0});this.#m=()=>f.stop(),this.#y!==s&&f.stop(),this.#n.onReady?.({stream:this.#s,server:this.#e.server,from:a});let d=l(()=>f.stop(),"onAbort");e.addEventListener("abort",d,{once:!0});let p=i.created,m=setInterval(async()=>{try{(await r.streams.info(this.#s)).created!==p&&f.stop()}catch(w){Sn(w)&&f.stop()}},1e3);(async()=>{for await(let w of f.status())(w.type==="stream_not_found"||w.type==="consumer_not_found"||w.type==="consumer_deleted"||w.type==="heartbeats_missed"&&w.count>=2)&&f.stop()})().catch(()=>{});try{for await(let w of f)this.#L(w),w.info.pending===0||this.#p>=(this.#n.batchBytesMax??4<<20)?this.#O():this.#p>0&&this.#k===null&&(this.#k=setTimeout(()=>{this.#k=null;try{this.#O()}catch{f.stop()}},this.#n.batchHoldMs??20))}finally{this.#m=null,clearInterval(m),e.removeEventListener("abort",d),this.#O(),h.delete().catch(()=>{})}}async#w(t,e){try{let s=await t.streams.getMessage(this.#s,{seq:e});if(!s)return!0;let r=Do(s.timestamp);return r===null||r>this.#d}catch(s){if(Sn(s))return!0;throw s}}async#$(t,e){if(e<=0)return 1;if(this.#d<0n)return this.#n.onReport?.(`${ks(this.#t)} has no time: reading stream ${this.#s} again from its start`),1;if(!await this.#w(t,e))return e+1;let s=0,r=e;for(;r-s>1;){let i=Math.floor((s+r)/2);await this.#w(t,i)?r=i:s=i}return this.#n.onReport?.(`stream ${this.#s} no longer holds messages ${r} to ${e} as they were read (a server restart): reading again from ${r}`),r}#x=new Map;#_=new Map;#A(){let t;try{t=[...Deno.readDirSync(this.#t.tasksDir)]}catch{return}for(let e of t)if(e.isDirectory)try{let s=Te(this.#t.taskJsonPath(e.name),{root:this.#t.root});s&&this.#M(e.name,s)}catch{}}#M(t,e){let s;try{s=JSON.parse(new TextDecoder().decode(e))?.id}catch{}let r=this.#x.get(t);if(r!==void 0&&(this.#_.get(r)?.delete(t),this.#_.get(r)?.size===0&&this.#_.delete(r),this.#x.delete(t)),typeof s!="string")return;this.#x.set(t,s);let i=this.#_.get(s);i||this.#_.set(s,i=new Set),i.add(t)}#S(t,e){let s=t.split("."),r=s[1]??"",i=this.#_.get(e),o=null;return s.length!==3||s[2]!==e?o="its subject names another task":i?[...i].some(a=>!a.startsWith(`${r}--`))&&(o="a task of another project has that id"):o="no task of the replica has that id (yet)",o===null?!0:(this.#g(`live:${t}:${e}`,`an ephemeral event of ${rd(t)} for task ${e.slice(0,80)} is not handed on: ${o}`),!1)}#L(t){this.#u=t.seq,this.#d=t.timestampNanos;let e=Bf(t.subject);if(!e){this.stats.unusable++,this.#g(`subject:${t.subject}`,`a message of ${rd(t.subject)} (stream sequence ${t.seq}) is not one that taskline ship writes: skipped`);return}let s=t.headers?.get(Zi)??"";if(!to(s,e.project)){this.stats.unusable++,this.#g(`dir:${s}`,`a message of ${t.subject} (stream sequence ${t.seq}) names no usable task directory: skipped`);return}let r=eo(e.project,s);if(e.kind==="task"){this.#n.live&&this.#M(r,t.data),this.#a.set(this.#t.taskJsonPath(r),t.data),this.#p+=t.data.length,this.stats.taskFiles++;return}if(e.kind==="outs"){let c=Jf(t.data);if(c===null){this.stats.unusable++,this.#g(`outs:${t.subject}`,`a message of ${t.subject} (stream sequence ${t.seq}) holds no readable outputs: skipped`);return}for(let u of c)this.#a.set(this.#t.traceFile(r,u.run,u.call),u.data),this.#p+=u.data.length,this.stats.outputs++;return}let i=vr(t.headers?.get($n));if(e.kind==="out"){let c=this.#t.traceFile(r,e.run,e.call),u=this.#T(`out:${c}`,`out:${c}`,t,i??{i:0,n:1});u&&(this.#a.set(c,u),this.#p+=u.length,this.stats.outputs++);return}let o=Sl(t.headers?.get(ps)??"");if(o===null){this.stats.unusable++,this.#g(`id:${t.subject}`,`a line of ${t.subject} has no offset: skipped`);return}let a=this.#T(`ev:${r}`,`ev:${r}:${o}`,t,i??{i:0,n:1});a&&this.#D(r,o,a)}#T(t,e,s,r){let i=this.#i.get(t);if(i&&i.key!==e&&(this.#v(t,"another one came after it"),i=void 0),r.n===1)return s.data;if(r.i===0||!i||i.n!==r.n){if(i&&this.#v(t,null),r.i!==0)return null;i={key:e,firstSeq:s.seq,n:r.n,parts:[],got:0,bytes:0,subject:s.subject},this.#i.set(t,i)}let o=i.parts[r.i];o===void 0?i.got++:(i.bytes-=o.length,this.#o-=o.length),i.parts[r.i]=s.data,i.bytes+=s.data.length,this.#o+=s.data.length;for(let[h]of this.#i){if(this.#o<=sd||h===t)break;this.#v(h,`more than ${sd/1024/1024} MiB of parts were held`)}if(i.got<i.n)return null;this.#v(t,null);let a=0;for(let h of i.parts)a+=h.length;let c=new Uint8Array(a),u=0;for(let h of i.parts)c.set(h,u),u+=h.length;return c}#v(t,e){let s=this.#i.get(t);s&&(this.#i.delete(t),this.#o-=s.bytes,e!==null&&(this.stats.unusable++,this.#g(`parts:${s.subject}`,`parts of a message of ${s.subject} (from stream sequence ${s.firstSeq}) that never completed were dropped: ${e}`)))}#N(t){let e=this.#r.get(t);if(e)return e;let s=0,r=null;try{s=ad(this.#t.logPath(t),{root:this.#t.root})}catch(i){if(!(i instanceof C))throw i;r=i.message,this.#g(`bad:${i.path}`,`task ${t}: ${i.message}: its lines are not written (remove it, and mirror.json, to read the stream again from its start)`)}return e={size:s,queued:[],queuedBytes:0,gapReported:!1,bad:r},this.#r.set(t,e),e}#D(t,e,s){let r=this.#N(t);if(r.bad!==null)return;let i=r.size+r.queuedBytes,o=s;if(e+o.length<=i){this.stats.skipped++;return}if(e<i&&o[i-e-1]===10&&(o=o.subarray(i-e),e=i),e!==i){r.gapReported||(r.gapReported=!0,this.#n.onReport?.(`task ${t}: message ${this.#u} of the stream has a line at byte ${e} but the log here ends at ${i}: lines are missing from the stream; later lines of this task are not written`));return}r.queued.push(o),r.queuedBytes+=o.length,this.#p+=o.length,this.stats.lines+=so(o),this.stats.bytes+=o.length}#R(t){this.#l.has(t)||(Deno.mkdirSync(t,{recursive:!0}),this.#l.add(t))}#O(){this.#k!==null&&(clearTimeout(this.#k),this.#k=null);for(let[t,e]of this.#a){this.#R(t.slice(0,t.lastIndexOf("/")));let s=!1;try{let r=Te(t,{root:this.#t.root});s=r!==null&&ws(r,e)}catch(r){if(r instanceof C){this.#g(`bad:${r.path}`,`${r.message}: it is not written`);continue}}s||Pn(t,e)}this.#a.clear();for(let[t,e]of this.#r){if(e.queuedBytes===0)continue;this.#R(this.#t.taskDir(t));let s=new Uint8Array(e.queuedBytes),r=0;for(let o of e.queued)s.set(o,r),r+=o.length;let i=Deno.openSync(this.#t.logPath(t),{append:!0,create:!0});try{let o=0;for(;o<s.length;)o+=i.writeSync(s.subarray(o))}finally{i.close()}e.size+=e.queuedBytes,e.queued=[],e.queuedBytes=0}this.#p=0}#C(){let t=this.#u;for(let e of this.#i.values())t=Math.min(t,e.firstSeq-1);return t}#E(){if(this.#h===""||this.#p>0)return;let t=this.#C();if(t===this.#f)return;let e={stream:this.#s,created:this.#h,seq:t,ns:this.#d.toString()};try{en(ks(this.#t),{root:this.#t.root})}catch(s){throw s instanceof C?id(s):s}Pn(ks(this.#t),new TextEncoder().encode(JSON.stringify(e)+`
`)),this.#f=t}#j(){let t=ks(this.#t),e=null;try{e=Te(t,{root:this.#t.root})}catch(s){if(s instanceof C)throw id(s);return null}if(e===null)return null;try{let s=JSON.parse(new TextDecoder().decode(e));if(typeof s?.stream=="string"&&typeof s?.created=="string"&&Number.isSafeInteger(s?.seq))return s}catch{}return null}};l(ad,"repairTail");l(id,"badCheckpoint");l(od,"sleep")});async function Ul(n,t){if(t.given!==void 0)return ms(t.given);if(t.configured!==null)return ms(t.configured);let s=(await Deno.realPath(n.root)).split("/").filter(r=>r!=="");return wl(s[s.length-2]??"project")}var cd=_(()=>{ys();l(Ul,"projectName")});var Bl=_(()=>{nd();ld();oo();ys();cd()});var ud={};W(ud,{SHIP_HELP:()=>Iy,shipCommand:()=>qy});async function qy(n,t){let{values:e,positionals:s}=R("ship",t,{project:{type:"string"},stream:{type:"string"},live:{type:"boolean"}});if(s.length!==1)throw new y("usage","taskline ship takes one argument: the NATS URL");let r=xr(s[0]);await n.state.requireExists();let i=await n.settings(),o=await Ul(n.state,{given:e.project,configured:i.fleet.project}),a=e.stream??i.fleet.stream,c=await $r(n.state,n.io.env),u=await Pl(n.state,r,{project:o,stream:a,live:e.live===!0,nats:{auth:c.options},signal:n.io.signal,onReport:l(h=>void n.warn(h),"onReport"),onReady:l(async h=>{await n.io.stderr.write(`taskline ship: project ${o} to stream ${h.stream} on ${h.server} (credentials: ${c.source})
`),await n.io.stderr.flush()},"onReady")});return await n.io.stderr.write(`taskline ship: ${u.lines} lines, ${u.outputs} outputs, ${u.taskFiles} task files shipped${e.live?`, ${u.liveEvents} ephemeral events published (${u.liveDropped} dropped while not connected)`:""}
`),0}var Iy,hd=_(()=>{A();Bl();it();Iy=`Usage: taskline ship <NATS-URL> [options]

Publishes every task of this project to a NATS JetStream stream, and keeps
publishing what is appended, until Ctrl-C: each log line byte for byte, each
task.json, each kept tool output. It starts after what the stream already
holds for each task, so a restart neither loses nor repeats a line. The stream
(default TASKLINE, subjects taskline.>) is created when it is missing.
\`taskline mirror\` rebuilds the projects of a stream on another machine.

Credentials never go on the command line: TASKLINE_NATS_TOKEN or
TASKLINE_NATS_NKEY (a seed) in the environment, or .taskline/nats.token,
.taskline/nats.nkey or .taskline/nats.creds. The NATS host must be in the
program's permissions: see "Fleet" in the README.

Options:
  --project <NAME>   the project's name on the stream (default: fleet.project
                     of config.jsonc, else this directory's name)
  --stream <NAME>    the stream (default: fleet.stream of config.jsonc, else TASKLINE)
  --live             also ephemeral events (agent_delta) of runs in other
                     processes: received on the live channel (as by
                     \`taskline serve\`, which may run at the same time) and
                     published, not stored, on taskline_live.<project>.<task id>`;l(qy,"shipCommand")});var fd={};W(fd,{MIRROR_HELP:()=>Fy,mirrorCommand:()=>Uy});async function Uy(n,t){let{values:e,positionals:s}=R("mirror",t,{project:{type:"string"},stream:{type:"string"},live:{type:"boolean"}});if(s.length!==1)throw new y("usage","taskline mirror takes one argument: the NATS URL");let r=xr(s[0]),i=e.project===void 0?void 0:ms(e.project),o=await n.settings(),a=e.stream??o.fleet.stream,c=await $r(n.state,n.io.env),u=await Fl(n.state,r,{stream:a,project:i,live:e.live===!0,nats:{auth:c.options},signal:n.io.signal,onReport:l(h=>void n.warn(h),"onReport"),onReady:l(async h=>{await n.io.stderr.write(`taskline mirror: stream ${h.stream} on ${h.server} from message ${h.from} into ${n.state.root}/
`),await n.io.stderr.flush()},"onReady")});return await n.io.stderr.write(`taskline mirror: ${u.lines} lines, ${u.outputs} outputs, ${u.taskFiles} task files written${u.unusable>0?`, ${u.unusable} unusable messages skipped`:""}
`),0}var Fy,dd=_(()=>{A();Bl();it();Fy="Usage: taskline mirror <NATS-URL> [options]\n\nBuilds .taskline/ of this directory from a stream that `taskline ship` writes,\nand keeps it up to date until Ctrl-C. Each task of each project lands in\n.taskline/tasks/<project>--<task dir>/ with its task.json, its events.jsonl\nbyte for byte as on its machine, and its tool outputs. `events`, `history`,\n`trace`, `serve` and `tui` work on the replica as on any project (refer to\na task by its directory name, or its id: numbers of several projects collide).\nAfter a crash it resumes from what it has written (a torn last line is cut).\n\nCredentials as for `taskline ship` (TASKLINE_NATS_TOKEN, TASKLINE_NATS_NKEY, or\n.taskline/nats.token, nats.nkey, nats.creds).\n\nOptions:\n  --stream <NAME>    the stream (default: fleet.stream of config.jsonc, else TASKLINE)\n  --project <NAME>   only this project (default: every project of the stream)\n  --live             also the ephemeral events (agent_delta) that `ship --live`\n                     publishes: handed to a `taskline serve` running on this\n                     replica, which streams them; never written";l(Uy,"mirrorCommand")});function pd(n,t={}){let e=n.number;if(n.bad_log)throw new y("bad-log-file",n.bad_log.message);let s=Hy(n.runs);if(!s){let h=n.runs[n.runs.length-1],f=h?E(h.run.slice(0,8),8):"";throw new y("wrong-state",h?h.state==="running"?`Task #${e} has no finished run yet (run ${f} is running): nothing to put in a pull request; follow it to its end with \`taskline events ${e} --follow\``:`Task #${e} has no finished run (run ${f} was interrupted before it finished): nothing to put in a pull request`:`Task #${e} has no run yet: nothing to put in a pull request`)}let r=t.base??(s.merged?.base||By),i=s.commits.map(h=>({commit:h.commit,short:h.commit.slice(0,7),message:h.message,files:h.files,subtask:h.subtask,at:h.at})),o=[...new Set(s.commits.flatMap(h=>h.files))].sort(),a=Wy(s),c=n.cost?.currency??"USD";return{title:E(n.task.title,256)||`Task #${e}`,body:Jy(n,s,{files:o,validations:a,currency:c}),branch:n.task.branch,base:r,commits:i,files:o,validations:a,usage:{...s.usage,tokens:Lt(s.usage),active_ms:s.active_ms,totals_known:s.totals_known},cost:s.cost===null?null:{amount:s.cost,currency:c,text:ze(s.cost,c)},number:e,run:s.run,status:s.status,success:s.success,merged:s.merged}}function Hy(n){for(let t=n.length-1;t>=0;t--)if(n[t].state==="finished")return n[t];return null}function Wy(n){let t=new Map;for(let r of n.validations){let i=`${r.integration}|${r.command}`,o=t.get(i);o||t.set(i,o=[]),o.push(r)}let e=n.commits.filter(r=>r.subtask===null),s=[];for(let r of t.values()){let i=r[r.length-1],o=0,a=new Set;for(let c=0;c+1<r.length;c++){if(r[c].passed)continue;o++;let u=dt(r[c].at),h=dt(r[c+1].at);if(!(u===null||h===null))for(let f of e){let d=dt(f.at);d!==null&&d>=u&&d<=h&&a.add(f.commit)}}s.push({command:i.command,integration:i.integration,passed:i.passed,exit_code:i.exit_code,runs:r.length,fixes:o,fix_commits:[...a]})}return s}function Wt(n,t=300){return $t(n,{charsMax:t,lineStart:!1})}function zy(n){return n.split(/\r\n|[\r\n]/,1)[0]}function Hl(n){let t=n.slice(0,7);return/^[0-9a-f]{4,}$/i.test(t)?t:ne(t)}function lo(n,t,e){let s=zi(n,t),r=s.lines.map(i=>`- ${i}`);return s.left>0&&r.push(`- \u2026 and ${s.left} more: ${e}`),r}function Jy(n,t,e){let s=n.number,r=ne(t.run.slice(0,8)),i=[],o=n.task.description,a=Of(o,{charsMax:Je.descriptionSource}),c=o.length>Je.descriptionSource;if(a.length>Je.description){let g=a.lastIndexOf(`
`,Je.description);a=(g>0?a.slice(0,g):"").trimEnd(),c=!0}c&&(a+=`

(the whole description: \`taskline task show ${s}\`)`),a.trim()!==""&&i.push(a.trimStart(),""),i.push(`### What run ${r} delivered`,"");let u=t.success===!0?" (success)":t.success===!1?" (no success)":"",h=t.resumes>0?`, after ${wt(t.resumes,"resume")}`:"";i.push(`The run finished with status **${Wt(t.status??"-",40)}**${u} on ${Wt(Ht(t.finished_at))} UTC${h}.`),t.success!==!0&&t.pending_approval&&i.push("",`It waits for a decision at the ${Wt(t.pending_approval,40)} gate.`),t.success!==!0&&t.paused_reason&&i.push("",`Paused: ${Wt(t.paused_reason,200)}`),t.success!==!0&&t.last_error&&i.push("",`Last error: ${Wt(t.last_error)}`);let f=n.runs.slice(n.runs.indexOf(t)+1);if(f.length>0){let g=f[f.length-1];i.push("",`A later run of the task, ${ne(g.run.slice(0,8))}, ${g.state==="running"?"is still running":"did not finish"}; this describes the last one that finished.`)}if(i.push(""),t.commits.length===0?i.push("This run made no commits.",""):(i.push(`**Commits** (${t.commits.length})`,""),i.push(...lo(t.commits.map(g=>`${Hl(g.commit)} ${Wt(zy(g.message),200)||"(no message)"}`),Je.commits,`\`taskline history ${s}\``),""),e.files.length===0?i.push("The commits name no files (the committer does not use git).",""):(i.push(`**Files changed** (${e.files.length})`,""),i.push(...lo(e.files.map(g=>ne(g,{charsMax:200})),Je.files,`\`taskline history ${s} --json\``),""))),t.merged){let g=t.merged;i.push(`**Merged** as ${Hl(g.commit)}: ${g.branch?ne(g.branch):"a branch"} into ${g.base?ne(g.base):"its base"}.`,"")}i.push("### Validations",""),e.validations.length===0?i.push("No validation command ran in this run.",""):i.push(...lo(e.validations.map(g=>{let b=g.exit_code!==null?` (exit ${g.exit_code})`:"",v=g.integration?", on the integrated branch":"",x=g.fixes>0?`; needed ${wt(g.fixes,"fix","fixes")}${g.fix_commits.length>0?` (${g.fix_commits.slice(0,10).map(Hl).join(", ")})`:""}`:"",S=g.runs>1?`, ran ${g.runs} times`:"";return`**${g.passed?"passed":"failed"}**${b} ${ne(g.command)}${v}${S}${x}`}),Je.validations,`\`taskline history ${s}\``),""),i.push("### QA","");let d=n.last_qa;if(d?i.push(`Round ${d.round}: **${Wt(d.verdict,40)}**${d.summary?`: ${Wt(d.summary)}`:""}`,""):i.push("No QA report was written.",""),i.push("### Approvals",""),t.approvals.length===0&&!t.pending_approval)i.push("No gate asked for a human's decision in this run.","");else{let g=t.approvals.map(b=>`${$t(b.gate,{charsMax:40})} gate: **${b.approved?"approved":"rejected"}**${b.comment?`, saying \u201C${Wt(b.comment)}\u201D`:""} (${Wt(Ht(b.at))} UTC)`);t.pending_approval&&g.push(`${$t(t.pending_approval,{charsMax:40})} gate: **pending**`),i.push(...lo(g,Je.approvals,`\`taskline history ${s}\``),"")}i.push("### Usage","");let p=t.usage;if(i.push(`- This run: ${Wt(mr(t,e.currency))} (${I(p.input_tokens)} in, ${I(p.output_tokens)} out, ${I(p.cache_read_tokens)} cache read, ${I(p.cache_write_tokens)} cache write)`),n.runs.length>1||n.unpriced_models.length>0){let g=n.totals.complete?"":"+";i.push(`- The task (${wt(n.runs.length,"run")}): ${I(Lt(n.totals.usage))}${g} tokens, ${at(n.totals.active_ms)}${g} active, ${Wt(gr(n))}`)}(!t.totals_known||!n.totals.complete)&&i.push("- \\+ lower bound: part of the work was recorded before 0.5 (no totals then) or a run did not finish"),i.push("");let m=t.run.slice(0,8),w=t.current?"":/^[0-9a-f-]+$/i.test(m)?` --run ${m}`:" --all";return i.push("---","",`Written by taskline from the task's events. Every run: \`taskline history ${s}\`; every tool call of this run: \`taskline trace ${s}${w}\`.`),ds(i)}var By,Je,Wl=_(()=>{ue();A();un();We();yr();ul();hl();vn();By="main",Je={descriptionSource:4e3,description:8e3,commits:{itemsMax:50,charsMax:16e3},files:{itemsMax:100,charsMax:12e3},validations:{itemsMax:30,charsMax:8e3},approvals:{itemsMax:20,charsMax:6e3}};l(pd,"buildPullRequest");l(Hy,"lastFinished");l(Wy,"validationsOf");l(Wt,"inline");l(zy,"firstLine");l(Hl,"shortHash");l(lo,"list");l(Jy,"bodyOf")});var md={};W(md,{PR_HELP:()=>Ky,prCommand:()=>Vy});async function Vy(n,t){$e();let{values:e,positionals:s}=R("pr",t,{json:{type:"boolean"},base:{type:"string"}});if(n.json=e.json===!0,s.length!==1)throw new y("usage","taskline pr: name one task, for example `taskline pr 3`");let r=e.base;if(r!==void 0&&(r===""||r.length>255||/[\s~^:?*[\\]|\.\./.test(r)||_u(r)))throw new y("usage",`taskline pr: --base takes a branch name, not "${r.slice(0,40)}"`);let i=await n.task(s[0]),o=await He(n.state,i,{settings:await n.settings(),cache:new xt({disk:!0}),signal:n.io.signal});o.errors.length>0&&!o.bad_log&&await n.warn(`${n.state.logPath(o.dir)}: ${o.errors[0]}`);let a=pd(o,{base:r});return await n.io.stdout.write(n.json?JSON.stringify(a)+`
`:a.body),0}var Ky,gd=_(()=>{A();X();We();us();Wl();qt();it();Ky=`Usage: taskline pr <TASK> [options]

Prints the body of a pull request for the task's branch, in Markdown, made
from the task's events: the description, what the last finished run
delivered (commits, files changed, the merge), its validation commands with
their last result and the fixes they needed, the QA verdict, the answers at
approval gates, tokens, active time and cost (as \`taskline history\` shows
them), and where to see the rest. Text of the log is escaped so that it
cannot open HTML, a link, an image or a mention.

  gh pr create --title "$(taskline pr 5 --json | jq -r .title)" \\
    --body-file <(taskline pr 5)

Options:
  --json           {title, body, branch, base, commits, files, validations,
                   usage, cost, number, run, status, success, merged}
  --base <BRANCH>  the branch to merge into (default: the base the run
                   merged into, else main)

Exit 1 when the task has no finished run yet.`;l(Vy,"prCommand")});async function Jl(n){try{return await Deno.realPath(n)}catch{return null}}async function bs(n,t,e,s={}){if(!Yy.test(e))throw new y("bad-request",`Cannot read the output of call "${e.slice(0,40)}": a call is 12 hexadecimal digits`);let r=e.toLowerCase();if(!zl.test(t.dir)||t.dir.startsWith("."))return null;let i=await Jl(`${n.root}/tool-output`),o=await Jl(n.root);if(i===null||o===null)return null;if(i!==`${o}/tool-output`)throw new y("bad-state",`Refusing to read ${n.toolOutputDir}: it is a link`);let a=[];if(s.run!==void 0)zl.test(s.run)&&!s.run.startsWith(".")&&a.push(s.run);else{try{for await(let c of Deno.readDir(`${n.toolOutputDir}/${t.dir}`))zl.test(c.name)&&!c.name.startsWith(".")&&a.push(c.name)}catch{return null}a.sort()}for(let c of a){let u=n.traceFile(t.dir,c,r),h=await Jl(u);if(h===null)continue;if(!h.startsWith(`${i}/`))throw new y("bad-state",`Refusing to read the output of call ${r}: ${u} leads outside ${n.toolOutputDir}/`);let f=await Deno.stat(h);if(!f.isFile)continue;if(f.size>(s.bytesMax??64*1024*1024))throw new y("io",`Cannot read ${u}: ${f.size} bytes is too large`);let d=await Deno.readTextFile(h),p=Xy.exec(d);return{text:d,run:c,cut:p?{kept:Number(p[1]),total:Number(p[2])}:null}}return null}var Yy,zl,Xy,Tr=_(()=>{A();Yy=/^[0-9a-fA-F]{12}$/,zl=/^[0-9A-Za-z._-]{1,100}$/,Xy=/\n?\[taskline: output cut to the first (\d+) of (\d+) characters\]\n?$/;l(Jl,"realOrNull");l(bs,"readTraceOutput")});function vs(n){return n.returned_at===null?"no result":n.timed_out?"timed out":n.exit_code!==null&&n.exit_code!==0?`exit ${n.exit_code}`:n.is_error?"error":"ok"}function Kl(n,t,e,s){return`${n}|${t}|${e}|${s??""}`}function yd(n,t,e){return{run:n,call:t.call,role:t.role,subtask:t.subtask??null,tool:t.tool,input:null,called_at:null,returned_at:null,duration_ms:null,is_error:null,exit_code:null,timed_out:!1,preview:"",output_chars:0,output_file:null,paired:"unmatched",result:"no result",seq:e}}var Er,Vl=_(()=>{J();Za();l(vs,"resultOf");Er=class n{static{l(this,"CallPairing")}run;calls;runs;filesWritten;#t;#e;#n;constructor(t){this.run=t,this.calls=[],this.runs=[],this.filesWritten=[],this.#t=new Map,this.#e=new Map,this.#n=new Set}static resume(t,e){let s=new n(t);for(let r of e)s.calls.push(r),s.runs.includes(r.run)||s.runs.push(r.run),!(r.returned_at!==null||r.called_at===null)&&(r.call===Dt?s.#s(Kl(r.run,r.role,r.tool,r.subtask)).push(r):s.#t.set(`${r.run}|${r.call}`,r));return s}add(t){if(typeof t.schema=="number"&&t.schema>2)return null;let e=t.event,s=P(e);if(s===null||this.run!==null&&s!==this.run||(this.runs.includes(s)||this.runs.push(s),e.type!=="tool_called"&&e.type!=="tool_returned"))return null;let r=typeof t.seq=="number"?t.seq:null;if(e.type==="tool_called"){let c=e,u=yd(s,c,r);return u.input=c.input??null,u.called_at=t.at,this.calls.push(u),c.call===Dt?this.#s(Kl(s,c.role,c.tool,c.subtask)).push(u):this.#t.set(`${s}|${c.call}`,u),u}let i=e,o,a="unmatched";if(i.call===Dt)o=this.#e.get(Kl(s,i.role,i.tool,i.subtask))?.shift(),a="order";else{let c=`${s}|${i.call}`;o=this.#t.get(c),this.#t.delete(c),a="id"}if(o||(o=yd(s,i,r),this.calls.push(o),a="unmatched"),o.paired=a,o.returned_at=t.at,o.duration_ms=typeof i.duration_ms=="number"?i.duration_ms:null,o.is_error=i.is_error===!0,o.exit_code=typeof i.exit_code=="number"?i.exit_code:null,o.timed_out=i.timed_out===!0,o.preview=typeof i.preview=="string"?i.preview:"",o.output_chars=typeof i.output_chars=="number"?i.output_chars:0,o.output_file=typeof i.output_file=="string"?i.output_file:null,o.result=vs(o),!o.is_error&&o.called_at!==null){let c=Bi(o.tool,o.input);c!==null&&!this.#n.has(c)&&(this.#n.add(c),this.filesWritten.push(c))}return o}#s(t){let e=this.#e.get(t);return e||this.#e.set(t,e=[]),e}};l(Kl,"orderKey");l(yd,"openCall")});async function _s(n,t,e={}){if(e.all&&e.run!==void 0)throw new y("usage","--all does not go with --run");let s=n.logPath(t.dir),r=await nn(s),i=null;if(!e.all&&(i=e.run!==void 0?await Ne(s,e.run,r):(await It(s,{to:r}))?.run??null,i===null))return{run:null,calls:[],files_written:[],runs:[],paired_by_order:!1,errors:[]};let o=[],a=new Er(i);for await(let h of bt(s,{to:r,signal:e.signal,prefilter:l(f=>f.includes('"tool_called"')||f.includes('"tool_returned"')||f.includes('"run_started"'),"prefilter"),onProblem:l(f=>{e.onProblem?.(f),o.length<50&&o.push(`line ${f.line}: skipped a broken line (${f.reason})`)},"onProblem")}))for(let f of h.records)a.add(f.env);let c=a.calls,u=c;if(e.tool!==void 0&&(u=u.filter(h=>h.tool===e.tool)),e.subtask!==void 0){let h=e.subtask.toLowerCase();u=u.filter(f=>f.subtask!==null&&f.subtask.toLowerCase().startsWith(h))}if(e.full)for(let h of u)await Gy(n,t,h);return{run:i,calls:u,files_written:a.filesWritten,runs:a.runs,paired_by_order:c.some(h=>h.paired==="order"),errors:o}}async function Gy(n,t,e){if(e.returned_at===null){e.output="",e.output_state="not kept";return}if(e.call===Dt){e.output=e.preview,e.output_state="before 0.5";return}if(e.output_file===null){e.output=e.preview,e.output_state="not kept";return}let s=null;try{s=await bs(n,t,e.call,{run:e.run})}catch(r){if(!(r instanceof y))throw r}if(s===null){e.output=e.preview,e.output_state="missing";return}e.output=s.text,e.output_state=s.cut?"cut":"complete",s.cut&&(e.output_total_chars=s.cut.total)}var Ar=_(()=>{J();A();sn();Ae();Tr();Vl();Vl();l(_s,"buildRunTrace");l(Gy,"attachOutput")});function T(n,t){return typeof t=="boolean"?{key:n,value:{boolValue:t}}:typeof t=="number"?Number.isSafeInteger(t)?{key:n,value:{intValue:String(t)}}:{key:n,value:{doubleValue:t}}:{key:n,value:{stringValue:t}}}function Yl(n){let t=0xcbf29ce484222325n;for(let e=0;e<n.length;e++)t^=BigInt(n.charCodeAt(e)),t=t*0x100000001b3n&0xffffffffffffffffn;return t===0n&&(t=1n),t.toString(16).padStart(16,"0")}function Zy(n){let t=n.replace(/-/g,"").toLowerCase();return/^[0-9a-f]{32}$/.test(t)&&!/^0+$/.test(t)?t:Yl(`a|${n}`)+Yl(`b|${n}`)}function Qy(n){return dt(n)}async function kd(n,t,e={}){let s=n.logPath(t.dir),r=await nn(s),i=null;e.all||(i=e.run!==void 0?await Ne(s,e.run,r):(await It(s,{to:r}))?.run??null);let o=e.attributeCharsMax??4096,a=new Map;if(e.all||i!==null)for await(let u of bt(s,{to:r,onProblem:e.onProblem,signal:e.signal}))for(let h of u.records){if(h.env.schema>2)continue;let f=h.env.event,d=P(f);if(d===null||i!==null&&d!==i)continue;let p=Qy(h.env.at);if(p===null)continue;let m=a.get(d);m||a.set(d,m=new Xl(d,t,p,o)),m.add(f,p)}let c=[];for(let u of a.values())u.close(),c.push(...u.spans);return{resourceSpans:[{resource:{attributes:[T("service.name","taskline"),T("service.version",wd),T("taskline.task.id",t.id),T("taskline.task.number",t.number),T("taskline.task.title",t.record.title),T("taskline.task.dir",t.dir)]},scopeSpans:[{scope:{name:"taskline",version:wd},spans:c}]}]}}var wd,Xl,Gl=_(()=>{J();ue();sn();Ae();Ar();wd="0.5.0";l(T,"attr");l(Yl,"hash64");l(Zy,"traceIdOf");l(Qy,"nsOf");Xl=class{static{l(this,"RunSpans")}run;spans;root;traceId;#t;#e;#n;#s;#r;#i;#o;#a;#l;constructor(t,e,s,r){this.run=t,this.spans=[],this.#t=0,this.#e=[],this.#n=new Map,this.#s=new Map,this.#r=new Map,this.#i=0n,this.#o=0,this.#l=[],this.traceId=Zy(t),this.#a=r,this.root=this.#u(`run #${e.number}`,null,s,[T("taskline.run.id",t),T("taskline.task.id",e.id),T("taskline.task.number",e.number)]),this.#i=s}#c(t){return t.length>this.#a?`${t.slice(0,this.#a)}\u2026`:t}#u(t,e,s,r){let i={traceId:this.traceId,spanId:Yl(`${this.run}|${this.#t++}|${t}`),name:t,kind:1,startTimeUnixNano:String(s),endTimeUnixNano:String(s),attributes:r,events:[],status:{code:0}};e&&(i.parentSpanId=e.span.spanId),this.spans.push(i);let o={span:i,startNs:s,ended:!1};return this.#l.push(o),o}#f(t,e,s){t.span.endTimeUnixNano=String(e<t.startNs?t.startNs:e),t.ended=!0,s&&(t.span.status=s)}#h(t,e,s){this.root.span.events.push({timeUnixNano:String(e),name:t,attributes:s})}#p(){for(let t=this.#e.length-1;t>=0;t--)if(!this.#e[t].ended)return this.#e[t];return null}add(t,e){switch(e>this.#i&&(this.#i=e),t.type){case"run_started":this.#o++>0&&this.#h("resumed",e,[]);break;case"run_finished":{let s=[T("taskline.run.status",t.status),T("taskline.run.success",t.success===!0),T("taskline.run.resumes",Math.max(0,this.#o-1)),T("taskline.run.active_ms",t.active_ms??0),T("gen_ai.usage.input_tokens",t.usage?.input_tokens??0),T("gen_ai.usage.output_tokens",t.usage?.output_tokens??0)],r=new Set(s.map(i=>i.key));this.root.span.attributes=[...this.root.span.attributes.filter(i=>!r.has(i.key)),...s],this.#f(this.root,e,t.success?{code:1}:{code:2,message:`run ${t.status}`});break}case"phase_started":this.#e.push(this.#u(`phase ${t.phase}`,this.root,e,[T("taskline.phase",t.phase)]));break;case"phase_finished":{let s=[...this.#e].reverse().find(r=>!r.ended&&r.span.name===`phase ${t.phase}`)??this.#u(`phase ${t.phase}`,this.root,e,[T("taskline.phase",t.phase)]);s.span.attributes.push(T("taskline.phase.summary",this.#c(t.summary??""))),this.#f(s,e,t.success?{code:1}:{code:2,message:t.summary??""});break}case"agent_started":{let s=this.#p()??this.root,r=[T("gen_ai.agent.name",t.role)];t.model&&r.push(T("gen_ai.request.model",t.model)),t.subtask&&r.push(T("taskline.subtask",t.subtask));let i=this.#u(`agent ${t.role}`,s,e,r),o=this.#n.get(t.role);o||this.#n.set(t.role,o=[]),o.push({open:i,subtask:t.subtask??null});break}case"agent_finished":{let r=this.#n.get(t.role)?.shift()?.open??this.#u(`agent ${t.role}`,this.#p()??this.root,e,[T("gen_ai.agent.name",t.role)]);r.span.attributes.push(T("taskline.agent.steps",t.steps??0),T("taskline.agent.stop",this.#c(String(t.stop??""))),T("gen_ai.usage.input_tokens",t.usage?.input_tokens??0),T("gen_ai.usage.output_tokens",t.usage?.output_tokens??0),T("taskline.usage.cache_read_tokens",t.usage?.cache_read_tokens??0),T("taskline.usage.cache_write_tokens",t.usage?.cache_write_tokens??0)),this.#f(r,e);break}case"tool_called":{let s=this.#n.get(t.role),i=(s?.find(c=>c.subtask===(t.subtask??null))??s?.[0])?.open??this.#p()??this.root,o=[T("gen_ai.tool.name",t.tool),T("gen_ai.tool.call.id",t.call),T("taskline.role",t.role),T("taskline.tool.input",this.#c(JSON.stringify(t.input??null)))];t.subtask&&o.push(T("taskline.subtask",t.subtask));let a=this.#u(`tool ${t.tool}`,i,e,o);if(t.call===Dt){let c=`${t.role}|${t.tool}|${t.subtask??""}`,u=this.#r.get(c);u||this.#r.set(c,u=[]),u.push(a)}else this.#s.set(t.call,a);break}case"tool_returned":{let s;if(t.call===Dt?s=this.#r.get(`${t.role}|${t.tool}|${t.subtask??""}`)?.shift():(s=this.#s.get(t.call),this.#s.delete(t.call)),!s){let o=e-BigInt(Math.max(0,Math.round(t.duration_ms??0)))*1000000n;s=this.#u(`tool ${t.tool}`,this.#p()??this.root,o,[T("gen_ai.tool.name",t.tool),T("gen_ai.tool.call.id",t.call),T("taskline.role",t.role),T("taskline.tool.call_missing",!0)])}let r=vs({returned_at:"",timed_out:t.timed_out===!0,exit_code:typeof t.exit_code=="number"?t.exit_code:null,is_error:t.is_error===!0}),i=s.span.attributes;i.push(T("taskline.tool.result",r),T("taskline.tool.is_error",t.is_error===!0),T("taskline.tool.duration_ms",t.duration_ms??0),T("taskline.tool.timed_out",t.timed_out===!0),T("taskline.tool.output_chars",t.output_chars??0),T("taskline.tool.preview",this.#c(t.preview??""))),typeof t.exit_code=="number"&&i.push(T("taskline.tool.exit_code",t.exit_code)),t.output_file&&i.push(T("taskline.tool.output_file",t.output_file)),this.#f(s,e,r==="ok"?{code:1}:{code:2,message:r});break}case"paused":this.#h("paused",e,[T("taskline.reason",t.reason??"")]);break;case"approval_requested":this.#h("approval_requested",e,[T("taskline.gate",t.gate)]);break;case"approval_resolved":this.#h("approval_resolved",e,[T("taskline.gate",t.gate),T("taskline.approved",t.approved===!0),T("taskline.comment",t.comment??"")]);break;case"committed":this.#h("committed",e,[T("taskline.commit",t.commit),T("taskline.message",t.message??""),T("taskline.files",(t.files??[]).length)]);break;case"merged":this.#h("merged",e,[T("taskline.commit",t.commit),T("taskline.branch",t.branch??""),T("taskline.base",t.base??"")]);break;case"validation_finished":{let s=[T("taskline.command",t.command),T("taskline.integration",t.integration===!0),T("taskline.passed",t.passed===!0)];typeof t.exit_code=="number"&&s.push(T("taskline.exit_code",t.exit_code)),this.#h("validation_finished",e,s);break}case"retrying":this.#h("retrying",e,[T("taskline.what",t.what??""),T("taskline.attempt",t.attempt??0),T("taskline.delay_ms",t.delay_ms??0)]);break;case"log":(t.level==="warn"||t.level==="error")&&this.#h(`log ${t.level}`,e,[T("taskline.message",this.#c(t.message))]);break;default:break}}close(){for(let t of this.#l)t.ended||(t.span.endTimeUnixNano=String(this.#i>t.startNs?this.#i:t.startNs),t.span.attributes.push(T("taskline.unfinished",!0)),t.span.name.startsWith("tool ")&&(t.span.attributes.push(T("taskline.tool.result","no result")),t.span.status={code:2,message:"no result"}))}};l(kd,"buildOtlpTrace")});var _d={};W(_d,{TRACE_HELP:()=>tw,renderTrace:()=>vd,traceCommand:()=>ew});async function ew(n,t){$e();let{values:e,positionals:s}=R("trace",t,{run:{type:"string"},all:{type:"boolean"},tool:{type:"string"},subtask:{type:"string"},full:{type:"boolean"},json:{type:"boolean"},format:{type:"string"}}),r=e.json===!0?"json":String(e.format??"text");if(!["text","json","otlp"].includes(r))throw new y("usage",`taskline trace: --format takes text, json or otlp, not "${r.slice(0,40)}"`);if(n.json=r!=="text",s.length!==1)throw new y("usage","taskline trace: name one task, for example `taskline trace 3`");if(e.all&&e.run!==void 0)throw new y("usage","taskline trace: --all does not go with --run");let i=await n.task(s[0]),o=n.io.stdout;if(r==="otlp"){if(e.tool!==void 0||e.subtask!==void 0||e.full)throw new y("usage","taskline trace: --format otlp exports whole runs (not with --tool, --subtask or --full)");let c=await kd(n.state,i,{run:e.run,all:e.all===!0,onProblem:n.problem,signal:n.io.signal});return await o.write(JSON.stringify(c)+`
`),0}let a=await _s(n.state,i,{run:e.run,all:e.all===!0,tool:e.tool,subtask:e.subtask,full:e.full===!0,onProblem:n.problem,signal:n.io.signal});if(r==="json")await o.write(JSON.stringify(a)+`
`);else{let c=da(o.isTerminal,n.io.env);await o.write(vd(a,e.full===!0,c))}return 0}function bd(n){let t=n.replace(/\r\n/g,`
`).replace(/\n$/,"");return t===""?"":t.split(`
`).map(e=>`    ${L(e,{tab:"	"})}`.trimEnd()).join(`
`)+`
`}function nw(n,t){return t?`${n==="ok"?"\x1B[32m":n==="no result"?"\x1B[33m":"\x1B[31m"}${n}\x1B[0m`:n}function sw(n,t){let e=fs(n.called_at??n.returned_at),s=n.subtask?L(n.subtask.slice(0,8)):"-",r=n.called_at===null?"(return without a call)":E(JSON.stringify(n.input),100),i=[];return n.paired==="order"?i.push("paired by order: recorded before 0.5"):n.paired!=="id"&&n.paired!=="unmatched"&&i.push(`paired: ${n.paired}`),`${e}  ${E(n.role,40)}  ${s}  ${E(n.tool,40)}  ${r}  ${at(n.duration_ms)}  ${nw(n.result??vs(n),t)}${i.length?`  (${i.join("; ")})`:""}
`}function rw(n){switch(n.output_state){case"cut":return"";case"missing":return`    [complete output missing: ${L(String(n.output_file))} is not in the trace store; showing the preview]
`;case"not kept":return n.returned_at===null?`    [no output: the call never returned]
`:`    [complete output not kept (tracing was off or the file could not be written); showing the preview]
`;case"before 0.5":return`    [recorded before 0.5: only the preview was kept]
`;default:return""}}function vd(n,t,e=!1){let s=n.runs??[...new Set([...n.run?[n.run]:[],...n.calls.map(o=>o.run)])];if(s.length===0)return`No tool calls: the task has no run yet.
`;let r=[];for(let o of s){let a=n.calls.filter(u=>u.run===o),c=`Run ${L(o)} \xB7 ${a.length===0?"no tool calls":a.length===1?"1 call":`${a.length} calls`}
`;for(let u of a)c+=sw(u,e),t?(c+=bd(u.output??u.preview),c+=rw(u)):(c+=bd(u.preview),u.output_chars>tr(u.preview)&&u.returned_at!==null&&(c+=`    \u2026 ${u.output_chars} characters in all${u.output_file?" (--full shows them)":""}
`));r.push(c)}let i=r.join(`
`);return n.errors?.length&&(i+=`
Problems:
${n.errors.map(o=>`  ${L(o)}
`).join("")}`),i}var tw,xd=_(()=>{qt();A();Gl();Ar();vn();it();un();X();xa();tw=`Usage: taskline trace <REF> [options]

Shows the tool calls of a task's current run: time, role, subtask, tool,
input, duration, result (ok, exit N, error, timed out, no result) and the
output preview.

Options:
  --run <PREFIX>      another run of the task
  --all               every run of the task
  --tool <NAME>       only calls of this tool
  --subtask <PREFIX>  only calls of subtasks whose id starts so
  --full              complete outputs from the trace store (says when cut,
                      missing or not kept)
  --json              the RunTrace document
  --format <F>        text (default), json, or otlp (OpenTelemetry OTLP/JSON)`;l(ew,"traceCommand");l(bd,"indent");l(nw,"paint");l(sw,"header");l(rw,"fullNote");l(vd,"renderTrace")});function Zl(){let n=crypto.getRandomValues(new Uint8Array(32));return Array.from(n,t=>t.toString(16).padStart(2,"0")).join("")}function Ed(n,t){let e=Td.encode(n),s=Td.encode(t),r=Math.max(e.length,s.length),i=e.length^s.length;for(let o=0;o<r;o++)i|=(e[o]??0)^(s[o]??0);return i===0}function Ad(n){let t=n.replace(/^\[|\]$/g,"").toLowerCase();return t==="localhost"||t==="::1"||/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(t)}function Md(n,t){let e=new Set([`127.0.0.1:${t}`,`localhost:${t}`,`[::1]:${t}`]),s=n.includes(":")&&!n.startsWith("[")?`[${n}]`:n;return s!=="0.0.0.0"&&s!=="[::]"&&e.add(`${s.toLowerCase()}:${t}`),e}function Od(n,t){let e=(n.headers.get("host")??"").toLowerCase();if(!t.hosts.has(e))return`Host "${e.slice(0,100)}" is not this server's address`;let s=n.headers.get("origin");if(s!==null){let r=!1;try{let i=new URL(s),o=i.port===""?`${i.host}:80`:i.host;r=i.protocol==="http:"&&t.hosts.has(o.toLowerCase())&&s.replace(/\/$/,"")===`${i.protocol}//${i.host}`}catch{}if(!r)return`Origin "${s.slice(0,100)}" is not this server's`}return null}function Nd(n,t,e,s){let r=n.headers.get("authorization");if(r!==null){let i=/^Bearer[ ]+(\S+)\s*$/i.exec(r);return i!==null&&Ed(i[1],e.token)}if(s){let i=t.searchParams.get("token");if(i!==null)return Ed(i,e.token)}return!1}var Td,Ql=_(()=>{l(Zl,"newToken");Td=new TextEncoder;l(Ed,"constantTimeEqual");l(Ad,"isLoopbackHost");l(Md,"allowedHosts");l(Od,"checkHostAndOrigin");l(Nd,"hasToken")});function Cd(n){return n.method==="POST"}function Ld(n,t="GET"){let e=n.length>1?n.replace(/\/$/,""):n,s=e==="/"?[]:e.slice(1).split("/"),r=t==="HEAD"?"GET":t,i=[];for(let{route:c,parts:u}of uw){if(u.length!==s.length)continue;let h={},f=!0;for(let d=0;d<u.length&&f;d++){let p=u[d];if(p.startsWith("{")){let m;try{m=decodeURIComponent(s[d])}catch{return"bad"}h[p.slice(1,-1)]=m}else p!==s[d]&&(f=!1)}f&&(i.length>0&&i[0].route.path!==c.path||(i=[...i,{route:c,params:h}]))}if(i.length===0)return null;let o=i.find(c=>c.route.method===r),a=i.flatMap(c=>c.route.method==="GET"?["GET","HEAD"]:[c.route.method]);return{...o??i[0],methodOk:o!==void 0,allow:a}}var lw,cw,tc,uw,ec=_(()=>{lw=[{name:"web",path:"/",summary:"The web UI",auth:!1,queryToken:!1},{name:"health",path:"/api/health",summary:"Liveness and version",auth:!0,queryToken:!1},{name:"openapi",path:"/api/openapi.json",summary:"This document (OpenAPI 3.1)",auth:!0,queryToken:!1},{name:"tasks",path:"/api/tasks",summary:"Every task",auth:!0,queryToken:!1},{name:"task",path:"/api/tasks/{ref}",summary:"One task",auth:!0,queryToken:!1},{name:"taskEvents",path:"/api/tasks/{ref}/events",summary:"Events of one task's current run (or another run, or all), ordered by seq",auth:!0,queryToken:!1},{name:"taskStream",path:"/api/tasks/{ref}/stream",summary:"Live stream of one task's run (Server-Sent Events, ids are seq)",auth:!0,queryToken:!0},{name:"taskTrace",path:"/api/tasks/{ref}/trace",summary:"Trace of a run's tool calls (RunTrace)",auth:!0,queryToken:!1},{name:"traceOutput",path:"/api/tasks/{ref}/trace/{call}/output",summary:"The complete output of one tool call, from the trace store",auth:!0,queryToken:!1},{name:"events",path:"/api/events",summary:"Recent events of every task, as tagged envelopes ordered by event cursor",auth:!0,queryToken:!1},{name:"stream",path:"/api/stream",summary:"Live stream of the whole project (Server-Sent Events, ids are event cursors)",auth:!0,queryToken:!0},{name:"history",path:"/api/history",summary:"History of finished work (TaskHistory[])",auth:!0,queryToken:!1},{name:"taskHistory",path:"/api/history/{ref}",summary:"History of one task (TaskHistory)",auth:!0,queryToken:!1}],cw=[{name:"createTask",path:"/api/tasks",summary:"Creates a task (as `taskline task new`)"},{name:"runTask",path:"/api/tasks/{ref}/run",summary:"Runs or resumes the task in the server's process (as `taskline run`)"},{name:"cancelTask",path:"/api/tasks/{ref}/cancel",summary:"Stops the process that runs the task (as `taskline cancel --no-wait`)"},{name:"approveTask",path:"/api/tasks/{ref}/approve",summary:"Approves the gate the task's run waits for (as `taskline approve`)"},{name:"rejectTask",path:"/api/tasks/{ref}/reject",summary:"Rejects the gate the task's run waits for (as `taskline reject`)"}],tc=[...lw.map(n=>({...n,method:"GET"})),...cw.map(n=>({...n,method:"POST",auth:!0,queryToken:!1}))];l(Cd,"isWrite");uw=tc.map(n=>({route:n,parts:n.path==="/"?[]:n.path.slice(1).split("/")}));l(Ld,"matchRoute")});function Id(n){let t={};for(let s of tc){let r=s.path.includes("{ref}"),i=s.method==="POST",o={[dw[s.name]??"200"]:fw[s.name]};s.auth&&(o[401]=Ke("Unauthorized")),o[403]=Ke("Forbidden");let a=hw[s.name];(i||a.some(u=>u.in==="query"||"$ref"in u)||s.path.includes("{"))&&(o[400]=Ke("BadRequest")),(r||s.name==="traceOutput")&&(o[404]=Ke("NotFound")),(s.name==="taskEvents"||s.name==="taskStream"||s.name==="taskTrace")&&(o[409]=Ke("BadLogFile")),o[405]=Ke("MethodNotAllowed"),Pd[s.name]&&(o[409]={...Rd,description:Pd[s.name]}),i&&(o[413]=Ke("TooLarge"),o[415]=Ke("UnsupportedMediaType"));let c={operationId:s.name,summary:s.summary,parameters:a,responses:o};jd[s.name]&&(c.requestBody=jd[s.name]),s.auth?i&&(c.security=[{bearer:[]}]):c.security=[],t[s.path]={...t[s.path],[s.method.toLowerCase()]:c}}let e=Rd;return{openapi:"3.1.0",info:{title:"taskline serve",version:n,description:"The local server of taskline. Every /api/ route needs `Authorization: Bearer <token>`; the two stream routes also take `?token=`, the write routes (POST) never. A write needs `Content-Type: application/json` and a body of at most 64 KiB."},servers:[{url:"http://127.0.0.1:7777"}],security:[{bearer:[]}],paths:t,components:{securitySchemes:{bearer:{type:"http",scheme:"bearer"},queryToken:{type:"apiKey",in:"query",name:"token"}},parameters:{ref:{name:"ref",in:"path",required:!0,description:"A task reference: #N or digits, the directory name, the id or an id prefix of at least 4 hex digits",schema:{type:"string"}},after:{name:"after",in:"query",description:"Start strictly after this event cursor (`<ns>-<number>-<seq>`)",schema:{type:"string",pattern:"^\\d+-\\d+-\\d+$"}},since:{name:"since",in:"query",description:"Events at or after this time: RFC 3339, or an age such as 90s, 15m, 1h30m",schema:{type:"string"}},type:{name:"type",in:"query",description:"Only these event types (repeatable, comma-separated)",schema:{type:"array",items:{type:"string",enum:[...Kt]}},style:"form",explode:!0},task:{name:"task",in:"query",description:"Only these tasks (references; repeatable)",schema:{type:"array",items:{type:"string"}},style:"form",explode:!0},lastEventId:{name:"Last-Event-ID",in:"header",description:"Resume after this id (beats the query)",schema:{type:"string"}},token:{name:"token",in:"query",description:"The token, for EventSource clients that cannot send headers",schema:{type:"string"}}},responses:{BadRequest:{...e,description:"A bad parameter, or an ambiguous task reference"},Unauthorized:{...e,description:"Missing or wrong token"},Forbidden:{...e,description:"Host or Origin is not this server's"},NotFound:{...e,description:"No such task, call or output"},MethodNotAllowed:{...e,description:"Not a method of this path (header Allow names those that are)"},TooLarge:{...e,description:"The body is larger than 64 KiB"},UnsupportedMediaType:{...e,description:"A write needs `Content-Type: application/json`"},BadLogFile:{...e,description:"The task's events.jsonl is not a regular file inside .taskline/ (a FIFO, a socket, a device, a directory, a link leading out or to nothing): code bad-log-file"}},schemas:{Problem:{type:"object",required:["type","title","status","detail","instance","error"],properties:{type:{type:"string"},title:{type:"string"},status:{type:"integer"},detail:{type:"string"},instance:{type:"string"},error:{type:"string"},code:{type:"string"}}},Envelope:{type:"object",required:["schema","at","event"],properties:{schema:{type:"integer"},seq:{type:"integer",minimum:1},at:{type:"string"},event:{type:"object",required:["type"],properties:{type:{type:"string"}}}}},TaggedEnvelope:{allOf:[{$ref:"#/components/schemas/Envelope"},{type:"object",required:["task","number"],properties:{task:{type:"string"},number:{type:"integer"}}}]},TaskRow:{type:"object",required:["task","number","dir","running","run"],properties:{task:{type:"object"},number:{type:"integer"},dir:{type:"string"},running:{type:"boolean"},run:{type:["object","null"],required:["id","status","current_phase","pending_approval"],properties:{id:{type:"string"},started_at:{type:"string"},current_phase:{type:["string","null"],description:"the phase the run is in, or was in last (its last phase_started); null before its first phase"},status:{type:["string","null"],description:"running while a process runs the task; else the status of the run's last run_finished (done, paused, cancelled, failed...)"},pending_approval:{type:["string","null"],enum:["spec","plan","merge",null]},active_ms:{type:"number"},usage:{type:"object"}}}}},TaskRef:{type:"object",required:["id","number","dir"],properties:{id:{type:"string"},number:{type:"integer"},dir:{type:"string"}}},Decision:{type:"object",required:["task","run","gate","approved","comment","seq"],properties:{task:{$ref:"#/components/schemas/TaskRef"},run:{type:"string"},gate:{type:"string",enum:["spec","plan","merge"]},approved:{type:"boolean"},comment:{type:["string","null"]},seq:{type:"integer",description:"The seq of approval_resolved"}}}}}}}var Rd,G,Ke,hw,Mr,jd,Dd,fw,dw,Pd,qd=_(()=>{J();ec();Rd={description:"A problem (RFC 9457)",content:{"application/problem+json":{schema:{$ref:"#/components/schemas/Problem"}}}},G=l(n=>({$ref:`#/components/parameters/${n}`}),"ref"),Ke=l(n=>({$ref:`#/components/responses/${n}`}),"resp"),hw={web:[],health:[],openapi:[],tasks:[],task:[G("ref")],taskEvents:[G("ref"),{name:"after",in:"query",description:"Only events with a seq above this",schema:{type:"integer",minimum:0}},{name:"run",in:"query",description:"A run id or prefix instead of the current run",schema:{type:"string"}},{name:"all",in:"query",description:"Every run of the task (not with after or run)",schema:{type:"boolean"}}],taskStream:[G("ref"),{name:"after",in:"query",description:"Start after this seq (Last-Event-ID wins)",schema:{type:"integer",minimum:0}},G("lastEventId"),G("token")],taskTrace:[G("ref"),{name:"run",in:"query",description:"A run id or prefix instead of the current run",schema:{type:"string"}},{name:"all",in:"query",description:"Every run of the task (not with run)",schema:{type:"boolean"}},{name:"tool",in:"query",description:"Only calls of this tool",schema:{type:"string"}},{name:"subtask",in:"query",description:"Only calls whose subtask starts with this prefix",schema:{type:"string"}}],traceOutput:[G("ref"),{name:"call",in:"path",required:!0,description:"The call id: 12 hexadecimal digits",schema:{type:"string",pattern:"^[0-9a-f]{12}$"}}],events:[G("after"),G("since"),G("type"),G("task"),{name:"limit",in:"query",description:"How many of the last matching events (default 500)",schema:{type:"integer",minimum:1,maximum:1e4,default:500}}],stream:[G("after"),G("since"),G("type"),G("task"),G("lastEventId"),G("token")],history:[{name:"all",in:"query",description:"Every task, not only ready and done ones",schema:{type:"boolean"}}],taskHistory:[G("ref")],createTask:[],runTask:[G("ref")],cancelTask:[G("ref")],approveTask:[G("ref")],rejectTask:[G("ref")]},Mr=l((n,t)=>({required:t,content:{"application/json":{schema:n}}}),"jsonBody"),jd={createTask:Mr({type:"object",required:["title"],additionalProperties:!1,properties:{title:{type:"string",minLength:1,maxLength:1e3},description:{type:"string"}}},!0),runTask:Mr({type:"object",additionalProperties:!1,properties:{resume:{type:"boolean",default:!1,description:"Continue the task's current run (same run, seq continues)"},restart:{type:"boolean",default:!1,description:"Start a new run even though the current one is paused"},max_tokens:{type:["integer","string"],description:"Token budget of the run for this invocation (default pipeline.max_tokens)"},max_duration:{type:["number","string"],description:"Active-time budget for this invocation: seconds, or 90s, 15m, 1h30m (default pipeline.max_duration_secs)"},scenario:{type:"string",description:'The scenario of a new run: "builtin" (default), NAME (.taskline/scenarios/NAME.jsonc) or a file inside .taskline/'},speed:{type:"number",exclusiveMinimum:0,default:1,description:"Play the scenario's timings this many times faster"}}},!1),cancelTask:Mr({type:"object",additionalProperties:!1,properties:{}},!1),approveTask:Mr({type:"object",additionalProperties:!1,properties:{comment:{type:["string","null"]}}},!1),rejectTask:Mr({type:"object",required:["reason"],additionalProperties:!1,properties:{reason:{type:"string",minLength:1}}},!0)},Dd={description:"approval_resolved was logged in the paused run",content:{"application/json":{schema:{$ref:"#/components/schemas/Decision"}}}},fw={web:{description:"The web UI",content:{"text/html":{schema:{type:"string"}}}},health:{description:"The server is up",content:{"application/json":{schema:{type:"object",required:["ok","version"],properties:{ok:{type:"boolean"},version:{type:"string"}}}}}},openapi:{description:"This document",content:{"application/json":{schema:{type:"object"}}}},tasks:{description:"Every task, by number",content:{"application/json":{schema:{type:"array",items:{$ref:"#/components/schemas/TaskRow"}}}}},task:{description:"The task",content:{"application/json":{schema:{$ref:"#/components/schemas/TaskRow"}}}},taskEvents:{description:"Envelopes ordered by seq (the 0.4 shape)",content:{"application/json":{schema:{type:"array",items:{$ref:"#/components/schemas/Envelope"}}}}},taskStream:{description:"Server-Sent Events: `id: <seq>`, `event: <type>`, `data: <envelope>`",content:{"text/event-stream":{schema:{type:"string"}}}},taskTrace:{description:"The RunTrace document",content:{"application/json":{schema:{type:"object"}}}},traceOutput:{description:"The complete kept output",content:{"text/plain":{schema:{type:"string"}}}},events:{description:"Tagged envelopes, oldest first",headers:{"X-Taskline-Cursor":{description:"The cursor of the last event read before filtering; resume after it",schema:{type:"string"}}},content:{"application/json":{schema:{type:"array",items:{$ref:"#/components/schemas/TaggedEnvelope"}}}}},stream:{description:"Server-Sent Events: `id: <cursor>`, `event: <type>`, `data: <tagged envelope>`; ephemeral events have no id",content:{"text/event-stream":{schema:{type:"string"}}}},history:{description:"TaskHistory documents",content:{"application/json":{schema:{type:"array",items:{type:"object"}}}}},taskHistory:{description:"The TaskHistory document",content:{"application/json":{schema:{type:"object"}}}},createTask:{description:"The task was created (status ready): its row",headers:{Location:{description:"The task's route",schema:{type:"string"}}},content:{"application/json":{schema:{$ref:"#/components/schemas/TaskRow"}}}},runTask:{description:"The run holds the task and has logged run_started; it goes on in the server's process",content:{"application/json":{schema:{type:"object",required:["task","run","seq","resume","status"],properties:{task:{$ref:"#/components/schemas/TaskRef"},run:{type:"string"},seq:{type:"integer"},resume:{type:"boolean"},status:{const:"running"}}}}}},cancelTask:{description:"The process that runs the task was asked to stop (cancel.request)",content:{"application/json":{schema:{type:"object",required:["task","requested","stopped"],properties:{task:{$ref:"#/components/schemas/TaskRef"},requested:{const:!0},stopped:{type:"boolean"}}}}}},approveTask:Dd,rejectTask:Dd},dw={createTask:"201",runTask:"202",cancelTask:"202",approveTask:"200",rejectTask:"200"},Pd={runTask:"A process runs the task already, or its state does not allow it (paused: resume; waits for an approval; done: no resume)",cancelTask:"No process runs the task",approveTask:"No gate is pending, or a process runs the task",rejectTask:"No gate is pending, or a process runs the task"};l(Id,"openApiDocument")});function mw(n){return`https://taskline.dev/problems/${n}`}function be(n,t,e,s={}){let r=s.code??"http",i=new URL(e.url),o={type:mw(r),title:pw[n]??"Error",status:n,detail:t,instance:gw(i.pathname+i.search),error:t,code:r};return new Response(JSON.stringify(o),{status:n,headers:{"content-type":"application/problem+json","cache-control":"no-store",...s.headers}})}function Fd(n,t){if(n instanceof y)return be($c(n.code),n.message,t,{code:n.code});if(n instanceof Deno.errors.PermissionDenied||n instanceof Deno.errors.NotCapable)return be(403,"The server may not read that path",t,{code:"permission"});let e=n instanceof Error?n.name:"Error";return be(500,`The server failed to answer (${e})`,t,{code:"io"})}function gw(n){return n.replace(/([?&]token=)[^&#]*/g,"$1***")}var pw,Ud=_(()=>{A();pw={400:"Bad Request",401:"Unauthorized",403:"Forbidden",404:"Not Found",405:"Method Not Allowed",409:"Conflict",413:"Content Too Large",415:"Unsupported Media Type",500:"Internal Server Error",503:"Service Unavailable"};l(mw,"problemType");l(be,"problem");l(Fd,"errorResponse");l(gw,"redactToken")});async function xs(n,t,e={}){let s=e.bytesMax??yw,r=n.headers.get("content-type");if((r??"").split(";")[0].trim().toLowerCase()!=="application/json")throw new y("unsupported-media-type",r===null?"This route needs the header `Content-Type: application/json`":`This route takes application/json, not "${r.slice(0,60)}"`);let o=n.headers.get("content-length");if(o!==null&&/^\d+$/.test(o)&&Number(o)>s)throw Bd(s);let a=await ww(n,s),c;try{c=new TextDecoder("utf-8",{fatal:!0}).decode(a)}catch{throw new y("bad-request","The body is not UTF-8 text")}if(c.trim()==="")return{};let u;try{u=JSON.parse(c)}catch(f){throw new y("bad-request",`The body is not JSON (${f.message.slice(0,120)})`)}if(u===null||typeof u!="object"||Array.isArray(u))throw new y("bad-request",`The body must be a JSON object${t.length?` with ${t.join(", ")}`:""}`);let h=u;for(let f of Object.keys(h))if(!t.includes(f))throw new y("bad-request",`Unknown member "${f.slice(0,40)}" in the body; this route takes ${t.length?t.join(", "):"none"}`);return h}function Bd(n){return new y("too-large",`The body is larger than ${n} bytes`)}async function ww(n,t){if(!n.body)return new Uint8Array(0);let e=n.body.getReader(),s=[],r=0;try{for(;;){let{value:a,done:c}=await e.read();if(c)break;if(r+=a.length,r>t)throw await e.cancel().catch(()=>{}),Bd(t);s.push(a)}}finally{e.releaseLock()}let i=new Uint8Array(r),o=0;for(let a of s)i.set(a,o),o+=a.length;return i}function Or(n,t){let e=n[t];if(e!=null){if(typeof e!="string")throw new y("bad-request",`Member ${t} must be text`);return e}}var yw,Hd=_(()=>{A();yw=64*1024;l(xs,"readJsonBody");l(Bd,"tooLarge");l(ww,"readBounded");l(Or,"textMember")});async function fo(n,t){let[e,s,r]=await Promise.all([vt(n,t.dir).catch(()=>t),Ct(n,t.dir),Zn(n,t.dir).catch(()=>null)]);return{task:e.record,number:e.number,dir:e.dir,running:s,run:r&&r.run!==""?{id:r.run,started_at:r.started_at,status:s?"running":r.status??(r.started_at!==""?"interrupted":null),current_phase:r.current_phase??null,pending_approval:r.pending_approval,active_ms:r.active_ms,usage:{...r.usage}}:null}}var ho,Wd=_(()=>{ii();gt();ye();Zs();A();ho=class{static{l(this,"TaskIndex")}state;#t=[];#e="";#n=null;constructor(t){this.state=t}async#s(){try{let t=await Deno.stat(this.state.tasksDir);return`${t.mtime?.getTime()??0}:${t.ino??0}`}catch{return"missing"}}stamp(){return this.#s()}async tasks(t={}){let e=await this.#s();return!t.fresh&&e===this.#e?this.#t:(this.#n||(this.#n=_t(this.state).then(s=>(this.#t=s,this.#e=e,s)).finally(()=>this.#n=null)),await this.#n)}async resolve(t){try{return Ie(t,await this.tasks())}catch(e){if(!(e instanceof y&&e.code==="not-found"))throw e;return Ie(t,await this.tasks({fresh:!0}))}}};l(fo,"taskRow")});var zd=_(()=>{We();us();nl();Ar();Tr();Gl();Wl();dl();il();vn()});function zt(n,t={}){let e=new Headers(t.headers);return e.set("content-type","application/json; charset=utf-8"),e.set("cache-control","no-store"),new Response(JSON.stringify(n),{status:t.status??200,headers:e})}function Rt(n,t){for(let e of n.searchParams.keys())if(e!=="token"&&!t.includes(e))throw new y("bad-request",`Unknown query parameter "${e.slice(0,40)}"${t.length?`; this route takes ${t.join(", ")}`:"; this route takes none"}`)}function sc(n,t){let e=n.searchParams.get(t);if(e!==null){if(!/^\d{1,15}$/.test(e))throw new y("bad-request",`Parameter ${t} takes a non-negative integer (a seq), not "${e.slice(0,40)}"`);return Number(e)}}function nc(n,t){let e=n.searchParams.get(t);if(e===null)return!1;if(e===""||e==="true"||e==="1")return!0;if(e==="false"||e==="0")return!1;throw new y("bad-request",`Parameter ${t} takes true or false, not "${e.slice(0,40)}"`)}function Jd(n){if(!n.searchParams.has("type"))return null;let t=n.searchParams.getAll("type").flatMap(e=>e.split(",")).map(e=>e.trim()).filter(e=>e!=="");if(t.length===0)throw new y("bad-request","Parameter type names no event type");for(let e of t)if(!qr(e))throw new y("bad-request",`Unknown event type "${e.slice(0,40)}"; known types: ${Kt.join(", ")}`);return new Set(t)}function Kd(n){let{state:t,gate:e}=n,s=new ho(t),r=new xt,i=l(async()=>(await Ue(t)).settings,"settings"),o=new es(t,{settings:i,closeMessage:"cancelled: the server that ran it stopped",sink:l((f,d)=>{f.seq!==void 0||!Ze(f.event.type)||n.publishEphemeral?.(ie(f,{id:d.id,number:d.number}))},"sink"),onEnd:l((f,d)=>{d instanceof Error&&n.onWarning?.(`the run of task #${f.number} failed: ${d.message}`)},"onEnd")});async function a(f,d,p,m){for(let w of d.searchParams.keys())throw new y("bad-request",w==="token"?"A write takes the token in the Authorization header only, never in the URL":`Unknown query parameter "${w.slice(0,40)}"; a write route takes its input in the JSON body`);switch(p){case"createTask":{let w=await xs(f,["title","description"]),g=Or(w,"title");if(g===void 0)throw new y("bad-request",'Cannot create a task: the body needs a "title"');let b=Or(w,"description"),v=await ns(t,{title:g,...b!==void 0?{description:b}:{}});return zt(await fo(t,v),{status:201,headers:{location:`/api/tasks/${v.number}`}})}case"runTask":{let w=await xs(f,["resume","restart","max_tokens","max_duration","scenario","speed"]),g=os({resume:w.resume,restart:w.restart,scenario:w.scenario,speed:w.speed,maxTokens:w.max_tokens,maxDuration:w.max_duration},bw),b=await s.resolve(m.params.ref),v=g.scenario!==void 0?await Di(t,g.scenario,{scenariosOnly:!0}):void 0,x=await o.start(b,g,v);return zt({task:{id:b.id,number:b.number,dir:b.dir},run:x.run,seq:x.seq,resume:x.resume,status:"running"},{status:202})}case"cancelTask":{await xs(f,[]);let w=await s.resolve(m.params.ref);return await is(t,w),zt(Li(w,!1),{status:202})}case"approveTask":{let w=await xs(f,["comment"]),g=Or(w,"comment")??null,b=await s.resolve(m.params.ref),v=await ss(t,b,g,{settings:await i()});return zt(nr(b,v))}case"rejectTask":{let w=await xs(f,["reason"]),g=Or(w,"reason");if(g===void 0||g.trim()==="")throw new y("bad-request",'A rejection needs a "reason" in the body');let b=await s.resolve(m.params.ref),v=await rs(t,b,g,{settings:await i()});return zt(nr(b,v))}default:throw new y("bad-request",`${p} is not a write route`)}}l(a,"act");async function c(f,d,p,m){switch(p){case"web":return n.webPage?await n.webPage(f):new Response(vw,{headers:{"content-type":"text/html; charset=utf-8"}});case"health":{Rt(d,[]);let w=await An(t.root);return zt({ok:!0,version:n.version,state_dir:t.root,tasks:(await s.tasks()).length,read_outside_state_dir:Ec(w),permissions:w,streams:n.live?.streamStats()??null})}case"openapi":return Rt(d,[]),zt(Id(n.version));case"tasks":{Rt(d,[]);let w=n.live?`"${kw}-${await s.stamp()}-${n.live.rowsVersion}"`:null;if(w!==null&&f.headers.get("if-none-match")===w)return new Response(null,{status:304,headers:{etag:w,"cache-control":"no-store"}});let g=await s.tasks();return zt(await Promise.all(g.map(b=>fo(t,b))),w===null?{}:{headers:{etag:w}})}case"task":{Rt(d,[]);let w=await s.resolve(m.params.ref);return zt(await fo(t,w))}case"taskEvents":return await u(d,m);case"traceOutput":{Rt(d,[]);let w=await s.resolve(m.params.ref),g;try{g=await bs(t,w,m.params.call)}catch(b){throw b instanceof y&&b.code==="bad-state"?new y("not-found",b.message):b}if(g===null)throw new y("not-found",`Cannot read the output of call ${m.params.call} of task #${w.number}: it was not kept`);return new Response(g.text,{headers:{"content-type":"text/plain; charset=utf-8","cache-control":"no-store","x-taskline-run":g.run,...g.cut?{"x-taskline-cut":`${g.cut.kept}/${g.cut.total}`}:{}}})}case"events":case"stream":case"taskStream":{if(!n.live)throw new y("bad-state","This server was started without live routes");return await n.live[p](f,d,m)}case"history":{Rt(d,["all"]);let w=nc(d,"all");return zt(await hs(t,{all:w,tasks:await s.tasks({fresh:!0}),settings:await i(),cache:r}))}case"taskHistory":{Rt(d,[]);let w=await s.resolve(m.params.ref);return zt(await He(t,w,{settings:await i(),cache:r}))}case"taskTrace":{Rt(d,["run","all","tool","subtask"]);let w=d.searchParams.get("run")??void 0,g=nc(d,"all");if(g&&w!==void 0)throw new y("bad-request","Parameter all does not go with run");let b=await s.resolve(m.params.ref);return zt(await _s(t,b,{run:w,all:g,tool:d.searchParams.get("tool")??void 0,subtask:d.searchParams.get("subtask")??void 0}))}case"createTask":case"runTask":case"cancelTask":case"approveTask":case"rejectTask":return await a(f,d,p,m)}}l(c,"route");async function u(f,d){Rt(f,["after","run","all"]);let p=sc(f,"after"),m=f.searchParams.get("run")??void 0,w=nc(f,"all");if(w&&(p!==void 0||m!==void 0))throw new y("bad-request","Parameter all does not go with after or run");if(m!==void 0&&!/^[0-9a-fA-F-]{1,36}$/.test(m))throw new y("bad-request",`Parameter run takes a run id or prefix, not "${m.slice(0,40)}"`);let g=await d.tasks.resolve(d.params.ref),b=await Rs(t,g,{after:p,run:m,all:w}),v=new TextEncoder,x=b.batches,S=!0,O=new ReadableStream({start(N){N.enqueue(v.encode("["))},async pull(N){let M;for(;;){let H=await x.next();if(H.done){N.enqueue(v.encode(`]
`)),N.close();return}if(M=H.value,M.records.length>0)break}let z="";for(let H of M.records)z+=(S?"":",")+Ce(H),S=!1;N.enqueue(v.encode(z))},async cancel(){await x.return(void 0)}});return new Response(O,{headers:{"content-type":"application/json; charset=utf-8","cache-control":"no-store",...b.run?{"x-taskline-run":b.run}:{}}})}l(u,"taskEvents");async function h(f){let d;try{d=new URL(f.url)}catch{return new Response("bad request",{status:400})}let p=Od(f,e);if(p)return be(403,p,f,{code:"forbidden"});let m=_w(f.url),w=m==="/api"||m.startsWith("/api/"),g=Ld(m,f.method),b=g!==null&&g!=="bad"&&g.route.queryToken;if(w&&!Nd(f,d,e,b)){let x=f.headers.has("authorization")||b&&d.searchParams.has("token");return be(401,x?"The token is wrong; use the token `taskline serve` printed (also in .taskline/server.token)":"This route needs the header `Authorization: Bearer <token>` (the token `taskline serve` printed)",f,{code:"unauthorized",headers:{"www-authenticate":'Bearer realm="taskline"'}})}if(g==="bad")return be(400,"The path has a segment that is not valid percent-encoding",f,{code:"bad-request"});if(g===null)return be(404,`No route ${d.pathname.slice(0,200)}`,f,{code:"not-found"});if(!g.methodOk)return be(405,`${g.route.path} answers ${g.allow.join(", ")}, not ${f.method.slice(0,20)}`,f,{code:"method-not-allowed",headers:{allow:g.allow.join(", ")}});let v;try{let x={state:t,tasks:s,params:g.params};v=Cd(g.route)?await a(f,d,g.route.name,x):await c(f,d,g.route.name,x)}catch(x){v=Fd(x,f)}return f.method==="HEAD"&&(await v.body?.cancel().catch(()=>{}),v=new Response(null,{status:v.status,headers:v.headers})),v}return l(h,"fetch"),{tasks:s,close:l(()=>o.close(),"close"),fetch:l(async f=>{let d=await h(f);return n.onRequest?.(`${f.method} ${new URL(f.url).pathname} ${d.status}`),d},"fetch")}}function _w(n){let t=n.indexOf("//"),e=n.indexOf("/",t+2);if(e<0)return"/";let s=n.slice(e).search(/[?#]/);return s<0?n.slice(e):n.slice(e,e+s)}var kw,bw,vw,rc=_(()=>{Mn();Le();J();A();sn();Ql();qd();Ud();ec();Hd();kn();La();fe();J();Wd();zd();Tr();ke();kw=crypto.randomUUID().slice(0,8),bw={resume:"resume",restart:"restart",scenario:"scenario",speed:"speed",maxTokens:"max_tokens",maxDuration:"max_duration"};l(zt,"json");l(Rt,"checkParams");l(sc,"seqParam");l(nc,"flagParam");l(Jd,"typesParam");vw=`<!doctype html><meta charset="utf-8"><title>taskline</title>
<p>taskline serve is running. The web UI is not built into this version; the API is under /api/.</p>`;l(Kd,"createHandler");l(_w,"rawPathOf")});function ve(n){let t=n.id===void 0||!/^[\x21-\x7e]{1,256}$/.test(n.id)?"":`id: ${n.id}
`,e=xw.test(n.event)?`event: ${n.event}
`:"",s=/[\r\n]/.test(n.data)?n.data.replace(/[\r\n]/g," "):n.data;return`${t}${e}data: ${s}

`}function Sw(n,t){let e=po.get(t);if(e===void 0){let s=new Set,r=setInterval(()=>{let i=Date.now();for(let o of s)o.tick(i)},t);e={streams:s,timer:r},po.set(t,e)}e.streams.add(n)}function Tw(n,t){let e=po.get(t);e!==void 0&&(e.streams.delete(n),e.streams.size===0&&(clearInterval(e.timer),po.delete(t)))}var xw,ic,$w,oc,po,$s,Nr=_(()=>{xw=/^[A-Za-z0-9_.:-]{1,64}$/;l(ve,"frameText");ic=16*1024,$w=new TextEncoder,oc={"content-type":"text/event-stream; charset=utf-8","cache-control":"no-store","x-accel-buffering":"no"},po=new Map;l(Sw,"startTicks");l(Tw,"stopTicks");$s=class{static{l(this,"SseStream")}readable;#t;#e=[];#n=0;#s=!1;#r=!1;#i;#o;#a;#l;#c;#u;#f=0;#h=0;#p=null;#d=[];constructor(t={}){this.#c=t.queueBytesMax??128*1024,this.#u=t.onClose,this.readable=new ReadableStream({start:l(e=>{this.#t=e},"start"),pull:l(()=>this.#k(),"pull"),cancel:l(()=>this.#w(),"cancel")},{highWaterMark:ic,size:l(e=>e.byteLength,"size")}),this.#g(`retry: ${t.retryMs??1e3}
: taskline

`),this.#i=t.heartbeatMs??15e3,this.#o=Date.now()+this.#i,this.#a=t.stallMsMax??1e4,this.#l=Math.max(1,Math.min(1e3,this.#a,this.#i)),Sw(this,this.#l)}tick(t){this.#r||(t>=this.#o&&(this.#o=t+this.#i,this.backlogBytes===0&&this.#g(`: keep-alive ${t}

`)),this.#y(this.#a))}#y(t){if(this.#r)return;let e=this.#m(),s=this.#f-e,r=Date.now();if(e===0||s!==this.#h){this.#h=s,this.#p=null;return}if(this.#p??=r,r-this.#p>=t){this.stalled=!0;try{this.#t.error(new Error("The client took nothing for too long"))}catch{}this.#w()}}stalled=!1;#m(){return Math.max(0,ic-(this.#t.desiredSize??0))}#k(){let t=this.#d;if(t.length!==0){this.#d=[];for(let e of t)e()}}async room(t){for(;!this.#r&&!t?.aborted&&this.backlogBytes>=ic;)await new Promise(e=>{let s=l(()=>{t?.removeEventListener("abort",s),e()},"done");this.#d.push(s),t?.addEventListener("abort",s,{once:!0})})}get closed(){return this.#r}get takenBytes(){return this.#f-this.#m()}get backlogBytes(){return this.#r?0:this.#m()+this.#n}push(t){return this.#r||this.backlogBytes+t.length>this.#c?!1:(this.#g(t),!0)}write(t){this.#g(t)}writeBytes(t){if(!this.#r){this.#b();try{this.#t.enqueue(t),this.#f+=t.byteLength}catch{this.#w()}}}#g(t){this.#r||(this.#e.push(t),this.#n+=t.length,this.#s||(this.#s=!0,queueMicrotask(()=>this.#b())))}#b(){if(this.#s=!1,this.#r||this.#e.length===0)return;let t=this.#e.length===1?this.#e[0]:this.#e.join("");this.#e=[],this.#n=0;try{let e=$w.encode(t);this.#t.enqueue(e),this.#f+=e.byteLength}catch{this.#w()}}close(){if(!this.#r){this.#b();try{this.#t.close()}catch{}this.#w()}}#w(){this.#r||(this.#r=!0,Tw(this,this.#l),this.#k(),this.#e=[],this.#n=0,this.#u?.())}}});function Ew(n){return{cursor:n.cursor,type:n.record.env.event.type,json:ge(n.record,n.task)}}async function*Vd(n,t,e,s){for await(let r of bt(n,{from:e,to:s}))for(let i of r.records){if(i.env.schema<2)continue;let o=he(i.env,t.number);o!==null&&(yield[i,o])}}async function Aw(n,t,e){let s=await st(n);if(s===null)return e;try{let r=t-1,i=new Uint8Array(64*1024);for(;r<e;){await s.seek(r,Deno.SeekMode.Start);let o=await s.read(i);if(o===null||o===0)return e;let a=i.subarray(0,o).indexOf(10);if(a>=0)return r+a+1;r+=o}return e}finally{s.close()}}function Mw(n,t,e,s,r){let i=new dn((c,u)=>ut(c[0].items[c[1]].cursor,u[0].items[u[1]].cursor)>0),o=null;for(let c of n)if(c.items.length>0){i.push([c,c.items.length-1]);let u=c.items[c.items.length-1];(e===null||ut(u.cursor,e)>0)&&(o===null||ut(u.cursor,o)>0)&&(o=u.cursor)}else c.complete||r.push(c);let a=[];for(;i.size>0&&a.length<t;){let c=i.top,[u,h]=c,f=u.items[h];if(e!==null&&ut(f.cursor,e)<=0){i.pop();continue}s(u.task.id,f.type,f.cursor)&&a.push([u,f]),h>0?(c[1]=h-1,i.replaceTop()):(u.complete||r.push(u),i.pop())}return a.reverse(),{items:a,last:o}}var mo,go,Yd=_(()=>{Jt();Ae();X();qs();ka();Le();mo=class{static{l(this,"Tail")}task;items;complete;cap;windowBytes;windowFrom;windowTo;loading;constructor(t,e,s,r){this.task=t,this.items=[],this.windowFrom=0,this.windowTo=0,this.loading=null,this.complete=e,this.cap=s,this.windowBytes=r}add(t){let e=this.items.length,s=1;for(;e>0&&(s=ut(this.items[e-1].cursor,t.cursor))>0;)e--;if(e>0&&s===0){this.items[e-1].json??=t.json;return}this.items.splice(e,0,t),this.trim()}trim(){this.items.length<=this.cap||(this.items=this.items.slice(this.items.length-this.cap),this.complete=!1)}};l(Ew,"itemOf");go=class{static{l(this,"RecentIndex")}state;#t=new Map;#e;#n;#s;constructor(t,e={}){this.state=t,this.#e=e.itemsPerTask??16,this.#n=e.windowBytes??4*1024,this.#s=e.windowBytesMax??64*1024*1024}existing(t){for(let e of t)this.#t.has(e.dir)||this.#t.set(e.dir,new mo(e,!1,this.#e,0))}remove(t){let e=this.#t.get(t.dir);e&&e.task.id===t.id&&this.#t.delete(t.dir)}add(t){for(let e of t){let s=this.#t.get(e.task.dir);s&&s.task.id!==e.task.id&&(s=void 0),s||(s=new mo(e.task,!0,this.#e,0),this.#t.set(e.task.dir,s)),s.add(Ew(e))}}async#r(t,e){if(t.loading)return await t.loading;t.loading=(async()=>{try{await this.#i(t,e)}catch(s){if(!(s instanceof C))throw s;t.complete=!0,t.windowBytes=e}})().finally(()=>t.loading=null),await t.loading}async#i(t,e){let s=this.state.logPath(t.task.dir),r=await Re(s),i=Math.max(0,r-e);i>0&&(i=await Aw(s,i,r));let o=[];for await(let[a,c]of Vd(s,t.task,i,r))o.push({cursor:c,type:a.env.event.type,json:null});t.cap=Math.max(t.cap,o.length+this.#e);for(let a of o)t.add(a);t.windowBytes=e,t.windowFrom=t.windowTo===0?i:Math.min(t.windowFrom,i),t.windowTo=Math.max(t.windowTo,r),i===0&&(t.complete=!0)}async#o(t,e){let s=new Map;for(let i of e)s.set(Mt(i.cursor),i);let r=this.state.logPath(t.task.dir);try{for await(let[i,o]of Vd(r,t.task,t.windowFrom,t.windowTo)){let a=Mt(o),c=s.get(a);c!==void 0&&(c.json=ge(i,t.task),s.delete(a))}}catch(i){if(!(i instanceof C))throw i}return s.size===0}async warm(t=16,e=0){let s=[...this.#t.values()].filter(o=>!o.complete&&o.windowBytes===0),r=0,i=l(async()=>{for(;r<s.length;){let o=s[r++];o.complete||o.windowBytes>0||(await this.#r(o,this.#n),e>0&&await new Promise(a=>setTimeout(a,e)))}},"worker");await Promise.all(Array.from({length:Math.min(t,s.length)},i))}async query(t,e,s,r){await this.warm();let i=[...this.#t.values()].filter(o=>r===null||r.has(o.task.id));for(let o=0;o<32;o++){let a=[],c=Mw(i,t,e,s,a);if(a.length===0)return await this.#a(c);for(let u of a){let h=Math.max(u.windowBytes*2,this.#n);if(h>this.#s)return null;u.cap=Math.max(u.cap,t+this.#e),await this.#r(u,h)}}return null}async#a(t){let e=new Map;for(let[s,r]of t.items){if(r.json!==null)continue;let i=e.get(s);i?i.push(r):e.set(s,[r])}for(let[s,r]of e)if(!await this.#o(s,r))return null;return{items:t.items.map(([,s])=>s.json),last:t.last===null?null:Mt(t.last)}}};l(Vd,"feedEvents");l(Aw,"nextLineStart");l(Mw,"mergeNewest")});var ac,Ow,Nw,Cw,Lw,Rw,jw,Ss,lc=_(()=>{ac=new TextEncoder,Ow=2048,Nw=4096,Cw=1e3,Lw=50,Rw=Number(Deno.env.get("TASKLINE_FLUSH_MS_MAX")??35),jw=20,Ss=class n{static{l(this,"FanOut")}#t=0;#e=0;#n;#s=[];#r=new Set;#i=new Map;#o=[];#a=[];#l=null;#c=-1/0;#u=!1;#f;#h;stats={flushes:0,left:0,postponed:0};#p=new Map;#d=new WeakMap;#y=0;constructor(t){this.#h=t,this.#f=t.flushMs??10,this.#n=new Array(t.ringItems??1024)}get memberCount(){return this.#r.size}get flushed(){return this.#e}#m(t){let e=this.#i.get(t.dir);return e===void 0?(e=this.#o.length,this.#i.set(t.dir,e),this.#a.push(0),this.#o.push(t)):this.#o[e]=t,e}addLogs(t){for(let{task:e,offset:s}of t)this.#a[this.#m(e)]=s}addItems(t){for(let e of t){let s=++this.#t;this.#n[s%this.#n.length]=e,this.#s.push({item:e})}this.#g()}addEphemeral(t,e,s){this.#r.size!==0&&(this.#s.push({frame:t,task:e,env:s}),this.#g())}snapshot(){return{flushed:this.#e,offsets:this.#a.slice(),tasks:this.#o.slice()}}indexOf(t){return this.#m(t)}ringStep(t,e,s){let r=[],i=0,o="",a=new Map,c=this.#n,u=e;for(;u<this.#e&&i+o.length<s;){let h=t.keeps===null?this.#p.get(u):void 0;if(h!==void 0){o!==""&&r.push(o),i+=o.length+h.bytes.length,o="",r.push(h.bytes);for(let[p,m]of h.ends)a.set(p,Math.max(a.get(p)??0,m));u=h.to;continue}if(this.#e-u>c.length)return null;let f=c[++u%c.length],d=f.record.end;if(d!==void 0){let p=this.#m(f.task);a.set(p,Math.max(a.get(p)??0,d))}(t.keeps===null||t.keeps(f.task,f.record.env))&&(o+=this.#h.frameOf(f))}return o!==""&&r.push(o),{parts:r,size:i+o.length,ends:a,to:u}}static write(t,e){for(let s of e)typeof s=="string"?t.sse.write(s):t.sse.writeBytes(s)}has(t){return this.#r.has(t)}join(t,e,s=1/0){if(this.#u||t.sse.closed)return!1;if(e<this.#e){let r=this.ringStep(t,e,1/0);if(r===null||r.size>s)return!1;n.write(t,r.parts)}return this.#r.add(t),!0}leave(t){this.#r.delete(t)}#k(){let t=Math.min(Rw,this.#r.size/jw);return Math.max(this.#f,t)}#g(){if(this.#l!==null||this.#u)return;let t=performance.now(),e=this.#c+this.#k()-t;e<=0?(this.#y=0,this.#$()):this.#b(e,t)}#b(t,e){let s=e+t;this.#l=setTimeout(()=>{this.#l=null,this.#y=performance.now()-s,this.#$()},t)}#w(t){let e=0,s=0;for(let r of this.#r){if(r.sse.closed)continue;s++;let i=r.sse.takenBytes,o=this.#d.get(r);o===void 0?this.#d.set(r,o={bytes:i,at:-1/0}):i!==o.bytes&&(o.bytes=i,o.at=t);let a=t-o.at<Cw||this.#y>=Lw;r.sse.backlogBytes>0&&a&&e++}return e*2>s}#$(){let t=performance.now();if(this.#s.length<=Ow&&this.#w(t)){this.stats.postponed++,this.#c=t,this.#b(this.#k(),t);return}let e=this.#s;this.#s=[],this.#c=t,this.stats.flushes++;let s=new Map,r=0;for(let o of e){if(!("item"in o))continue;r++;let a=o.item.record.end;if(a===void 0)continue;let c=this.#m(o.item.task);s.set(c,Math.max(s.get(c)??0,a))}let i=null;if(this.#r.size>0&&e.length>0){let o=this.#h.memberBytesMax??65536;for(let a of[...this.#r]){if(a.sse.closed){this.#r.delete(a);continue}if(a.sse.backlogBytes>o){this.#r.delete(a),this.stats.left++,a.fellBehind(this.#a.slice(),this.#e);continue}let c;a.keeps===null?c=i??=ac.encode(this.#x(e,null)):c=ac.encode(this.#x(e,a.keeps)),c.length>0&&a.sse.writeBytes(c)}}for(let[o,a]of s)this.#a[o]=a;if(r>0){this.#p.set(this.#e,{to:this.#t,bytes:i??ac.encode(this.#x(e,null)),ends:[...s]});for(let o of this.#p.keys()){if(this.#t-o<=Nw)break;this.#p.delete(o)}}this.#e=this.#t}#x(t,e){let s="";for(let r of t)"item"in r?(e===null||e(r.item.task,r.item.record.env))&&(s+=this.#h.frameOf(r.item)):(e===null||e(r.task,r.env))&&(s+=r.frame);return s}close(){this.#u=!0,this.#l!==null&&clearTimeout(this.#l),this.#l=null,this.#r.clear(),this.#s=[]}}});function Zd(n){let t=Xd.get(n);return t===void 0&&(t=ve({event:n.env.event.type,data:JSON.stringify(ie(n.env,n.task))}),Xd.set(n,t)),t}function yo(n){let t=Gd.get(n);if(t===void 0){let e=n;t=ve({id:n.cursorText,event:e.type??n.record.env.event.type,data:e.taggedText?e.taggedText():ge(n.record,n.task)}),Gd.set(n,t)}return t}var Xd,Gd,cc=_(()=>{fe();Le();Nr();Xd=new WeakMap;l(Zd,"ephemeralFrame");Gd=new WeakMap;l(yo,"feedFrame")});var wo,Qd=_(()=>{Vn();lc();cc();Nr();wo=class{static{l(this,"ProjectStreamClient")}hub;options;sse;keeps;#t;#e;#n;#s;#r;#i;#o;#a;constructor(t,e){this.hub=t,this.options=e,this.#t=[],this.#e=null,this.#n=null,this.#s=!1,this.#r=!1,this.#i=new AbortController,this.keeps=e.keeps,this.#o=e.queueBytesMax??64*1024,this.#a=e.stepBytesMax??1024*1024,this.sse=new $s({heartbeatMs:e.heartbeatMs,queueBytesMax:this.#o,stallMsMax:e.stallMsMax,onClose:l(()=>this.close(),"onClose")})}begin(t){if(t===null){this.hub.fan.join(this,this.hub.fan.flushed);return}this.#t=[],this.#e=t,this.#l()}close(){this.#i.signal.aborted||(this.#i.abort(),this.hub.fan.leave(this),this.#t=[],this.sse.close(),this.options.onClose())}fellBehind(t,e){this.#i.signal.aborted||(this.hub.stats.catchUps++,this.#t=t,this.#e=null,this.#n=e,this.#s?this.#r=!0:this.#l())}async#l(){if(this.#s)return;this.#s=!0;let t=this.#i.signal;try{for(;!t.aborted&&(await this.sse.room(t),!(t.aborted||this.sse.closed));){if(this.#n!==null){let s=this.#c();if(s===!0&&!this.#r)break;if(this.#r=!1,s!==null)continue}await this.hub.slots.acquire(t);let e;try{e=await this.#u(t)}finally{this.hub.slots.release()}if(e&&!this.#r)break;this.#r=!1}}catch(e){t.aborted||(this.sse.write(ve({event:"error",data:JSON.stringify({error:e.message})})),this.close())}finally{this.#s=!1,this.#r&&!t.aborted&&(this.#r=!1,this.#l())}}#c(){let t=this.hub.fan,e=t.ringStep(this,this.#n,this.#o);if(e===null)return this.#n=null,null;Ss.write(this,e.parts);for(let[s,r]of e.ends)r>(this.#t[s]??0)&&(this.#t[s]=r);return this.#n=e.to,e.to<t.flushed||!t.join(this,e.to)?!1:(this.#n=null,this.#t=[],!0)}async#u(t){let e=this.hub.fan.snapshot(),s=new Map,r=new Map,i=new Map,o=[];for(let a=0;a<e.tasks.length;a++){let c=this.#t[a]??0;if(c>=e.offsets[a])continue;let u=e.tasks[a];o.push(u),s.set(u.dir,c),r.set(u.dir,e.offsets[a]),i.set(u.dir,a)}if(o.length>0){let a=0,c=pn(this.hub.state,o,{from:s,to:r,after:this.#e??void 0,bytes:!0,needles:this.options.needles,batchItemsMax:128,signal:t}),u=this.options.keepsAt;for await(let h of c){let f="";for(let d of h){(u===null||u(d.task,d.type,d.sec,d.nanos))&&(f+=yo(d));let p=i.get(d.task.dir),m=d.fileEnd;m>(this.#t[p]??0)&&(this.#t[p]=m)}if(this.sse.closed||t.aborted||(f!==""&&(this.sse.write(f),a+=f.length),this.sse.backlogBytes>this.#o||a>this.#a))return!1}}return this.#e=null,this.sse.closed||t.aborted?!1:this.hub.fan.join(this,e.flushed,this.#o)?(this.#t=[],!0):(this.#t=e.offsets,this.#n=e.flushed,!1)}}});var ko,tp=_(()=>{zn();Le();J();sn();Nr();ko=class{static{l(this,"TaskStreamClient")}hub;task;options;sse;#t;#e;#n;#s;#r;#i;#o;constructor(t,e,s,r){this.hub=t,this.task=e,this.options=r,this.#t=null,this.#n=!0,this.#s=!1,this.#r=new AbortController,this.#e=s,this.#i=r.queueBytesMax??64*1024,this.#o=r.stepBytesMax??1024*1024,this.sse=new $s({heartbeatMs:r.heartbeatMs,queueBytesMax:this.#i,stallMsMax:r.stallMsMax,onClose:l(()=>this.close(),"onClose")})}begin(){this.#c()}end(t){this.#r.signal.aborted||(this.sse.push(ve({event:"error",data:JSON.stringify({error:t})})),this.close())}close(){this.#r.signal.aborted||(this.#r.abort(),this.sse.close(),this.options.onClose())}#a(t,e){return ve({id:t.seq===void 0?void 0:String(t.seq),event:t.event.type,data:e})}offer(t){if(this.#n||this.#r.signal.aborted)return;let[e,s]=[this.#t,this.#e],r="";for(let i of t)i.task.id===this.task.id&&(r+=this.#l(i));r===""||this.sse.push(r)||([this.#t,this.#e]=[e,s],this.#n=!0,this.hub.stats.catchUps++,this.#c())}#l(t){let e=t.env;if(e.event.type==="run_started"&&e.seq!==void 0){let s=P(e.event);this.#t===null?this.#t=s:s!==null&&s!==this.#t&&(this.#t=s,this.#e=0)}return this.#t===null||P(e.event)!==this.#t?"":e.seq===void 0?t.text===void 0?this.#a(e,Zt(e)):"":e.schema<2||e.seq<=this.#e?"":(this.#e=e.seq,this.#a(e,Ce(t)))}async#c(){if(this.#s)return;this.#s=!0;let t=this.#r.signal;try{for(;!t.aborted&&this.#n&&(await this.sse.room(t),!(t.aborted||this.sse.closed));){await this.hub.slots.acquire(t);try{if(!await this.#u(t))continue}finally{this.hub.slots.release()}let e=this.hub.published(this.task.id);if(e!==void 0&&this.#t!==null&&e.run!==this.#t){this.#t=e.run,this.#e=0;continue}e!==void 0&&(this.#t===null||e.seq>this.#e)||(this.#n=!1)}}catch(e){t.aborted||(this.sse.write(ve({event:"error",data:JSON.stringify({error:e.message})})),this.close())}finally{this.#s=!1}}async#u(t){let e=await Rs(this.hub.state,this.task,{after:this.#e,run:this.#t??void 0,signal:t});this.#t===null&&(this.#t=e.run);let s=0;for await(let r of e.batches){let i="";for(let o of r.records)o.env.seq===void 0||o.env.seq<=this.#e||(this.#e=o.env.seq,i+=this.#a(o.env,Ce(o)));if(this.sse.closed||t.aborted)return!1;if(i!==""&&(this.sse.write(i),s+=i.length,this.sse.backlogBytes>this.#i||s>this.#o))return!1}return!0}}});var bo,ep=_(()=>{bo=class{static{l(this,"Slots")}#t;#e=[];constructor(t){this.#t=t}get waiting(){return this.#e.length}acquire(t){return t?.throwIfAborted(),this.#t>0?(this.#t--,Promise.resolve()):new Promise((e,s)=>{let r=l(()=>{t?.removeEventListener("abort",i),e()},"grant"),i=l(()=>{let o=this.#e.indexOf(r);o>=0&&this.#e.splice(o,1),s(t.reason)},"onAbort");this.#e.push(r),t?.addEventListener("abort",i,{once:!0})})}release(){let t=this.#e.shift();t?t():this.#t++}}});function Dw(n){return n.all?null:(t,e)=>n.keeps(t,e)}function np(n){return n<=0n?Nc:{ns:n-1n,number:Number.MAX_SAFE_INTEGER,seq:Number.MAX_SAFE_INTEGER}}var uc,Pw,Iw,vo,sp=_(()=>{J();Jt();A();ki();Vn();ca();X();rc();Nr();Yd();lc();cc();Qd();tp();ep();uc=64*1024;l(Dw,"memberFilter");l(np,"cursorBefore");Pw=new Set(["run_started","run_finished","paused","approval_requested","approval_resolved","phase_started","phase_finished","merged"]),Iw=1e3,vo=class{static{l(this,"LiveHub")}rowsVersion=0;#t=null;state;follower;recent;fan;slots;stats={catchUps:0};#e=new Set;#n=new Set;#s=new Map;#r=!1;#i=!1;#o;#a=new AbortController;constructor(t,e={}){this.state=t,this.#o=e,this.follower=new gn(t,{pollIntervalMs:e.pollIntervalMs,onReset:e.onReset,onBadLog:e.onBadLog,onRemoved:l(s=>{this.recent.remove(s);for(let r of this.#n)r.task.id===s.id&&r.end(`Task #${s.number} was discarded`)},"onRemoved")}),this.recent=new go(t),this.fan=new Ss({frameOf:yo,flushMs:e.fanOutFlushMs,memberBytesMax:e.clientQueueBytesMax??uc}),this.slots=new bo(e.catchUpsMax??2)}get clientCount(){return this.#e.size}streamStats(){return{clients:this.#e.size,catch_ups:this.stats.catchUps,fan_out:this.fan.memberCount,flushes:this.fan.stats.flushes,postponed:this.fan.stats.postponed}}published(t){return this.#s.get(t)}async start(){if(this.#i)return;this.#i=!0,await this.follower.start(),this.recent.existing(this.follower.tasks()),this.fan.addLogs(this.follower.published());let t=this.#a.signal,e=this.follower.subscribe({lossless:!0,signal:t});(async()=>{try{for await(let s of e){let r=[];for(let i of s){let o=i.record.env;r.push({task:i.task,env:o,text:i.record.text,upgraded:i.record.upgraded});let a=P(o.event);a!==null&&o.seq!==void 0&&this.#s.set(i.task.id,{run:a,seq:o.seq}),Pw.has(o.event.type)&&this.#l()}this.recent.add(s),this.fan.addItems(s),this.#c(r)}}catch{}})(),this.recent.warm(1,2).catch(()=>{})}#l(){this.rowsVersion++,this.#t!==null&&clearTimeout(this.#t),this.#t=setTimeout(()=>{this.#t=null,this.rowsVersion++},Iw)}async close(){if(this.#t!==null&&clearTimeout(this.#t),this.#t=null,!this.#r){this.#r=!0,this.#a.abort(),this.fan.close();for(let t of[...this.#e])t.close();this.#e.clear(),this.follower.close(),await Promise.resolve()}}#c(t){if(t.length!==0)for(let e of this.#n)try{e.offer(t)}catch{}}publishEphemeral(t){let{task:e,number:s,...r}=t,i={task:{id:e,number:s},env:r,upgraded:!1};this.fan.addEphemeral(Zd(i),i.task,i.env),this.#c([i])}async#u(t,e){let s=Jd(t),r=t.searchParams.get("since"),i=null;if(r!==null)try{i=ni(r)}catch(c){throw new y("bad-request",c.message.replace(/^--since/,"since"))}let o=t.searchParams.getAll("task").flatMap(c=>c.split(",")).map(c=>c.trim()).filter(c=>c!==""),a=null;if(t.searchParams.has("task")&&o.length===0)throw new y("bad-request","Parameter task names no task");if(o.length>0){a=new Set;for(let c of o)a.add((await e.tasks.resolve(c)).id)}return new cn({types:s,tasks:a,sinceNs:i})}async events(t,e,s){Rt(e,["after","since","type","task","limit"]);let r=e.searchParams.get("limit"),i=500;if(r!==null){if(!/^\d{1,6}$/.test(r)||Number(r)<1||Number(r)>1e4)throw new y("bad-request",`Parameter limit takes an integer from 1 to 10000, not "${r.slice(0,40)}"`);i=Number(r)}let o=e.searchParams.get("after"),a=o===null?null:On(o),c=await this.#u(e,s),u=a??void 0;if(c.sinceNs!==null){let v=np(c.sinceNs);(u===void 0||ut(v,u)>0)&&(u=v)}let h={"content-type":"application/json; charset=utf-8","cache-control":"no-store"};if(this.#i){let v=await this.recent.query(i,u??null,(x,S)=>c.types===null||c.types.has(S),c.tasks);if(v!==null)return new Response(`[${v.items.join(",")}]`,{headers:{...h,"x-taskline-cursor":v.last??(u?Mt(u):"0-0-0")}})}let f=await s.tasks.tasks({fresh:!0}),d=c.tasks?f.filter(v=>c.tasks.has(v.id)):f,p=new Array(i),m=0,w=null;for await(let v of pn(this.state,d,{after:u,bytes:!0,needles:c.needles})){for(let x of v)c.keepsAt(x.task,x.type,x.sec,x.nanos)&&(p[m%i]=x.taggedText(),m++);v.length>0&&(w=v[v.length-1].cursorText)}let g=Math.min(m,i),b=[];for(let v=m-g;v<m;v++)b.push(p[v%i]);return new Response(`[${b.join(",")}]`,{headers:{...h,"x-taskline-cursor":w??(u?Mt(u):"0-0-0")}})}async stream(t,e,s){Rt(e,["after","since","type","task"]);let r=await this.#u(e,s),i=t.headers.get("last-event-id"),o=e.searchParams.get("after"),a=null;if(i!==null&&i.trim()!==""?a=On(i.trim()):o!==null?a=On(o):r.sinceNs!==null&&(a=np(r.sinceNs)),!this.#i)throw new y("bad-state","The live feed is not running");if(this.#r)throw new y("bad-state","The live feed is stopping");let c=new wo(this,{keeps:Dw(r),keepsAt:r.all?null:(u,h,f,d)=>r.keepsAt(u,h,f,d),needles:r.needles,heartbeatMs:this.#o.heartbeatMs,queueBytesMax:this.#o.clientQueueBytesMax??uc,stallMsMax:this.#o.stallMsMax,onClose:l(()=>{this.#e.delete(c)},"onClose")});return this.#e.add(c),c.begin(a),new Response(c.sse.readable,{headers:oc})}async taskStream(t,e,s){Rt(e,["after"]);let r=sc(e,"after")??0,i=t.headers.get("last-event-id");if(i!==null&&i.trim()!==""){if(!/^\d{1,15}$/.test(i.trim()))throw new y("bad-request",`Last-Event-ID of a task stream is a seq, not "${i.slice(0,40)}"`);r=Number(i.trim())}let o=await s.tasks.resolve(s.params.ref);if(!this.#i)throw new y("bad-state","The live feed is not running");if(this.#r)throw new y("bad-state","The live feed is stopping");await Xt(this.state.logPath(o.dir));let a=new ko(this,o,r,{heartbeatMs:this.#o.heartbeatMs,queueBytesMax:this.#o.clientQueueBytesMax??uc,stallMsMax:this.#o.stallMsMax,onClose:l(()=>{this.#e.delete(a),this.#n.delete(a)},"onClose")});return this.#e.add(a),this.#n.add(a),a.begin(),new Response(a.sse.readable,{headers:oc})}}});function qw(n,t){return`http://${n.includes(":")&&!n.startsWith("[")?`[${n}]`:n}:${t}/`}async function rp(n,t){await n.requireExists();let e=t.host??"127.0.0.1",s=t.port??7777;Ad(e)||t.onWarning?.(`--host ${e} is not a loopback address: anyone who can reach it and has the token can read this project`);let r=t.token??Zl(),i={token:r,hosts:new Set},o=new vo(n,{...t.streams,heartbeatMs:t.heartbeatMs,onReset:l(w=>t.onWarning?.(`${w.path} was ${w.reason} (it had ${w.offset} bytes read): reading it again from its start`),"onReset"),onBadLog:l(w=>t.onWarning?.(`${w.message} (every other task is served)`),"onBadLog")}),a=Kd({state:n,gate:i,version:t.version,webPage:t.webPage,live:o,publishEphemeral:l(w=>o.publishEphemeral(w),"publishEphemeral"),onWarning:t.onWarning}),c=new AbortController,u,h=Promise.withResolvers();try{u=Deno.serve({hostname:e,port:s,signal:c.signal,onListen:l(w=>h.resolve(w),"onListen"),onError:l(w=>(t.onWarning?.(`request failed: ${w?.name??"error"}`),new Response(JSON.stringify({type:"about:blank",title:"Internal Server Error",status:500,detail:"The server failed to answer",instance:"",error:"The server failed to answer"}),{status:500,headers:{"content-type":"application/problem+json"}})),"onError")},w=>a.fetch(w))}catch(w){throw await o.close(),w instanceof Deno.errors.AddrInUse?new y("io",`Cannot listen on ${e}:${s}: the address is in use (try --port 0)`):w instanceof Deno.errors.NotCapable||w instanceof Deno.errors.PermissionDenied?new y("io",`Cannot listen on ${e}:${s}: taskline may only use the network on 127.0.0.1, localhost and [::1]`):w}let f=await h.promise;for(let w of Md(e,f.port))i.hosts.add(w);let d=n.tokenPath,p=null,m=await la(n).catch(()=>{});m===null&&t.onWarning?.(`another taskline serve runs for this project: while this one runs, ${d} and ${n.liveChannelPath} are this one's (the other keeps serving its own clients, without the agent_delta of runs)`);try{await Deno.writeTextFile(d,r+`
`,{mode:384}),await Deno.chmod(d,384).catch(()=>{}),p=await Gs(n.liveChannelPath,Zl(),w=>o.publishEphemeral(w),{onWarning:t.onWarning}),await o.start(),await t.onListen({url:qw(e,f.port),port:f.port,host:e,token:r}),t.signal.aborted||await new Promise(w=>{t.signal.addEventListener("abort",()=>w(),{once:!0})})}finally{await a.close(),await o.close(),c.abort(),await p?.close().catch(()=>{}),await u.finished.catch(()=>{}),await Fw(d,r),m?.release()}}async function Fw(n,t){try{if(!(await Deno.readTextFile(n)).includes(t))return;await Deno.remove(n)}catch{}}var ip=_(()=>{A();Ql();rc();sp();vi();ye();l(qw,"baseUrl");l(rp,"serve");l(Fw,"removeIfOurs")});var op,ap=_(()=>{op=`
:root {
  color-scheme: light dark;
  --bg: #f7f7f5; --panel: #ffffff; --fg: #1d1f21; --muted: #646a73; --line: #dfe1e4;
  --accent: #2754c5; --ok: #17803d; --ok-bg: #e3f4e8; --warn: #8a5a00; --warn-bg: #fff1d1;
  --err: #b3261e; --err-bg: #fde7e5; --live: #1f6feb; --live-bg: #e2ecfd; --code-bg: #f1f2f4;
  --row: 28px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 15px; line-height: 1.45;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15171a; --panel: #1c1f23; --fg: #e6e8eb; --muted: #9aa1ab; --line: #2f343a;
    --accent: #7aa2ff; --ok: #5fd08a; --ok-bg: #173222; --warn: #f1c15d; --warn-bg: #3a2c0c;
    --err: #ff8a80; --err-bg: #3d1a18; --live: #79b0ff; --live-bg: #15284a; --code-bg: #23272d;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
[tabindex="-1"]:focus { outline: none; }
code, pre, .c-time, .c-task, .num { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: 0; background: var(--panel); padding: 6px 10px; z-index: 10; }
.skip:focus { left: 8px; }
.top {
  position: sticky; top: 0; z-index: 5; display: flex; align-items: center; gap: 24px;
  padding: 0 20px; height: 52px; background: var(--panel); border-bottom: 1px solid var(--line);
}
.brand { font-weight: 700; letter-spacing: 0.02em; }
.brand span { color: var(--muted); font-weight: 400; }
#nav { display: flex; gap: 4px; }
#nav a { padding: 6px 12px; border-radius: 6px; text-decoration: none; color: var(--fg); }
#nav a:hover { background: var(--code-bg); }
#nav a[aria-current="page"] { background: var(--live-bg); color: var(--live); font-weight: 600; }
#conn { margin-left: auto; display: flex; align-items: center; gap: 8px; color: var(--muted); font-size: 0.9em; }
#conn::before { content: ""; width: 9px; height: 9px; border-radius: 50%; background: var(--muted); }
#conn[data-state="live"]::before { background: var(--ok); box-shadow: 0 0 0 3px var(--ok-bg); }
#conn[data-state="reconnecting"]::before, #conn[data-state="connecting"]::before { background: var(--warn); }
#conn[data-state="offline"]::before { background: var(--err); }
main { padding: 16px 20px 40px; max-width: 1400px; margin: 0 auto; }
main.fill { display: flex; flex-direction: column; height: calc(100vh - 52px); padding-bottom: 12px; }
.screen-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 16px; margin-bottom: 12px; }
.screen-head h1 { margin: 0; font-size: 1.35rem; }
.screen-head p { margin: 0; }
.subnav { display: flex; gap: 12px; margin-left: auto; }
.subnav a[aria-current="page"] { font-weight: 700; text-decoration: none; color: var(--fg); }
.muted { color: var(--muted); }
.small { font-size: 0.85em; }
.placeholder { color: var(--muted); padding: 24px; text-align: center; border: 1px dashed var(--line); border-radius: 8px; }
.placeholder.error, .sev-error { color: var(--err); }
.sev-warn { color: var(--warn); }
.sev-ok { color: var(--ok); }
.blocked { max-width: 640px; margin: 64px auto; padding: 24px 28px; background: var(--panel); border: 1px solid var(--err); border-left-width: 6px; border-radius: 8px; }
.blocked h1 { margin-top: 0; font-size: 1.3rem; color: var(--err); }
.badge { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 0.8em; line-height: 1.7; background: var(--code-bg); color: var(--muted); white-space: nowrap; }
.badge.ok { background: var(--ok-bg); color: var(--ok); }
.badge.warn { background: var(--warn-bg); color: var(--warn); }
.badge.error { background: var(--err-bg); color: var(--err); }
.badge.live { background: var(--live-bg); color: var(--live); }
.badge.live::before { content: "\u25CF "; animation: pulse 1.4s ease-in-out infinite; }
@keyframes pulse { 50% { opacity: 0.3; } }
@media (prefers-reduced-motion: reduce) { .badge.live::before { animation: none; } }
.table-wrap { overflow-x: auto; border-radius: 8px; }
table.grid { width: 100%; border-collapse: collapse; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
.grid th { text-align: left; font-weight: 600; font-size: 0.85em; color: var(--muted); background: var(--code-bg); }
.grid th, .grid td { padding: 8px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
.grid tr:last-child td { border-bottom: 0; }
.grid td.num { white-space: nowrap; }
.grid tr.is-running td:first-child { box-shadow: inset 3px 0 0 var(--live); }
.row-links { color: var(--muted); }
.progress-cell progress { width: 90px; vertical-align: middle; }
.live-text { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.8em; color: var(--live); max-width: 420px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
td.last { max-width: 320px; }
.toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin-bottom: 10px; }
.toolbar output { margin-left: auto; }
.toolbar select, .toolbar input { font: inherit; }
select { padding: 3px 6px; border-radius: 6px; border: 1px solid var(--line); background: var(--panel); color: var(--fg); }
label.check { display: inline-flex; align-items: center; gap: 4px; }
.vlist { position: relative; flex: 1; min-height: 240px; overflow-y: auto; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; contain: strict; }
.vspacer { width: 1px; }
.vrows { position: absolute; top: 0; left: 0; right: 0; }
.vrow { position: absolute; top: 0; left: 0; right: 0; height: var(--row); display: flex; gap: 12px; align-items: center; padding: 0 12px; white-space: nowrap; border-bottom: 1px solid var(--line); cursor: pointer; }
.vrow:hover { background: var(--code-bg); }
.vrow[aria-selected="true"] { background: var(--live-bg); }
.vlist:focus-visible .vrow[aria-selected="true"] { outline: 2px solid var(--accent); outline-offset: -2px; }
.vrow.sev-error { background: var(--err-bg); }
.vrow.sev-error .c-text { color: var(--err); }
.vrow.sev-warn .c-text { color: var(--warn); }
pre.event-detail { flex: none; max-height: 30vh; margin-top: 10px; font-size: 0.85em; }
.c-time { color: var(--muted); width: 70px; flex: none; }
.c-task { width: 44px; flex: none; color: var(--accent); }
.c-type { width: 170px; flex: none; color: var(--muted); overflow: hidden; text-overflow: ellipsis; }
.c-text { flex: 1; overflow: hidden; text-overflow: ellipsis; }
ol.timeline, ol.items { list-style: none; margin: 0; padding: 0; }
li.phase { margin: 0 0 14px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
li.phase h2 { font-size: 1rem; margin: 0; padding: 8px 12px; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
.phase-name { font-weight: 700; }
.phase-state .summary { color: var(--muted); font-weight: 400; }
li.item { padding: 6px 12px; border-bottom: 1px solid var(--line); content-visibility: auto; contain-intrinsic-size: auto 34px; }
li.item:last-child { border-bottom: 0; }
.t { color: var(--muted); font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85em; }
.role { font-weight: 600; }
.tool { background: var(--code-bg); padding: 0 4px; border-radius: 4px; }
.text { white-space: pre-wrap; margin: 4px 0 0; padding: 8px 10px; background: var(--code-bg); border-radius: 6px; max-height: 420px; overflow: auto; }
.text.streaming { border-left: 3px solid var(--live); }
.thinking { color: var(--muted); font-style: italic; }
li.call .input { color: var(--muted); }
li.call.sev-error { color: var(--fg); box-shadow: inset 4px 0 0 var(--err); }
li.call.sev-error .tool { color: var(--err); }
.result { margin-top: 4px; }
.result.pending { color: var(--live); }
pre { margin: 4px 0 0; padding: 8px 10px; background: var(--code-bg); border-radius: 6px; overflow: auto; max-height: 360px; white-space: pre-wrap; word-break: break-word; }
pre.preview { max-height: 120px; }
pre.output { max-height: 520px; }
details summary { cursor: pointer; color: var(--muted); font-size: 0.85em; }
li.call > details { display: inline-block; margin-left: 8px; }
li.call > details[open] { display: block; margin-left: 0; }
table.trace td.input { max-width: 340px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
table.trace tr.is-error td { background: var(--err-bg); }
tr.is-error .badge.error, li.sev-error .badge.error { background: var(--err); color: var(--panel); }
.token-form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 12px 0; }
.token-form input { font: inherit; flex: 1; min-width: 200px; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
.token-form button, button.primary { font: inherit; padding: 5px 14px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--panel); cursor: pointer; }
table.trace tr.is-slow td.num:first-of-type { color: var(--warn); }
table.trace .preview { color: var(--muted); max-width: 340px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
tr.detail td { background: var(--bg); }
.detail-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 16px; }
.detail-grid h3 { margin: 0; font-size: 0.9rem; }
button.link { font: inherit; background: none; border: 1px solid var(--line); border-radius: 6px; padding: 1px 8px; color: var(--accent); cursor: pointer; }
button.link:hover { background: var(--code-bg); }
dl.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 10px 18px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin: 0 0 16px; }
dl.facts dt { color: var(--muted); font-size: 0.85em; }
dl.facts dd { margin: 0; font-weight: 600; }
section.run { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 4px 16px 12px; margin-bottom: 16px; }
section.run h2 { font-size: 1.05rem; }
section.run table.grid { border-radius: 6px; }
main section > h2 { font-size: 1.1rem; margin: 18px 0 8px; }
section.errors { border-left: 4px solid var(--err); padding-left: 12px; }
ul.files { columns: 2; }
/* Actions on tasks (Tasks rows, a task's Timeline). */
.actions { display: flex; flex-direction: column; gap: 4px; min-width: 9em; }
.action-buttons { display: flex; gap: 4px; flex-wrap: wrap; }
button.action, .action-form button, .confirm button { font: inherit; font-size: 0.9em; padding: 2px 10px; border-radius: 6px; border: 1px solid var(--accent); background: var(--panel); color: var(--accent); cursor: pointer; }
button.action:hover, .action-form button:hover { background: var(--live-bg); }
button.action:focus-visible, .action-form button:focus-visible, .confirm button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
button.action-reject, button.action-cancel, button.danger { border-color: var(--err); color: var(--err); }
button.action:disabled { opacity: 0.5; cursor: progress; }
.action-form { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.action-form input, .action-form textarea { font: inherit; padding: 2px 6px; border: 1px solid var(--line); border-radius: 4px; background: var(--panel); color: var(--fg); }
.new-task { margin-top: 6px; }
.new-task-form { flex-direction: column; align-items: flex-start; margin: 6px 0; }
.new-task-form .field { display: flex; flex-direction: column; gap: 2px; }
.head-actions { margin-top: 6px; }
/* Charts drawn by the page (SVG). */
.chart { display: block; max-width: 100%; height: auto; margin: 8px 0 16px; }
.chart text { fill: var(--muted); font-size: 11px; }
.chart .axis { stroke: var(--line); }
.chart .bar { fill: var(--live); }
.chart .line { fill: none; stroke: var(--warn); stroke-width: 2; }
.chart .dot { fill: var(--warn); }
.waterfall .span { fill: var(--ok); cursor: pointer; }
.waterfall .span.failed { fill: var(--err); }
.waterfall .span.open-ended { fill: var(--warn); opacity: 0.6; }
.waterfall g.call:focus { outline: none; }
.waterfall g.call:focus .span, .waterfall g.call:hover .span { stroke: var(--fg); stroke-width: 1.5; }
.legend { display: flex; gap: 12px; font-size: 0.85em; color: var(--muted); }
.legend .key-bar::before, .legend .key-line::before { content: ""; display: inline-block; width: 12px; height: 10px; margin-right: 4px; vertical-align: middle; }
.legend .key-bar::before { background: var(--live); }
.legend .key-line::before { height: 2px; background: var(--warn); }
@media (max-width: 640px) {
  .top { gap: 8px; padding: 0 10px; }
  .brand span { display: none; }
  #conn-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  #nav a { padding: 6px 8px; }
  main { padding: 12px 10px 32px; }
}
`});var hc,lp=_(()=>{hc=`(() => {
  // src/web/client/dom.ts
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === null || v === void 0 || v === false) continue;
        if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
        else if (k === "class") el.className = String(v);
        else if (k === "text") el.textContent = String(v);
        else el.setAttribute(k, v === true ? "" : String(v));
      }
    }
    for (const c of children) {
      if (c === null || c === void 0 || c === false) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
  }
  var SVG_NS = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, ...children) {
    const el = document.createElementNS(SVG_NS, tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === null || v === void 0 || v === false) continue;
        if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
        else el.setAttribute(k, v === true ? "" : String(v));
      }
    }
    for (const c of children) {
      if (c === null || c === void 0 || c === false) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
  }

  // src/contract/time.ts
  var MonotonicClock = class {
    /** Microseconds since the epoch of the last stamp (a safe integer until the year 2255). */
    #lastUs = 0;
    /** The second of the last stamp, and its text up to the fraction (one Date a second). */
    #second = NaN;
    #prefix = "";
    #nextUs(sameMoment = false) {
      if (sameMoment && this.#lastUs > 0) return ++this.#lastUs;
      const wall = Math.round((performance.timeOrigin + performance.now()) * 1e3);
      const us = wall > this.#lastUs ? wall : this.#lastUs + 1;
      this.#lastUs = us;
      return us;
    }
    /** The next timestamp, in nanoseconds since the epoch. */
    nowNs() {
      return BigInt(this.#nextUs()) * 1000n;
    }
    /**
     * The next timestamp as RFC 3339 text (as {@link formatTimeNs} writes it).
     * \`sameMoment\`: the event is written together with the one stamped just
     * before (one write of a batch): its stamp is that one's plus a
     * microsecond, without reading the system clock again.
     */
    now(sameMoment = false) {
      const us = this.#nextUs(sameMoment);
      const second = Math.floor(us / 1e6);
      if (second !== this.#second) {
        this.#second = second;
        this.#prefix = new Date(second * 1e3).toISOString().slice(0, 19) + ".";
      }
      return \`\${this.#prefix}\${String(us - second * 1e6).padStart(6, "0")}Z\`;
    }
  };
  var processClock = new MonotonicClock();

  // src/views/terminal_text.ts
  var UNSAFE_CLASS = "[\\\\u0000-\\\\u001f\\\\u007f-\\\\u009f\\\\u2028\\\\u2029\\\\p{Cf}\\\\u115f\\\\u1160\\\\u3164\\\\uffa0]";
  var UNSAFE = new RegExp(UNSAFE_CLASS, "gu");
  var UNSAFE_TEST = new RegExp(UNSAFE_CLASS, "u");
  function escapeOf(c) {
    if (c === "\\n") return "\\\\n";
    if (c === "\\r") return "\\\\r";
    if (c === "	") return "\\\\t";
    const cp = c.codePointAt(0);
    if (cp <= 255) return \`\\\\x\${cp.toString(16).padStart(2, "0")}\`;
    if (cp > 65535) return \`\\\\u{\${cp.toString(16)}}\`;
    return \`\\\\u\${cp.toString(16).padStart(4, "0")}\`;
  }
  function visible(text, options = {}) {
    if (!UNSAFE_TEST.test(text)) return text;
    const newline = options.newline;
    const tab = options.tab;
    return text.replace(UNSAFE, (c, at) => {
      if (c === "\\n" && newline !== void 0) return newline;
      if (c === "	" && tab !== void 0) return tab;
      if ((c === "\\u200D" || c === "\\u200C") && joins(text, at)) return c;
      return escapeOf(c);
    });
  }
  function joins(text, at) {
    const before = text.codePointAt(at - 1 - (isLowSurrogate(text.charCodeAt(at - 1)) ? 1 : 0));
    const after = text.codePointAt(at + 1);
    const ok = (cp) => cp !== void 0 && cp > 127 && !UNSAFE_TEST.test(String.fromCodePoint(cp));
    return at > 0 && ok(before) && ok(after);
  }
  function isLowSurrogate(c) {
    return c >= 56320 && c <= 57343;
  }
  var BMP_WIDTHS = new Uint8Array(65536);

  // src/views/event_line.ts
  function oneLine(text, max = 120) {
    const s = visible(String(text ?? "").replace(/[\\r\\n\\t]+/g, " ")).trim();
    if (s.length <= max) return s;
    let end = max - 1;
    const c = s.charCodeAt(end - 1);
    if (c >= 55296 && c <= 56319) end--;
    return s.slice(0, end) + "\\u2026";
  }
  function short(id) {
    return typeof id === "string" ? visible(id.slice(0, 8)) : "-";
  }
  function num(n) {
    if (typeof n !== "number") return "-";
    if (!Number.isInteger(n)) return String(n);
    const digits = String(Math.abs(n));
    if (digits.length <= 3) return String(n);
    let out = digits.slice(0, digits.length % 3 || 3);
    for (let i = out.length; i < digits.length; i += 3) out += "," + digits.slice(i, i + 3);
    return n < 0 ? "-" + out : out;
  }
  function secs(ms) {
    if (typeof ms !== "number") return "-";
    if (ms < 1e3) return \`\${ms}ms\`;
    if (ms < 6e4) return \`\${(ms / 1e3).toFixed(1)}s\`;
    const m = Math.floor(ms / 6e4);
    const s = Math.round(ms % 6e4 / 1e3);
    return \`\${m}m\${String(s).padStart(2, "0")}s\`;
  }
  function tokens(u) {
    if (typeof u !== "object" || u === null) return "";
    const x = u;
    return \`\${num(x.input_tokens)} in, \${num(x.output_tokens)} out\`;
  }
  function toolInput(input, max) {
    if (typeof input === "object" && input !== null && !Array.isArray(input)) {
      const o = input;
      for (const k of [
        "command",
        "cmd",
        "path",
        "file",
        "file_path",
        "pattern",
        "query",
        "url"
      ]) {
        if (typeof o[k] === "string") return oneLine(o[k], max);
      }
    }
    if (input === void 0) return "";
    let json;
    try {
      json = JSON.stringify(input) ?? "";
    } catch {
      json = String(input);
    }
    return oneLine(json, max);
  }
  function subtaskNote(subtask) {
    return typeof subtask === "string" ? \` [\${short(subtask)}]\` : "";
  }
  function describe(env, max) {
    const e = env.event;
    switch (e.type) {
      case "run_started":
        return [
          "\\u25B6",
          "info",
          \`run \${short(e.run)} started\`
        ];
      case "run_finished": {
        const totals = \`(\${secs(e.active_ms)}, \${tokens(e.usage)})\`;
        const status = oneLine(e.status, 40);
        if (e.success === true) {
          return [
            "\\u2714",
            "ok",
            \`run \${short(e.run)} finished: \${status} \${totals}\`
          ];
        }
        if (e.status === "failed") return [
          "\\u2718",
          "bad",
          \`run \${short(e.run)} failed \${totals}\`
        ];
        return [
          "\\u25A0",
          "warn",
          \`run \${short(e.run)} stopped: \${status} \${totals}\`
        ];
      }
      case "phase_started":
        return [
          "\\u25B8",
          "info",
          \`phase \${oneLine(e.phase, 40)} started\`
        ];
      case "phase_finished":
        return e.success === true ? [
          "\\u2714",
          "ok",
          \`phase \${oneLine(e.phase, 40)} done\${e.summary ? ": " + oneLine(e.summary, max) : ""}\`
        ] : [
          "\\u2718",
          "bad",
          \`phase \${oneLine(e.phase, 40)} failed\${e.summary ? ": " + oneLine(e.summary, max) : ""}\`
        ];
      case "agent_started":
        return [
          "\\u25CF",
          "info",
          \`\${oneLine(e.role, 40)} started\${e.model ? " (" + oneLine(e.model, 60) + ")" : ""}\${subtaskNote(e.subtask)}\`
        ];
      case "agent_delta":
        return [
          "\\u2026",
          "dim",
          \`\${oneLine(e.role, 40)}: \${oneLine(e.delta?.text, max)}\`
        ];
      case "agent_text":
        return [
          "\\u201C",
          "dim",
          \`\${oneLine(e.role, 40)}: \${oneLine(e.text, max)}\`
        ];
      case "tool_called":
        return [
          "\\u2192",
          "tool",
          \`\${oneLine(e.role, 40)} calls \${oneLine(e.tool, 40)} \${toolInput(e.input, max)}\`.trimEnd() + \` {\${oneLine(e.call, 12)}}\`
        ];
      case "tool_returned": {
        const status = e.timed_out === true ? "timed out" : typeof e.exit_code === "number" ? \`exit \${e.exit_code}\` : e.is_error === true ? "error" : "ok";
        const preview = oneLine(e.preview, max);
        return [
          e.is_error === true ? "\\u21A9" : "\\u2190",
          e.is_error === true ? "bad" : "tool",
          \`\${oneLine(e.tool, 40)} \${status} in \${secs(e.duration_ms)}, \${num(e.output_chars)} chars {\${oneLine(e.call, 12)}}\${preview ? ": " + preview : ""}\`
        ];
      }
      case "agent_finished":
        return [
          "\\u25CB",
          "info",
          \`\${oneLine(e.role, 40)} finished: \${oneLine(e.stop, 40)} after \${num(e.steps)} steps (\${tokens(e.usage)})\`
        ];
      case "subtask_updated":
        return [
          "\\u25C6",
          "info",
          \`subtask \${short(e.subtask)} \${oneLine(e.status, 40)}\`
        ];
      case "subtask_integrated": {
        const conflicts = Array.isArray(e.conflicts) ? e.conflicts : [];
        return conflicts.length === 0 ? [
          "\\u2714",
          "ok",
          \`subtask \${short(e.subtask)} integrated at \${short(e.commit)}\`
        ] : [
          "\\u2718",
          "bad",
          \`subtask \${short(e.subtask)} conflicted: \${oneLine(conflicts.join(", "), max)}\`
        ];
      }
      case "committed": {
        const files = Array.isArray(e.files) ? e.files.length : 0;
        return [
          "\\u25CF",
          "ok",
          \`committed \${short(e.commit)} \${oneLine(e.message, max)} (\${files} file\${files === 1 ? "" : "s"})\`
        ];
      }
      case "merged":
        return [
          "\\u2714",
          "ok",
          \`merged \${oneLine(e.branch, 60) || "?"} into \${oneLine(e.base, 60) || "?"} at \${short(e.commit)}\`
        ];
      case "validation_finished":
        return e.passed === true ? [
          "\\u2714",
          "ok",
          \`validation passed: \${oneLine(e.command, max)}\`
        ] : [
          "\\u2718",
          "bad",
          \`validation failed\${typeof e.exit_code === "number" ? \` (exit \${e.exit_code})\` : ""}: \${oneLine(e.command, max)}\`
        ];
      case "budget_updated":
        return [
          "$",
          "dim",
          \`budget: \${num(e.tokens)}\${typeof e.token_limit === "number" ? "/" + num(e.token_limit) : ""} tokens, \${secs(e.active_ms)}\${typeof e.duration_limit_ms === "number" ? "/" + secs(e.duration_limit_ms) : ""} active\`
        ];
      case "artefact_written": {
        const a = e.artefact ?? {};
        const what = a.kind === "qa_report" ? \`QA report (round \${num(a.round)})\` : oneLine(a.kind, 40);
        return [
          "\\u270E",
          "info",
          \`wrote the \${what}\`
        ];
      }
      case "approval_requested":
        return [
          "?",
          "warn",
          \`waiting for approval of the \${oneLine(e.gate, 20)}\`
        ];
      case "approval_resolved":
        return e.approved === true ? [
          "\\u2714",
          "ok",
          \`\${oneLine(e.gate, 20)} approved\${e.comment ? ": " + oneLine(e.comment, max) : ""}\`
        ] : [
          "\\u2718",
          "bad",
          \`\${oneLine(e.gate, 20)} rejected\${e.comment ? ": " + oneLine(e.comment, max) : ""}\`
        ];
      case "retrying":
        return [
          "\\u21BB",
          "warn",
          \`retrying \${oneLine(e.what, max)} (attempt \${num(e.attempt)}, in \${secs(e.delay_ms)})\`
        ];
      case "paused":
        return [
          "\\u23F8",
          "warn",
          \`paused: \${oneLine(e.reason, max)}\`
        ];
      case "log": {
        const level = String(e.level ?? "info");
        const tone = /^(error|fatal)$/i.test(level) ? "bad" : /^warn/i.test(level) ? "warn" : "dim";
        return [
          tone === "bad" ? "\\u2718" : tone === "warn" ? "!" : "\\xB7",
          tone,
          \`\${oneLine(level, 10)}: \${oneLine(e.message, max)}\`
        ];
      }
      default:
        return [
          "?",
          "dim",
          \`\${oneLine(e.type, 60)} (unknown event\${env.schema > 2 ? \`, schema \${env.schema}\` : ""})\`
        ];
    }
  }

  // src/views/units.ts
  function formatCount(n) {
    if (!Number.isFinite(n)) return "-";
    const sign = n < 0 ? "-" : "";
    let v = Math.abs(Math.round(n));
    if (v < 1e3) return \`\${sign}\${v}\`;
    const units = [
      "k",
      "M",
      "G",
      "T"
    ];
    let i = -1;
    let scaled = v;
    while (i < units.length - 1 && scaled >= 999.5) {
      v = scaled;
      scaled = scaled / 1e3;
      i++;
    }
    const text = scaled < 9.95 ? trimZero(scaled.toFixed(1)) : String(Math.round(scaled));
    return \`\${sign}\${text}\${units[i]}\`;
  }
  function trimZero(s) {
    return s.endsWith(".0") ? s.slice(0, -2) : s;
  }
  var pad2 = (n) => String(n).padStart(2, "0");
  function formatDuration(ms) {
    if (ms === null || ms === void 0 || !Number.isFinite(ms) || ms < 0) return "-";
    if (ms < 1e3) return \`\${Math.round(ms)} ms\`;
    const s = ms / 1e3;
    if (s < 9.95) return \`\${s.toFixed(1)} s\`;
    if (s < 59.5) return \`\${Math.round(s)} s\`;
    const totalS = Math.round(s);
    if (totalS < 3600) return \`\${Math.floor(totalS / 60)} min \${pad2(totalS % 60)} s\`;
    const totalMin = Math.floor(totalS / 60);
    if (totalMin < 24 * 60) return \`\${Math.floor(totalMin / 60)} h \${pad2(totalMin % 60)} min\`;
    const totalH = Math.floor(totalMin / 60);
    return \`\${Math.floor(totalH / 24)} d \${pad2(totalH % 24)} h\`;
  }
  function formatCost(amount, currency = "USD") {
    if (amount === null || amount === void 0 || !Number.isFinite(amount)) return "-";
    const small = amount > 0 && amount < 5e-3;
    const text = small ? "0.01" : amount.toFixed(2);
    const money = currency === "USD" ? \`$\${text}\` : \`\${text} \${currency}\`;
    return small ? \`<\${money}\` : money;
  }

  // src/web/client/wire.ts
  function isFuture(env) {
    return typeof env.schema === "number" && env.schema > 2;
  }

  // src/web/client/format.ts
  var formatters = /* @__PURE__ */ new Map();
  function dateFormat(kind) {
    let f = formatters.get(kind);
    if (!f) {
      f = kind === "time" ? new Intl.DateTimeFormat(void 0, {
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hour12: false
      }) : new Intl.DateTimeFormat(void 0, {
        dateStyle: "short",
        timeStyle: "medium",
        hour12: false
      });
      formatters.set(kind, f);
    }
    return f;
  }
  function fmtTime(at) {
    const d = new Date(String(at ?? ""));
    if (Number.isNaN(d.getTime())) return String(at ?? "");
    return dateFormat("time").format(d);
  }
  function fmtDateTime(at) {
    if (!at) return "\\u2013";
    const d = new Date(String(at));
    if (Number.isNaN(d.getTime())) return String(at);
    return dateFormat("datetime").format(d);
  }
  function fmtWhen(at) {
    const d = new Date(String(at ?? ""));
    if (Number.isNaN(d.getTime())) return String(at ?? "");
    return d.toDateString() === (/* @__PURE__ */ new Date()).toDateString() ? fmtTime(at) : fmtDateTime(at);
  }
  function fmtTokens(n) {
    return typeof n === "number" && Number.isFinite(n) ? formatCount(n) : "\\u2013";
  }
  function fmtCount(n) {
    let f = formatters.get("count");
    if (!f) formatters.set("count", f = new Intl.NumberFormat("en-US"));
    return f.format(Number(n ?? 0));
  }
  function plural(n, noun) {
    return \`\${fmtCount(n)} \${noun}\${n === 1 ? "" : "s"}\`;
  }
  function fmtCost(cost) {
    if (!cost || typeof cost.amount !== "number") return "\\u2013";
    return formatCost(cost.amount, typeof cost.currency === "string" ? cost.currency : "USD");
  }
  function fmtDuration(ms) {
    return typeof ms === "number" && Number.isFinite(ms) && ms >= 0 ? formatDuration(ms) : "\\u2013";
  }
  function usageTokens(u) {
    if (!u) return 0;
    const n = (v) => typeof v === "number" && Number.isFinite(v) ? v : 0;
    return n(u.input_tokens) + n(u.output_tokens);
  }
  function firstLine(text, max = 160) {
    const s = String(text ?? "").trim();
    const nl = s.search(/[\\r\\n\\u2028\\u2029\\u0085]/);
    const line = nl >= 0 ? s.slice(0, nl) : s;
    return line.length > max ? line.slice(0, max - 1) + "\\u2026" : line;
  }
  function shortId(id, n = 8) {
    return id ? String(id).slice(0, n) : "\\u2013";
  }
  function inputSummary(input) {
    if (input === null || input === void 0) return "";
    if (typeof input !== "object") return firstLine(String(input), 120);
    const o = input;
    for (const k of [
      "command",
      "cmd",
      "path",
      "file",
      "file_path",
      "pattern",
      "query",
      "url"
    ]) {
      if (typeof o[k] === "string") return firstLine(o[k], 120);
    }
    return firstLine(JSON.stringify(input), 120);
  }
  var SEVERITY = {
    ok: "ok",
    bad: "error",
    warn: "warn",
    tool: "",
    info: "",
    dim: ""
  };
  function describeEnv(env, max = 160) {
    if (isFuture(env)) {
      return [
        "?",
        "",
        \`\${firstLine(env.event.type, 60)} (an event of schema \${env.schema}, which this page does not know)\`
      ];
    }
    const [symbol, tone, text] = describe(env, max);
    return [
      symbol,
      SEVERITY[tone],
      text
    ];
  }
  function describeText(env, max = 160) {
    return describeEnv(env, max)[2];
  }

  // src/web/client/store.ts
  var SUBTASK_DONE = /* @__PURE__ */ new Set([
    "done",
    "completed",
    "complete",
    "integrated",
    "merged",
    "skipped"
  ]);
  function newTaskInfo(number) {
    return {
      number,
      version: 0,
      id: "",
      title: "",
      status: "",
      running: false,
      run: "",
      runStatus: "",
      phase: "",
      phaseFailed: false,
      pendingApproval: null,
      subtasks: /* @__PURE__ */ new Map(),
      tokens: 0,
      tokenLimit: null,
      activeMs: 0,
      calls: 0,
      errors: 0,
      lastAt: "",
      last: null,
      liveText: "",
      liveRole: ""
    };
  }
  function matchRef(id, number, ref) {
    if (/^\\d+$/.test(ref)) return number === Number(ref);
    return typeof id === "string" && ref.length >= 4 && id.startsWith(ref.toLowerCase());
  }
  function envOf(env, ref) {
    return matchRef(env.task, env.number, ref);
  }
  function subtaskProgress(info) {
    let done = 0;
    for (const s of info.subtasks.values()) if (SUBTASK_DONE.has(String(s).toLowerCase())) done++;
    return {
      done,
      total: info.subtasks.size
    };
  }
  var str = (v, fallback = "") => typeof v === "string" ? v : fallback;
  var numOr = (v, fallback) => typeof v === "number" && Number.isFinite(v) ? v : fallback;
  function applyToTask(info, env) {
    const ev = env.event;
    info.version++;
    if (env.task && !info.id) info.id = env.task;
    if (ev.type === "agent_delta") {
      if (info.liveRole !== ev.role) info.liveText = "";
      info.liveRole = str(ev.role);
      if (ev.delta?.kind !== "thinking") {
        info.liveText = (info.liveText + str(ev.delta?.text)).slice(-400);
      }
      return;
    }
    info.lastAt = env.at;
    info.last = env;
    if (isFuture(env)) return;
    switch (ev.type) {
      case "run_started":
        if (ev.run !== info.run) {
          info.subtasks = /* @__PURE__ */ new Map();
          info.tokens = 0;
          info.tokenLimit = null;
          info.calls = 0;
          info.errors = 0;
        }
        info.run = str(ev.run);
        info.running = true;
        info.runStatus = "running";
        info.pendingApproval = null;
        info.phaseFailed = false;
        break;
      case "phase_started":
        info.phase = str(ev.phase);
        info.phaseFailed = false;
        break;
      case "phase_finished":
        info.phaseFailed = !ev.success;
        break;
      case "agent_text":
      case "agent_finished":
        info.liveText = "";
        if (ev.type === "agent_finished" && info.tokenLimit === null) {
          info.tokens += usageTokens(ev.usage);
        }
        break;
      case "tool_called":
        info.calls++;
        break;
      case "tool_returned":
        if (ev.is_error || ev.timed_out) info.errors++;
        break;
      case "subtask_updated":
        info.subtasks.set(str(ev.subtask), str(ev.status));
        break;
      case "budget_updated":
        info.tokens = numOr(ev.tokens, info.tokens);
        info.tokenLimit = typeof ev.token_limit === "number" ? ev.token_limit : null;
        info.activeMs = numOr(ev.active_ms, info.activeMs);
        break;
      case "approval_requested":
        info.pendingApproval = str(ev.gate);
        info.runStatus = "waiting";
        break;
      case "approval_resolved":
        info.pendingApproval = null;
        break;
      case "paused":
        info.runStatus = "paused";
        break;
      case "run_finished":
        info.running = false;
        info.liveText = "";
        info.runStatus = str(ev.status);
        info.status = str(ev.status) || info.status;
        info.tokens = usageTokens(ev.usage) || info.tokens;
        info.activeMs = numOr(ev.active_ms, info.activeMs);
        break;
    }
  }
  var keyOf = (env, number) => \`\${number}:\${env.seq ?? ""}:\${env.at}:\${env.event.type}\`;
  var Store = class {
    /** Tagged envelopes, in the order they arrived. */
    events = [];
    /** Events dropped from the front of \`events\` since the page opened. */
    dropped = 0;
    eventsMax;
    keys = /* @__PURE__ */ new Set();
    /** Task id -> summary. */
    tasks = /* @__PURE__ */ new Map();
    /** Task number -> how many tasks have it. */
    numbers = /* @__PURE__ */ new Map();
    /** Reference -> task, for {@link byRef}; cleared when a task appears. */
    refs = /* @__PURE__ */ new Map();
    /** Event types seen, for the Activity filter. */
    types = /* @__PURE__ */ new Set();
    /** The ids of the last task list read ({@link syncRows}). */
    listed = /* @__PURE__ */ new Set();
    listeners = /* @__PURE__ */ new Set();
    constructor(options = {}) {
      this.eventsMax = options.eventsMax ?? 2e5;
    }
    on(fn) {
      this.listeners.add(fn);
      return () => this.listeners.delete(fn);
    }
    emit(change) {
      for (const fn of this.listeners) {
        try {
          fn(change);
        } catch (e) {
          console.error(e);
        }
      }
    }
    /**
     * The summary of a task, made on first sight. Tasks are keyed by id: two
     * tasks can share a number (made at the same time by two processes).
     */
    task(id, number) {
      const key = typeof id === "string" && id ? id : \`#\${number}\`;
      let info = this.tasks.get(key);
      if (!info) {
        info = newTaskInfo(number);
        info.id = typeof id === "string" ? id : "";
        this.tasks.set(key, info);
        this.numbers.set(number, (this.numbers.get(number) ?? 0) + 1);
        this.refs.clear();
        this.emit({
          kind: "task",
          info
        });
      }
      return info;
    }
    /** How a task is named in addresses and routes: its number, or its id when the number is shared. */
    refOf(info) {
      if (!info) return "";
      return (this.numbers.get(info.number) ?? 0) > 1 && info.id ? info.id : String(info.number);
    }
    /** The task a reference names (a number, or an id or id prefix), if the page knows it. */
    byRef(ref) {
      const cached = this.refs.get(ref);
      if (cached) return cached;
      for (const info of this.tasks.values()) {
        if (matchRef(info.id, info.number, ref)) {
          this.refs.set(ref, info);
          return info;
        }
      }
      return null;
    }
    /**
     * Adds one envelope of the project stream. Logged events are kept (once:
     * a repeat is ignored); ephemeral ones only update the task's live text.
     * Returns whether anything changed. \`quiet\` batches: the caller emits.
     */
    add(value, quiet = false) {
      if (!value || typeof value !== "object") return false;
      const env = value;
      if (!env.event || typeof env.event !== "object" || typeof env.event.type !== "string") {
        return false;
      }
      const number = Number.isInteger(env.number) ? env.number : 0;
      const info = this.task(env.task, number);
      if (env.event.type === "agent_delta") {
        applyToTask(info, env);
        if (!quiet) this.emit({
          kind: "delta",
          env
        });
        return true;
      }
      const key = keyOf(env, number);
      if (this.keys.has(key)) return false;
      this.keys.add(key);
      this.events.push(env);
      this.types.add(env.event.type);
      applyToTask(info, env);
      if (this.events.length > this.eventsMax) this.trim();
      if (!quiet) this.emit({
        kind: "event",
        env
      });
      return true;
    }
    /** Adds many envelopes, then tells listeners once. */
    addAll(envs) {
      for (const env of envs) this.add(env, true);
      this.emit({
        kind: "reset"
      });
    }
    trim() {
      const n = Math.ceil(this.eventsMax / 10);
      for (const env of this.events.splice(0, n)) {
        this.keys.delete(keyOf(env, Number.isInteger(env.number) ? env.number : 0));
      }
      this.dropped += n;
      this.emit({
        kind: "trim",
        count: n
      });
    }
    /** Merges a row of \`GET /api/tasks\` (or \`/api/tasks/{ref}\`): it is newer than the events read before it. */
    mergeRow(value) {
      if (!value || typeof value !== "object") return;
      const row = value;
      const t = row.task ?? row;
      const number = Number.isInteger(row.number) ? row.number : t.number;
      if (!Number.isInteger(number)) return;
      const info = this.task(t.id, number);
      info.version++;
      info.id = str(t.id, info.id);
      info.title = str(t.title, info.title);
      info.status = str(t.status, info.status);
      if (typeof row.running === "boolean") {
        info.running = row.running;
        if (!row.running && info.runStatus === "running") info.runStatus = "stopped";
      }
      const run = row.run;
      if (run && typeof run === "object") {
        if ("pending_approval" in run) info.pendingApproval = run.pending_approval ?? null;
        if (run.current_phase) info.phase = str(run.current_phase, info.phase);
        if (run.status) info.runStatus = str(run.status, info.runStatus);
        if (run.active_ms && !info.activeMs) info.activeMs = numOr(run.active_ms, 0);
        if (run.usage && !info.tokens) info.tokens = usageTokens(run.usage);
        if (run.id || run.run) info.run = str(run.id ?? run.run, info.run);
      }
      this.emit({
        kind: "task",
        info
      });
    }
    /**
     * The whole task list (\`GET /api/tasks\`): each row is merged (with
     * \`newOnly\`, only the rows of tasks the page does not know: the events of
     * the others are newer than a row read in passing, which can be a moment
     * behind them), and a task that was in the previous list and is not in
     * this one was discarded: it is forgotten with its events (the server's
     * \`/api/events\` forgets them too). A task not in any list yet (its first
     * events came by the stream before the list was read) is kept.
     */
    syncRows(rows, options = {}) {
      const ids = /* @__PURE__ */ new Set();
      for (const row of rows) {
        const r = row;
        const id = r?.task?.id ?? r?.id;
        if (typeof id === "string") {
          ids.add(id);
          if (options.newOnly && this.tasks.has(id)) continue;
        }
        this.mergeRow(row);
      }
      const gone = /* @__PURE__ */ new Set();
      for (const [key, info] of this.tasks) {
        if (!info.id || ids.has(info.id) || !this.listed.has(info.id)) continue;
        gone.add(info.id);
        this.tasks.delete(key);
        const n = (this.numbers.get(info.number) ?? 1) - 1;
        if (n > 0) this.numbers.set(info.number, n);
        else this.numbers.delete(info.number);
      }
      this.listed = ids;
      if (gone.size === 0) return;
      this.refs.clear();
      this.events = this.events.filter((e) => !(typeof e.task === "string" && gone.has(e.task)));
      this.keys = new Set(this.events.map((e) => keyOf(e, Number.isInteger(e.number) ? e.number : 0)));
      this.emit({
        kind: "reset"
      });
    }
    /**
     * Fills what the recent events did not tell of a task (an older task whose
     * events are not among them) from its history document: last phase, run
     * status, tokens, active time, last activity. Events, when there are any,
     * are newer and win.
     */
    mergeHistory(value) {
      if (!value || typeof value !== "object") return;
      const d = value;
      if (!Number.isInteger(d.number)) return;
      const info = this.task(d.task?.id, d.number);
      const run = Array.isArray(d.runs) ? d.runs[d.runs.length - 1] : null;
      info.version++;
      if (!info.title && d.task?.title) info.title = str(d.task.title);
      if (!info.status && d.task?.status) info.status = str(d.task.status);
      if (!info.phase && run?.phases?.length) {
        const p = run.phases[run.phases.length - 1];
        info.phase = str(p.phase);
        info.phaseFailed = p.success === false;
      }
      if (!info.runStatus && run) info.runStatus = str(run.status ?? run.state);
      if (info.pendingApproval === null && run?.pending_approval) {
        info.pendingApproval = str(run.pending_approval);
      }
      if (!info.tokens) info.tokens = usageTokens(d.totals?.usage);
      if (!info.activeMs) info.activeMs = numOr(d.totals?.active_ms, 0);
      if (!info.lastAt && d.last_activity) info.lastAt = str(d.last_activity);
      this.emit({
        kind: "task",
        info
      });
    }
  };

  // src/web/client/vlist.ts
  var vlistIds = 0;
  var VirtualList = class {
    options;
    rowHeight;
    overscanRows;
    count;
    selected;
    /** Whether the list sticks to its end as rows are added (like \`tail -f\`). */
    follow;
    pending;
    idPrefix;
    root;
    spacer;
    rows;
    pool;
    lastTop;
    constructor(options) {
      this.options = options;
      this.overscanRows = 8;
      this.count = 0;
      this.selected = -1;
      this.follow = true;
      this.pending = false;
      this.pool = [];
      this.lastTop = 0;
      this.rowHeight = options.rowHeight;
      this.idPrefix = \`vrow\${++vlistIds}\`;
      this.root = h("div", {
        class: "vlist",
        tabindex: "0",
        role: "listbox",
        "aria-label": options.label
      });
      this.spacer = h("div", {
        class: "vspacer",
        "aria-hidden": "true"
      });
      this.rows = h("div", {
        class: "vrows"
      });
      this.root.append(this.spacer, this.rows);
      this.root.addEventListener("scroll", () => {
        const top = this.root.scrollTop;
        if (top < this.lastTop - 2) this.follow = false;
        if (this.atEnd()) this.follow = true;
        this.lastTop = top;
        this.schedule();
      }, {
        passive: true
      });
      this.root.addEventListener("keydown", (e) => this.onKey(e));
      this.root.addEventListener("click", (e) => {
        const row = e.target?.closest(".vrow");
        if (!row) return;
        const i = Number(row.dataset.index);
        this.select(i);
        this.options.onActivate?.(i);
      });
      if (typeof ResizeObserver === "function") {
        new ResizeObserver(() => this.schedule()).observe(this.root);
      }
    }
    atEnd() {
      const r = this.root;
      return r.scrollTop + r.clientHeight >= r.scrollHeight - this.rowHeight;
    }
    /** Sets the number of rows; stays at the end when it was following. */
    setCount(n) {
      this.count = n;
      if (this.selected >= n) this.selected = n - 1;
      this.spacer.style.height = \`\${n * this.rowHeight}px\`;
      if (this.follow) this.scrollToEnd();
      this.schedule();
    }
    scrollToEnd() {
      this.root.scrollTop = this.root.scrollHeight;
      this.lastTop = this.root.scrollTop;
    }
    /** Redraws the rows in view (all of them: their content may have changed). */
    refresh() {
      this.schedule();
    }
    schedule() {
      if (this.pending) return;
      this.pending = true;
      requestAnimationFrame(() => {
        this.pending = false;
        this.render();
      });
    }
    render() {
      const rh = this.rowHeight;
      const top = this.root.scrollTop;
      const height = this.root.clientHeight || 600;
      const first = Math.max(0, Math.floor(top / rh) - this.overscanRows);
      const last = Math.min(this.count, Math.ceil((top + height) / rh) + this.overscanRows);
      const n = Math.max(0, last - first);
      while (this.pool.length < n) {
        const el = h("div", {
          class: "vrow",
          role: "option"
        });
        this.rows.append(el);
        this.pool.push(el);
      }
      while (this.pool.length > n) this.pool.pop().remove();
      for (let i = 0; i < n; i++) {
        const el = this.pool[i];
        const index = first + i;
        el.style.transform = \`translateY(\${index * rh}px)\`;
        el.dataset.index = String(index);
        el.id = \`\${this.idPrefix}-\${index}\`;
        el.setAttribute("aria-posinset", String(index + 1));
        el.setAttribute("aria-setsize", String(this.count));
        el.setAttribute("aria-selected", index === this.selected ? "true" : "false");
        this.options.renderRow(el, index);
      }
      if (this.selected >= first && this.selected < last) {
        this.root.setAttribute("aria-activedescendant", \`\${this.idPrefix}-\${this.selected}\`);
      } else {
        this.root.removeAttribute("aria-activedescendant");
      }
    }
    select(i) {
      if (this.count === 0) return;
      this.selected = Math.max(0, Math.min(this.count - 1, i));
      const rh = this.rowHeight, r = this.root;
      const y = this.selected * rh;
      if (y < r.scrollTop) r.scrollTop = y;
      else if (y + rh > r.scrollTop + r.clientHeight) r.scrollTop = y + rh - r.clientHeight;
      this.follow = this.selected === this.count - 1;
      this.schedule();
      this.options.onSelect?.(this.selected);
    }
    onKey(e) {
      const page = Math.max(1, Math.floor(this.root.clientHeight / this.rowHeight) - 1);
      const cur = this.selected < 0 ? Math.floor(this.root.scrollTop / this.rowHeight) : this.selected;
      let next;
      switch (e.key) {
        case "ArrowDown":
          next = this.selected < 0 ? cur : cur + 1;
          break;
        case "ArrowUp":
          next = cur - 1;
          break;
        case "PageDown":
          next = cur + page;
          break;
        case "PageUp":
          next = cur - page;
          break;
        case "Home":
          next = 0;
          break;
        case "End":
          next = this.count - 1;
          break;
        case "Enter":
          if (this.selected >= 0) this.options.onActivate?.(this.selected);
          e.preventDefault();
          return;
        default:
          return;
      }
      e.preventDefault();
      this.select(next);
    }
  };

  // src/web/client/widgets.ts
  function frameThrottle(fn, minIntervalMs = 0) {
    let pending = false;
    let last = 0;
    return () => {
      if (pending) return;
      pending = true;
      const wait = Math.max(0, last + minIntervalMs - performance.now());
      setTimeout(() => requestAnimationFrame(() => {
        pending = false;
        last = performance.now();
        fn();
      }), wait);
    };
  }
  function lazyDetails(summary, make, open = false) {
    const parts = [
      make
    ];
    let filled = 0;
    const el = h("details", {}, h("summary", {}, summary));
    const fill = () => {
      while (filled < parts.length) {
        for (const c of parts[filled++]()) {
          if (c !== null && c !== void 0 && c !== false) {
            el.append(c instanceof Node ? c : String(c));
          }
        }
      }
    };
    el.addEventListener("toggle", () => {
      if (el.open) fill();
    });
    el.more = (fn) => {
      parts.push(fn);
      if (el.open) fill();
    };
    if (open) {
      el.open = true;
      fill();
    }
    return el;
  }
  function taskLabel(app2, ref) {
    const info = app2.store.byRef(ref);
    return \`#\${info?.number ?? ref}\`;
  }
  function badge(text, kind) {
    return h("span", {
      class: \`badge \${kind ?? ""}\`
    }, text);
  }
  function statusKind(status) {
    const s = String(status ?? "").toLowerCase();
    if ([
      "done",
      "merged",
      "ready",
      "finished",
      "completed",
      "approved",
      "ok"
    ].includes(s)) {
      return "ok";
    }
    if ([
      "failed",
      "error",
      "rejected",
      "cancelled",
      "canceled",
      "zombie"
    ].includes(s)) {
      return "error";
    }
    if ([
      "paused",
      "waiting",
      "review",
      "blocked"
    ].includes(s)) return "warn";
    if (s === "running") return "live";
    return "";
  }
  function screenHeader(title, ...rest) {
    return h("header", {
      class: "screen-head"
    }, h("h1", {
      tabindex: "-1"
    }, title), ...rest);
  }
  function placeholder(text, kind) {
    return h("p", {
      class: \`placeholder \${kind ?? ""}\`,
      role: kind === "error" ? "alert" : null
    }, text);
  }
  function table(caption, headers, className) {
    const tbody = h("tbody");
    const t = h("table", {
      class: className ?? "grid"
    }, h("caption", {
      class: "sr-only"
    }, caption), h("thead", {}, h("tr", {}, ...headers.map((c) => h("th", {
      scope: "col"
    }, c)))), tbody);
    return {
      table: h("div", {
        class: "table-wrap"
      }, t),
      tbody
    };
  }

  // src/web/client/activity.ts
  var ActivityScreen = class {
    app;
    type;
    taskFilter;
    view;
    taskSig;
    updateCount;
    updateFilters;
    typeSelect;
    taskSelect;
    count;
    followBox;
    list;
    detail;
    constructor(app2, query) {
      this.app = app2;
      this.view = [];
      this.taskSig = "";
      this.type = query.get("type") ?? "";
      this.taskFilter = query.get("task") ?? "";
      this.updateCount = frameThrottle(() => {
        this.list.setCount(this.view.length);
        this.drawCount();
      });
      this.updateFilters = frameThrottle(() => this.drawFilters());
    }
    mount(el) {
      this.typeSelect = h("select", {
        id: "filter-type",
        onchange: () => this.filterChanged()
      });
      this.taskSelect = h("select", {
        id: "filter-task",
        onchange: () => this.filterChanged()
      });
      this.count = h("output", {
        class: "muted",
        "aria-live": "off"
      });
      this.followBox = h("input", {
        type: "checkbox",
        id: "follow",
        checked: true,
        onchange: () => {
          this.list.follow = this.followBox.checked;
          if (this.list.follow) this.list.scrollToEnd();
        }
      });
      const bar = h("div", {
        class: "toolbar",
        role: "group",
        "aria-label": "Filters"
      }, h("label", {
        for: "filter-type"
      }, "Type "), this.typeSelect, h("label", {
        for: "filter-task"
      }, "Task "), this.taskSelect, h("label", {
        class: "check"
      }, this.followBox, " Follow new events"), this.count);
      this.list = new VirtualList({
        label: "Events",
        rowHeight: 28,
        renderRow: (row, i) => this.renderRow(row, i),
        onSelect: (i) => this.showDetail(i),
        onActivate: (i) => {
          const env = this.app.store.events[this.view[i]];
          if (!env) return;
          const ref = this.app.store.refOf(this.app.store.tasks.get(env.task)) || env.number;
          if (ref) location.hash = \`#/task/\${ref}\`;
        }
      });
      this.list.root.addEventListener("scroll", () => {
        if (this.followBox.checked !== this.list.follow) this.followBox.checked = this.list.follow;
      }, {
        passive: true
      });
      this.detail = h("pre", {
        class: "event-detail",
        "aria-live": "off",
        "aria-label": "The selected event",
        hidden: true
      });
      el.append(screenHeader("Activity"), bar, this.list.root, this.detail);
      el.classList.add("fill");
      this.drawFilters();
      this.rebuild();
    }
    /** Shows the selected event whole, as the server sent it. */
    showDetail(i) {
      const env = this.app.store.events[this.view[i]];
      this.detail.hidden = !env;
      if (env) this.detail.textContent = JSON.stringify(env, null, 2);
    }
    passes(env) {
      if (this.type && env.event.type !== this.type) return false;
      if (this.taskFilter && !envOf(env, this.taskFilter)) return false;
      return true;
    }
    rebuild() {
      const evs = this.app.store.events;
      const view = [];
      for (let i = 0; i < evs.length; i++) if (this.passes(evs[i])) view.push(i);
      this.view = view;
      this.list.follow = this.followBox.checked;
      this.list.setCount(view.length);
      this.list.refresh();
      this.drawCount();
    }
    drawCount() {
      const total = this.app.store.events.length;
      const shown = this.view.length;
      this.count.textContent = shown === total ? \`\${fmtCount(total)} events\` : \`\${fmtCount(shown)} of \${fmtCount(total)} events\`;
    }
    drawFilters() {
      const store = this.app.store;
      const types = [
        ...store.types
      ].sort();
      if (this.type && !types.includes(this.type)) types.push(this.type);
      if (this.typeSelect.options.length !== types.length + 1) {
        this.typeSelect.replaceChildren(h("option", {
          value: ""
        }, "All types"), ...types.map((t) => h("option", {
          value: t
        }, t)));
        this.typeSelect.value = this.type;
      }
      const infos = [
        ...store.tasks.values()
      ].filter((t) => t.number > 0).sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : 1));
      const options = infos.map((t) => ({
        ref: store.refOf(t),
        text: \`#\${t.number}\${t.title ? " " + t.title : ""}\`
      }));
      if (this.taskFilter && !options.some((o) => o.ref === this.taskFilter)) {
        options.push({
          ref: this.taskFilter,
          text: \`#\${this.taskFilter}\`
        });
      }
      const sig = options.map((o) => \`\${o.ref}:\${o.text}\`).join("|");
      if (this.taskSig !== sig) {
        this.taskSig = sig;
        this.taskSelect.replaceChildren(h("option", {
          value: ""
        }, "All tasks"), ...options.map((o) => h("option", {
          value: o.ref
        }, o.text)));
        this.taskSelect.value = this.taskFilter;
      }
    }
    filterChanged() {
      this.type = this.typeSelect.value;
      this.taskFilter = this.taskSelect.value;
      const q = new URLSearchParams();
      if (this.type) q.set("type", this.type);
      if (this.taskFilter) q.set("task", this.taskFilter);
      const qs = q.toString();
      history.replaceState(null, "", \`#/activity\${qs ? "?" + qs : ""}\`);
      this.followBox.checked = true;
      this.rebuild();
    }
    renderRow(row, i) {
      const env = this.app.store.events[this.view[i]];
      if (!row.firstChild) {
        row.append(h("span", {
          class: "c-time"
        }), h("span", {
          class: "c-task"
        }), h("span", {
          class: "c-type"
        }), h("span", {
          class: "c-text"
        }));
      }
      if (!env) return;
      const [symbol, severity, text] = describeEnv(env);
      const [time, task, type, textCell] = [
        ...row.children
      ];
      time.textContent = fmtTime(env.at);
      task.textContent = env.number ? \`#\${env.number}\` : "";
      type.textContent = \`\${symbol} \${env.event.type}\`;
      textCell.textContent = text;
      row.className = \`vrow sev-\${severity || "none"}\`;
      row.title = \`\${env.at}\${env.seq ? " \\xB7 seq " + env.seq : ""}\`;
    }
    onEvent(env) {
      const i = this.app.store.events.length - 1;
      if (this.app.store.events[i] === env && this.passes(env)) {
        this.view.push(i);
        this.updateCount();
      }
      this.updateFilters();
    }
    onReset() {
      this.drawFilters();
      this.rebuild();
    }
    onTrim() {
      this.rebuild();
    }
    onTask() {
      this.updateFilters();
    }
  };

  // src/web/client/api.ts
  var ApiError = class extends Error {
    status;
    constructor(status, message) {
      super(message), this.status = status;
    }
  };
  function statusOf(e) {
    return e instanceof ApiError ? e.status : 0;
  }
  function messageOf(e) {
    return e instanceof Error ? e.message : String(e);
  }
  function isAuthError(e) {
    const s = statusOf(e);
    return s === 401 || s === 403;
  }
  var Api = class {
    token;
    constructor(token) {
      this.token = token;
    }
    /** A request with the token; an answer that is not a success (304 is one) throws an {@link ApiError}. */
    async request(path, init = {}) {
      let res;
      const headers = {
        ...init.headers,
        Authorization: \`Bearer \${this.token}\`,
        Accept: "application/json"
      };
      if (init.body !== void 0) headers["Content-Type"] = "application/json";
      try {
        res = await fetch(path, {
          method: init.method ?? "GET",
          headers,
          body: init.body === void 0 ? void 0 : JSON.stringify(init.body),
          cache: "no-store"
        });
      } catch (e) {
        throw new ApiError(0, \`Cannot reach the server (\${messageOf(e)})\`);
      }
      if (!res.ok && res.status !== 304) {
        let message = "";
        try {
          const p = await res.json();
          message = String(p?.error || p?.detail || p?.title || "");
        } catch {
        }
        throw new ApiError(res.status, message || \`\${res.status} \${res.statusText}\`);
      }
      return res;
    }
    /** A JSON answer; the caller checks its shape. */
    async json(path) {
      return await (await this.request(path)).json();
    }
    async text(path) {
      return await (await this.request(path)).text();
    }
    /** POSTs a JSON body; the answer's JSON (null when it has none). */
    async post(path, body = {}) {
      const res = await this.request(path, {
        method: "POST",
        body
      });
      const text = await res.text();
      try {
        return text ? JSON.parse(text) : null;
      } catch {
        return null;
      }
    }
  };

  // src/web/client/sse.ts
  var SseParser = class {
    onEvent;
    rest;
    type;
    data;
    lastEventId;
    retryMs;
    constructor(onEvent) {
      this.onEvent = onEvent;
      this.rest = "";
      this.type = "";
      this.data = [];
      this.lastEventId = "";
      this.retryMs = null;
    }
    push(text) {
      const s = this.rest + text;
      let at = 0;
      for (; ; ) {
        const m = /\\r\\n|\\r|\\n/g;
        m.lastIndex = at;
        const hit = m.exec(s);
        if (!hit || hit[0] === "\\r" && hit.index === s.length - 1) break;
        this.line(s.slice(at, hit.index));
        at = hit.index + hit[0].length;
      }
      this.rest = s.slice(at);
      if (this.rest.length > 16 * 1024 * 1024) throw new Error("an event stream line over 16 MB");
    }
    line(l) {
      if (l === "") {
        if (this.data.length > 0) {
          this.onEvent(this.type || "message", this.data.join("\\n"), this.lastEventId);
        }
        this.type = "";
        this.data = [];
        return;
      }
      if (l.startsWith(":")) return;
      const colon = l.indexOf(":");
      const field = colon < 0 ? l : l.slice(0, colon);
      let value = colon < 0 ? "" : l.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") this.type = value;
      else if (field === "data") this.data.push(value);
      else if (field === "id" && !value.includes("\\0")) this.lastEventId = value;
      else if (field === "retry" && /^\\d+$/.test(value)) this.retryMs = Number(value);
    }
  };

  // src/web/client/connection.ts
  var TASKS_POLL_MS = 3e3;
  function rowsOf(value) {
    if (Array.isArray(value)) return value;
    const tasks = value?.tasks;
    return Array.isArray(tasks) ? tasks : [];
  }
  var Connection = class {
    api;
    store;
    options;
    recentMax;
    source;
    cursor;
    retries;
    timer;
    stopped;
    loaded;
    /** The entity tag of the last task list read. */
    tasksTag;
    poller;
    polling;
    asked;
    constructor(api, store, options) {
      this.api = api;
      this.store = store;
      this.options = options;
      this.source = null;
      this.cursor = "";
      this.retries = 0;
      this.timer = void 0;
      this.stopped = false;
      this.loaded = false;
      this.tasksTag = "";
      this.poller = void 0;
      this.polling = false;
      this.asked = /* @__PURE__ */ new Set();
      this.recentMax = options.recentMax ?? 1e4;
    }
    async start() {
      this.options.onState("connecting", "Loading events\\u2026");
      let res;
      try {
        res = await this.api.request(\`/api/events?limit=\${this.recentMax}\`);
      } catch (e) {
        return this.failed(e);
      }
      this.cursor = res.headers.get("X-Taskline-Cursor") ?? "";
      const envs = await res.json().catch(() => []);
      this.store.addAll(Array.isArray(envs) ? envs : []);
      this.loaded = true;
      this.open();
      try {
        await this.readTasks();
      } catch (e) {
        if (isAuthError(e)) return this.failed(e);
      }
      this.options.onLoaded?.();
      this.poller ??= setInterval(() => void this.pollTasks(), TASKS_POLL_MS);
      this.api.json("/api/history?all=true").then((docs) => {
        for (const d of Array.isArray(docs) ? docs : []) this.store.mergeHistory(d);
      }).catch(() => {
      });
    }
    open() {
      if (this.stopped) return;
      this.close();
      const stream = new AbortController();
      this.source = stream;
      const headers = {
        Authorization: \`Bearer \${this.api.token}\`,
        Accept: "text/event-stream"
      };
      if (this.cursor) headers["Last-Event-ID"] = this.cursor;
      const onEvent = (type, data, id) => {
        if (type === "error") return;
        if (id) this.cursor = id;
        let env;
        try {
          env = JSON.parse(data);
        } catch {
          return;
        }
        this.store.add(env);
        const task = env?.task;
        if (typeof task === "string" && !this.store.tasks.get(task)?.title) this.lookUp(task);
      };
      (async () => {
        const res = await fetch("/api/stream", {
          headers,
          cache: "no-store",
          signal: stream.signal
        });
        if (!res.ok || !res.body) throw new ApiError(res.status, \`\${res.status} \${res.statusText}\`);
        this.retries = 0;
        this.options.onState("live", "Live");
        const parser = new SseParser(onEvent);
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (; ; ) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.push(value);
        }
      })().then(() => this.dropped(stream), (e) => isAuthError(e) ? this.failed(e) : this.dropped(stream));
    }
    /** The stream ended or broke: opened again after the last event seen. */
    dropped(stream) {
      if (this.source !== stream || this.stopped) return;
      this.source = null;
      this.retry();
    }
    /** Reopens the stream after a delay that grows to 30 s; stops on a refused token. */
    retry() {
      if (this.stopped) return;
      const delayMs = Math.min(3e4, 500 * 2 ** this.retries) * (0.75 + Math.random() / 2);
      this.retries = Math.min(this.retries + 1, 10);
      this.options.onState("reconnecting", \`Reconnecting in \${Math.ceil(delayMs / 1e3)} s\\u2026\`);
      clearTimeout(this.timer);
      this.timer = setTimeout(async () => {
        if (!this.loaded) return this.start();
        try {
          await this.api.request("/api/health");
        } catch (e) {
          if (isAuthError(e)) return this.failed(e);
          return this.retry();
        }
        this.refreshTasks();
        this.open();
      }, delayMs);
    }
    /** Reads the task list once more (after a drop, a new token, or an action). */
    refreshTasks() {
      this.tasksTag = "";
      this.readTasks().catch(() => {
      });
    }
    /**
     * Reads the task list (unless its entity tag is unchanged: 304) into the
     * store, which forgets the tasks discarded since the last list; \`newOnly\`:
     * only tasks the page does not know are merged (see {@link Store.syncRows}).
     */
    async readTasks(newOnly = false) {
      const res = await this.api.request("/api/tasks", this.tasksTag ? {
        headers: {
          "If-None-Match": this.tasksTag
        }
      } : {});
      if (res.status === 304) return;
      const rows = rowsOf(await res.json());
      this.tasksTag = res.headers.get("etag") ?? "";
      this.store.syncRows(rows, {
        newOnly
      });
    }
    /** The task list's poll: only while the stream is up and the page is seen. */
    async pollTasks() {
      if (this.stopped || this.polling || !this.source || document.visibilityState === "hidden") {
        return;
      }
      this.polling = true;
      try {
        await this.readTasks(true);
      } catch (e) {
        if (isAuthError(e)) this.failed(e);
      } finally {
        this.polling = false;
      }
    }
    /** Opens the stream again after the last event seen (a new token), and refreshes the task list once. */
    resume() {
      this.open();
      this.refreshTasks();
    }
    /** Fetches a task's row once, when its events arrive before the page knew it. */
    lookUp(id) {
      if (this.asked.has(id) || this.asked.size > 1e5) return;
      this.asked.add(id);
      this.api.json(\`/api/tasks/\${encodeURIComponent(id)}\`).then((row) => this.store.mergeRow(row)).catch(() => {
      });
    }
    failed(e) {
      if (isAuthError(e)) {
        this.stop();
        this.options.onAuthError(e);
      } else {
        this.options.onState("offline", messageOf(e));
        this.retry();
      }
    }
    close() {
      if (this.source) {
        this.source.abort();
        this.source = null;
      }
    }
    stop() {
      this.stopped = true;
      clearTimeout(this.timer);
      clearInterval(this.poller);
      this.poller = void 0;
      this.close();
    }
  };

  // src/web/client/charts.ts
  function localDay(at) {
    const d = new Date(at);
    if (Number.isNaN(d.getTime())) return null;
    const p = (n) => String(n).padStart(2, "0");
    return \`\${d.getFullYear()}-\${p(d.getMonth() + 1)}-\${p(d.getDate())}\`;
  }
  function perDay(docs) {
    const days = /* @__PURE__ */ new Map();
    for (const d of docs) {
      for (const r of Array.isArray(d.runs) ? d.runs : []) {
        const day = typeof r?.started_at === "string" ? localDay(r.started_at) : null;
        if (!day) continue;
        let t = days.get(day);
        if (!t) days.set(day, t = {
          day,
          tokens: 0,
          cost: null,
          runs: 0
        });
        t.tokens += usageTokens(r.usage);
        t.runs++;
        if (typeof r.cost === "number" && Number.isFinite(r.cost)) t.cost = (t.cost ?? 0) + r.cost;
      }
    }
    return [
      ...days.values()
    ].sort((a, b) => a.day < b.day ? -1 : 1);
  }
  function historyChart(days, currency = "USD") {
    const shown = days.slice(-60);
    const W = 720, H = 220, left = 56, right = 64, top = 16, bottom = 40;
    const plotW = W - left - right, plotH = H - top - bottom;
    const maxTokens = Math.max(1, ...shown.map((d) => d.tokens));
    const costs = shown.map((d) => d.cost).filter((c) => c !== null);
    const maxCost = Math.max(0.01, ...costs);
    const step = plotW / Math.max(1, shown.length);
    const barW = Math.max(2, Math.min(40, step * 0.7));
    const x = (i) => left + step * i + step / 2;
    const yTok = (v) => top + plotH - v / maxTokens * plotH;
    const yCost = (v) => top + plotH - v / maxCost * plotH;
    const chart = svg("svg", {
      class: "chart history-chart",
      viewBox: \`0 0 \${W} \${H}\`,
      width: W,
      height: H,
      role: "img",
      "aria-label": \`Tokens and cost per day, \${shown.length} days\`
    });
    chart.append(svg("line", {
      class: "axis",
      x1: left,
      y1: top + plotH,
      x2: W - right,
      y2: top + plotH
    }), svg("line", {
      class: "axis",
      x1: left,
      y1: top,
      x2: left,
      y2: top + plotH
    }), svg("text", {
      x: left - 6,
      y: top + 4,
      "text-anchor": "end"
    }, fmtTokens(maxTokens)), svg("text", {
      x: left - 6,
      y: top + plotH,
      "text-anchor": "end"
    }, "0"), svg("text", {
      x: W - right + 6,
      y: top + 4
    }, fmtCost({
      amount: maxCost,
      currency
    })));
    const every = Math.max(1, Math.ceil(shown.length / 8));
    shown.forEach((d, i) => {
      const y = yTok(d.tokens);
      chart.append(svg("rect", {
        class: "bar",
        x: x(i) - barW / 2,
        y,
        width: barW,
        height: Math.max(0, top + plotH - y),
        "data-day": d.day,
        "data-tokens": d.tokens
      }, svg("title", {}, \`\${d.day}: \${fmtTokens(d.tokens)} tokens, \${d.cost === null ? "not priced" : fmtCost({
        amount: d.cost,
        currency
      })}, \${d.runs} run\${d.runs === 1 ? "" : "s"}\`)));
      if (i % every === 0 || i === shown.length - 1) {
        chart.append(svg("text", {
          x: x(i),
          y: H - bottom + 16,
          "text-anchor": "middle"
        }, d.day.slice(5)));
      }
    });
    const points = shown.map((d, i) => d.cost === null ? null : [
      x(i),
      yCost(d.cost)
    ]);
    const path = points.filter((p) => p !== null).map((p, i) => \`\${i ? "L" : "M"}\${p[0]},\${p[1]}\`).join(" ");
    if (path) chart.append(svg("path", {
      class: "line",
      d: path
    }));
    shown.forEach((d, i) => {
      if (d.cost === null) return;
      chart.append(svg("circle", {
        class: "dot",
        cx: x(i),
        cy: yCost(d.cost),
        r: 3,
        "data-day": d.day,
        "data-cost": d.cost
      }, svg("title", {}, \`\${d.day}: \${fmtCost({
        amount: d.cost,
        currency
      })}\`)));
    });
    return h("figure", {
      class: "history-figure"
    }, chart, h("figcaption", {
      class: "legend"
    }, h("span", {
      class: "key-bar"
    }, "tokens per day"), h("span", {
      class: "key-line"
    }, \`cost per day (\${currency}, priced runs)\`)));
  }
  function spanOf(c, end) {
    const called = c.called_at ? Date.parse(c.called_at) : NaN;
    const returned = c.returned_at ? Date.parse(c.returned_at) : NaN;
    if (Number.isFinite(called) && Number.isFinite(returned)) {
      return {
        from: called,
        to: Math.max(called, returned),
        open: false
      };
    }
    if (Number.isFinite(called)) return {
      from: called,
      to: Math.max(called, end),
      open: true
    };
    if (Number.isFinite(returned)) {
      return {
        from: returned - Math.max(0, c.duration_ms ?? 0),
        to: returned,
        open: false
      };
    }
    return null;
  }
  var WATERFALL_MAX = 400;
  function waterfall(calls, keyOf2, onOpen) {
    const drawn = calls.slice(0, WATERFALL_MAX);
    const times = drawn.flatMap((c) => [
      c.called_at,
      c.returned_at
    ].filter((t) => typeof t === "string").map(Date.parse)).filter(Number.isFinite);
    if (times.length === 0) return null;
    const end = Math.max(...times);
    const spans = drawn.map((c) => ({
      c,
      s: spanOf(c, end)
    }));
    const start = Math.min(...spans.map((x) => x.s?.from ?? Infinity));
    const total = Math.max(1, end - start);
    const row = 16, left = 150, right = 70, top = 22;
    const W = 760, H = top + row * drawn.length + 8;
    const plotW = W - left - right;
    const xs = (t) => left + (t - start) / total * plotW;
    const chart = svg("svg", {
      class: "chart waterfall",
      viewBox: \`0 0 \${W} \${H}\`,
      width: W,
      height: H,
      role: "group",
      "aria-label": \`Waterfall of \${drawn.length} tool calls over \${fmtDuration(total)}\`
    });
    chart.append(svg("line", {
      class: "axis",
      x1: left,
      y1: top - 4,
      x2: W - right,
      y2: top - 4
    }), svg("text", {
      x: left,
      y: 12
    }, "0"), svg("text", {
      x: W - right,
      y: 12,
      "text-anchor": "end"
    }, fmtDuration(total)));
    spans.forEach(({ c, s }, i) => {
      if (!s) return;
      const y = top + i * row;
      const failed = c.is_error === true || c.timed_out || c.result !== "ok" && c.result !== "no result";
      const x1 = xs(s.from), x2 = xs(s.to);
      const label = \`\${c.tool} \${c.result}\${c.duration_ms !== null ? \` in \${fmtDuration(c.duration_ms)}\` : ""}\${c.paired === "unmatched" ? c.called_at ? ", no result" : ", no call" : ""}\`;
      const open = () => onOpen(c);
      const g = svg("g", {
        class: \`call\${failed ? " failed" : ""}\`,
        tabindex: "0",
        role: "button",
        "aria-label": \`\${label}: open the call\`,
        "data-call": keyOf2(c),
        onclick: open,
        onkeydown: (e) => {
          const k = e.key;
          if (k === "Enter" || k === " ") {
            e.preventDefault();
            open();
          }
        }
      }, svg("title", {}, label), svg("text", {
        x: left - 6,
        y: y + 11,
        "text-anchor": "end"
      }, c.tool.length > 22 ? c.tool.slice(0, 21) + "\\u2026" : c.tool), svg("rect", {
        class: \`span\${failed ? " failed" : ""}\${s.open ? " open-ended" : ""}\`,
        x: x1,
        y: y + 2,
        width: Math.max(2, x2 - x1),
        height: row - 4,
        rx: 2
      }));
      if (c.duration_ms !== null) {
        g.append(svg("text", {
          x: Math.max(x1, x2) + 4,
          y: y + 11
        }, fmtDuration(c.duration_ms)));
      }
      chart.append(g);
    });
    return h("figure", {
      class: "waterfall-figure"
    }, chart, calls.length > drawn.length ? h("figcaption", {
      class: "muted small"
    }, \`The first \${drawn.length} of \${calls.length} calls.\`) : null);
  }

  // src/web/client/history.ts
  function docsOf(value) {
    return Array.isArray(value) ? value.filter((d) => d && typeof d === "object") : [];
  }
  var HistoryScreen = class {
    app;
    reloadTimer;
    summary;
    tbody;
    note;
    chart;
    constructor(app2) {
      this.app = app2;
      this.reloadTimer = void 0;
    }
    mount(el) {
      this.summary = h("p", {
        class: "muted"
      });
      const { table: t, tbody } = table("History", [
        "#",
        "Task",
        "Status",
        "Runs",
        "Tokens in / out",
        "Active time",
        "Cost",
        "QA",
        "Last activity"
      ], "grid history");
      this.tbody = tbody;
      this.note = placeholder("Loading the history\\u2026");
      this.chart = h("div", {
        class: "chart-slot"
      });
      el.append(screenHeader("History", this.summary), this.note, this.chart, t);
      this.load();
    }
    unmount() {
      clearTimeout(this.reloadTimer);
    }
    async load() {
      let docs;
      try {
        docs = docsOf(await this.app.api.json("/api/history"));
      } catch (e) {
        this.app.apiFailed(e);
        this.note.textContent = \`Cannot load the history: \${messageOf(e)}\`;
        this.note.classList.add("error");
        return;
      }
      this.note.hidden = docs.length > 0;
      this.note.textContent = "No finished work yet.";
      let tokens2 = 0, ms = 0, reported = false;
      const costs = /* @__PURE__ */ new Map();
      for (const d of docs) {
        tokens2 += usageTokens(d.totals?.usage);
        ms += d.totals?.active_ms ?? 0;
        if (d.cost) costs.set(d.cost.currency, (costs.get(d.cost.currency) ?? 0) + d.cost.amount);
        if (d.cost?.reported) reported = true;
      }
      const costText = [
        ...costs
      ].map(([currency2, amount]) => fmtCost({
        amount,
        currency: currency2
      })).join(" + ");
      this.summary.textContent = \`\${docs.length} tasks \\xB7 \${fmtTokens(tokens2)} tokens \\xB7 \${fmtDuration(ms)} active\${costText ? \` \\xB7 \${costText} \${reported ? "priced or reported" : "priced"}\` : ""}\`;
      this.tbody.replaceChildren(...docs.map((d) => this.row(d)));
      const days = perDay(docs);
      const currency = docs.find((d) => d.cost)?.cost?.currency ?? "USD";
      this.chart.replaceChildren(...days.length ? [
        historyChart(days, currency)
      ] : []);
    }
    row(d) {
      const n = d.number;
      const ref = this.app.store.refOf(this.app.store.tasks.get(d.task?.id ?? "")) || String(n);
      const u = d.totals?.usage;
      const last = d.runs?.[d.runs.length - 1];
      const status = d.task?.status ?? last?.status ?? "\\u2013";
      return h("tr", {
        "data-task": n ?? ""
      }, h("td", {
        class: "num"
      }, n ? \`#\${n}\` : "\\u2013"), h("td", {}, n ? h("a", {
        href: \`#/history/\${ref}\`
      }, d.task?.title ?? \`Task \${n}\`) : d.task?.title ?? ""), h("td", {}, badge(status, statusKind(status))), h("td", {
        class: "num"
      }, String(d.totals?.runs ?? d.runs?.length ?? 0)), h("td", {
        class: "num"
      }, \`\${fmtTokens(u?.input_tokens)} / \${fmtTokens(u?.output_tokens)}\`), h("td", {
        class: "num"
      }, fmtDuration(d.totals?.active_ms)), h("td", {
        class: "num cost",
        title: !d.cost ? "not every session of this task is priced" : d.cost.reported ? "reported by the agent: the price table has no price for its model" : ""
      }, fmtCost(d.cost), d.cost?.complete === false ? h("span", {
        class: "muted small"
      }, " partial") : "", d.cost?.reported ? h("span", {
        class: "muted small reported"
      }, " reported") : ""), h("td", {}, d.last_qa ? \`\${d.last_qa.verdict} (round \${d.last_qa.round})\` : "\\u2013"), h("td", {}, fmtDateTime(d.last_activity)));
    }
    onEvent(env) {
      if (env.event.type !== "run_finished" && env.event.type !== "approval_resolved") return;
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => this.load(), 800);
    }
  };
  function runStatusText(r) {
    return r.status ?? r.state ?? "\\u2013";
  }
  var HistoryDetailScreen = class {
    app;
    ref;
    reloadTimer;
    title;
    content;
    constructor(app2, ref) {
      this.app = app2;
      this.ref = ref;
      this.reloadTimer = void 0;
    }
    mount(el) {
      const n = this.ref;
      const label = taskLabel(this.app, n);
      this.title = h("h1", {
        tabindex: "-1"
      }, \`#\${n} History\`);
      this.content = h("div", {}, placeholder("Loading the task's history\\u2026"));
      el.append(h("header", {
        class: "screen-head"
      }, this.title, h("nav", {
        class: "subnav",
        "aria-label": \`Task \${label}\`
      }, h("a", {
        href: \`#/task/\${n}\`
      }, "Timeline"), h("a", {
        href: \`#/task/\${n}/trace\`
      }, "Trace"), h("a", {
        href: \`#/history/\${n}\`,
        "aria-current": "page"
      }, "History"), h("a", {
        href: \`#/history\`
      }, "All history"))), this.content);
      this.load();
    }
    unmount() {
      clearTimeout(this.reloadTimer);
    }
    onEvent(env) {
      if (!envOf(env, this.ref)) return;
      if (![
        "run_finished",
        "approval_resolved",
        "phase_finished"
      ].includes(env.event.type)) return;
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => this.load(), 800);
    }
    async load() {
      let d;
      try {
        d = await this.app.api.json(\`/api/history/\${encodeURIComponent(this.ref)}\`) ?? {};
      } catch (e) {
        this.app.apiFailed(e);
        this.content.replaceChildren(placeholder(\`Cannot load the history of task \${taskLabel(this.app, this.ref)}: \${messageOf(e)}\`, "error"));
        return;
      }
      this.title.textContent = \`\${taskLabel(this.app, this.ref)} \${d.task?.title ?? ""} \\xB7 History\`;
      document.title = \`\${taskLabel(this.app, this.ref)} History \\xB7 taskline\`;
      const u = d.totals?.usage;
      const dl = h("dl", {
        class: "facts"
      });
      const fact = (k, v) => dl.append(h("div", {}, h("dt", {}, k), h("dd", {}, v)));
      fact("Status", badge(d.task?.status ?? "\\u2013", statusKind(d.task?.status)));
      fact("Runs", String(d.totals?.runs ?? d.runs?.length ?? 0));
      fact("Input tokens", fmtCount(u?.input_tokens));
      fact("Output tokens", fmtCount(u?.output_tokens));
      fact("Cache read / write", \`\${fmtCount(u?.cache_read_tokens)} / \${fmtCount(u?.cache_write_tokens)}\`);
      fact("Active time", fmtDuration(d.totals?.active_ms));
      fact("Cost", h("span", {
        class: "cost"
      }, fmtCost(d.cost), d.cost ? d.cost.reported ? h("span", {
        class: "muted reported"
      }, " (reported by the agent)") : "" : h("span", {
        class: "muted"
      }, " (not every session is priced)")));
      fact("Commits", String(d.totals?.commits ?? 0));
      if (d.last_qa) {
        fact("Last QA", \`\${d.last_qa.verdict} (round \${d.last_qa.round}\${Number.isInteger(d.last_qa.issues) ? ", " + plural(d.last_qa.issues, "issue") : ""})\`);
      }
      if (d.validations_passed !== null && d.validations_passed !== void 0) {
        fact("Validations", d.validations_passed ? "passed" : "failed");
      }
      fact("Last activity", fmtDateTime(d.last_activity));
      const parts = [
        h("section", {
          "aria-label": "Totals"
        }, dl)
      ];
      if (d.errors?.length) {
        parts.push(h("section", {
          class: "errors",
          role: "note"
        }, h("h2", {}, "Problems"), h("ul", {}, ...d.errors.map((e) => h("li", {}, String(e))))));
      }
      const files = d.changed_files?.files ?? [];
      if (files.length) {
        parts.push(h("section", {}, h("h2", {}, \`Changed files\${d.changed_files?.approximate ? " (approximate)" : ""}\`), h("ul", {
          class: "files"
        }, ...files.map((f) => h("li", {}, h("code", {}, String(f.path)), f.status && f.status !== "unknown" ? \` \${f.status}\` : "")))));
      }
      for (const r of [
        ...d.runs ?? []
      ].reverse()) parts.push(this.runSection(r));
      this.content.replaceChildren(...parts);
    }
    runSection(r) {
      const status = runStatusText(r);
      const head = h("h2", {}, \`Run \${shortId(r.run)} \`, badge(status, statusKind(status)), h("span", {
        class: "muted small"
      }, \` \${fmtDateTime(r.started_at)} \\xB7 \${fmtDuration(r.active_ms)} active \\xB7 \${fmtTokens(usageTokens(r.usage))} tokens\${r.resumes ? \` \\xB7 \${r.resumes} resumes\` : ""}\`));
      const { table: t, tbody } = table(\`Phases of run \${shortId(r.run)}\`, [
        "Phase",
        "Started",
        "Took",
        "Result",
        "Summary"
      ], "grid phases");
      for (const p of r.phases ?? []) {
        const took = p.finished_at ? Date.parse(p.finished_at) - Date.parse(p.started_at ?? "") : null;
        tbody.append(h("tr", {}, h("td", {}, String(p.phase)), h("td", {}, fmtTime(p.started_at)), h("td", {
          class: "num"
        }, took === null ? "\\u2013" : fmtDuration(took)), h("td", {}, p.success === null || p.success === void 0 ? badge("unfinished", "warn") : badge(p.success ? "ok" : "failed", p.success ? "ok" : "error")), h("td", {}, p.summary ?? "")));
      }
      const sec = h("section", {
        class: "run"
      }, head, t);
      if (r.pending_approval) {
        sec.append(h("p", {}, badge(\`waiting for approval of the \${r.pending_approval}\`, "warn")));
      }
      if (r.last_error) sec.append(h("p", {
        class: "sev-error"
      }, \`Last error: \${r.last_error}\`));
      if (r.commits?.length) {
        sec.append(h("h3", {}, "Commits"), h("ul", {}, ...r.commits.map((c) => h("li", {}, h("code", {}, shortId(c.commit, 7)), \` \${c.message || "(no message)"}\`, c.files?.length ? h("span", {
          class: "muted"
        }, \` \\xB7 \${c.files.length} files\`) : ""))));
      }
      if (r.merged) {
        sec.append(h("p", {}, \`Merged \${r.merged.branch || "the task branch"} into \${r.merged.base || "its base"} as \`, h("code", {}, shortId(r.merged.commit, 7))));
      }
      if (r.validations?.length) {
        sec.append(h("h3", {}, "Validations"), h("ul", {}, ...r.validations.map((v) => h("li", {
          class: v.passed ? "" : "sev-error"
        }, h("code", {}, String(v.command)), \` \${v.passed ? "passed" : "failed"}\`, v.exit_code !== null && v.exit_code !== void 0 ? \` (exit \${v.exit_code})\` : ""))));
      }
      if (r.approvals?.length) {
        sec.append(h("h3", {}, "Approvals"), h("ul", {}, ...r.approvals.map((a) => h("li", {}, \`\${a.gate}: \${a.approved ? "approved" : "rejected"}\${a.comment ? " (" + a.comment + ")" : ""}\`))));
      }
      return sec;
    }
  };

  // src/web/client/actions.ts
  var RESUMABLE = /* @__PURE__ */ new Set([
    "paused",
    "cancelled",
    "canceled",
    "awaiting_approval",
    "budget_exhausted",
    "interrupted",
    "stopped",
    "waiting"
  ]);
  function actionsFor(t) {
    if (t.running) return [
      "cancel"
    ];
    if (t.pendingApproval) return [
      "approve",
      "reject"
    ];
    if (RESUMABLE.has(t.runStatus)) return [
      "resume"
    ];
    return [
      "run"
    ];
  }
  var LABELS = {
    approve: "Approve",
    reject: "Reject",
    run: "Run",
    resume: "Resume",
    cancel: "Cancel"
  };
  var formIds = 0;
  var TaskActions = class {
    app;
    root;
    buttons;
    panel;
    message;
    /** The actions the buttons show now, to redraw only when they change. */
    shown;
    /** A form or a confirmation is open. */
    open;
    busy;
    info;
    constructor(app2, info) {
      this.app = app2;
      this.shown = "";
      this.open = false;
      this.busy = false;
      this.info = info;
      this.buttons = h("div", {
        class: "action-buttons"
      });
      this.panel = h("div", {
        class: "action-panel",
        hidden: true
      });
      this.message = h("p", {
        class: "action-message small",
        role: "status",
        hidden: true
      });
      this.root = h("div", {
        class: "actions",
        role: "group",
        "aria-label": \`Actions on #\${info.number}\`,
        "data-actions": info.number
      }, this.buttons, this.panel, this.message);
      this.update(info);
    }
    /** The task's route: its number, or its id when the number is shared. */
    get ref() {
      return this.app.store.refOf(this.info) || String(this.info.number);
    }
    /** Redraws the buttons for the task's state (a form stays open while it is filled in). */
    update(info) {
      this.info = info;
      const names = actionsFor(info);
      const key = names.join(",");
      if (key === this.shown && this.buttons.childElementCount > 0) return;
      this.shown = key;
      const hadFocus = this.buttons.contains(document.activeElement);
      this.buttons.replaceChildren(...names.map((name) => h("button", {
        type: "button",
        class: \`action action-\${name}\`,
        "data-action": name,
        disabled: this.busy,
        "aria-label": \`\${LABELS[name]} #\${info.number}\`,
        onclick: () => this.start(name)
      }, LABELS[name])));
      if (hadFocus) this.buttons.querySelector("button")?.focus();
    }
    /** A button was pressed: act at once, or ask first. */
    start(name) {
      this.say("", "");
      if (name === "run" || name === "resume") {
        this.send(name, \`/run\`, {
          resume: name === "resume"
        });
      } else if (name === "cancel") {
        this.confirmCancel();
      } else if (name === "approve") {
        this.form("approve", "Comment (optional)", false);
      } else {
        this.form("reject", "Why (required)", true);
      }
    }
    confirmCancel() {
      const yes = h("button", {
        type: "button",
        class: "action danger",
        "data-confirm": "cancel",
        onclick: () => this.send("cancel", "/cancel", {})
      }, "Yes, cancel the run");
      const no = h("button", {
        type: "button",
        onclick: () => this.close()
      }, "Keep it running");
      this.showPanel(h("div", {
        class: "confirm",
        role: "alertdialog",
        "aria-label": \`Cancel the run of #\${this.info.number}?\`
      }, h("span", {}, \`Cancel the run of #\${this.info.number}? \`), yes, " ", no));
      yes.focus();
    }
    /** The form of an approval or a rejection. */
    form(name, label, required) {
      const id = \`action-\${name}-\${++formIds}\`;
      const input = h("input", {
        id,
        type: "text",
        name: name === "approve" ? "comment" : "reason",
        required,
        maxlength: "4000",
        autocomplete: "off",
        size: "32"
      });
      const submit = h("button", {
        type: "submit",
        class: \`action action-\${name}\`
      }, LABELS[name]);
      const form = h("form", {
        class: "action-form",
        "data-form": name,
        onsubmit: (ev) => {
          ev.preventDefault();
          const text = input.value;
          if (required && text.trim() === "") {
            this.say("A rejection needs a reason.", "error");
            input.focus();
            return;
          }
          const body = name === "approve" ? text.trim() ? {
            comment: text
          } : {} : {
            reason: text
          };
          this.send(name, \`/\${name}\`, body);
        }
      }, h("label", {
        for: id
      }, \`\${label} \`), input, " ", submit, " ", h("button", {
        type: "button",
        onclick: () => this.close()
      }, "Close"));
      this.showPanel(form);
      input.focus();
    }
    showPanel(content) {
      this.open = true;
      this.panel.replaceChildren(content);
      this.panel.hidden = false;
      this.panel.onkeydown = (e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          this.close();
        }
      };
    }
    /** Closes the open form (focus goes back to the buttons). */
    close() {
      this.open = false;
      this.panel.hidden = true;
      this.panel.replaceChildren();
      this.buttons.querySelector("button")?.focus();
    }
    /** Shows a line under the buttons: what happened, or why it did not. */
    say(text, kind) {
      this.message.textContent = text;
      this.message.hidden = text === "";
      this.message.className = \`action-message small \${kind ? \`sev-\${kind}\` : ""}\`;
      this.message.setAttribute("role", kind === "error" ? "alert" : "status");
    }
    setBusy(busy) {
      this.busy = busy;
      for (const b of this.root.querySelectorAll("button")) b.disabled = busy;
    }
    async send(name, path, body) {
      if (this.busy) return;
      this.setBusy(true);
      const n = this.info.number;
      try {
        await this.app.api.post(\`/api/tasks/\${encodeURIComponent(this.ref)}\${path}\`, body);
        const done = {
          run: \`Started a run of #\${n}.\`,
          resume: \`Resumed the run of #\${n}.\`,
          cancel: \`Asked the run of #\${n} to stop.\`,
          approve: \`Approved #\${n}; Resume continues its run.\`,
          reject: \`Rejected #\${n}; Resume plays the work again.\`
        };
        this.setBusy(false);
        if (this.open) this.close();
        this.say(done[name], "ok");
      } catch (e) {
        this.setBusy(false);
        this.app.apiFailed(e);
        this.say(\`\${LABELS[name]} failed: \${messageOf(e)}\`, "error");
        const field = this.panel.querySelector("input, button.danger");
        (field ?? this.buttons.querySelector("button"))?.focus();
      }
    }
  };
  var NewTaskForm = class {
    app;
    root;
    message;
    button;
    form;
    constructor(app2) {
      this.app = app2;
      this.form = null;
      this.button = h("button", {
        type: "button",
        class: "action action-new",
        "aria-expanded": "false",
        onclick: () => this.toggle()
      }, "New task");
      this.message = h("p", {
        class: "action-message small",
        role: "status",
        hidden: true
      });
      this.root = h("div", {
        class: "new-task"
      }, this.button, this.message);
    }
    toggle() {
      if (this.form) return this.closeForm();
      const title = h("input", {
        id: "new-task-title",
        name: "title",
        type: "text",
        required: true,
        maxlength: "1000",
        autocomplete: "off",
        size: "40"
      });
      const description = h("textarea", {
        id: "new-task-description",
        name: "description",
        rows: "3",
        cols: "40"
      });
      const submit = h("button", {
        type: "submit",
        class: "action"
      }, "Create");
      const field = (label, el, id) => h("div", {
        class: "field"
      }, h("label", {
        for: id
      }, label), el);
      this.form = h("form", {
        class: "action-form new-task-form",
        "data-form": "new",
        onsubmit: (ev) => {
          ev.preventDefault();
          this.create(title, description, submit);
        },
        onkeydown: (e) => {
          if (e.key === "Escape") this.closeForm();
        }
      }, field("Title", title, "new-task-title"), field("Description (optional)", description, "new-task-description"), h("div", {}, submit, " ", h("button", {
        type: "button",
        onclick: () => this.closeForm()
      }, "Close")));
      this.root.insertBefore(this.form, this.message);
      this.button.setAttribute("aria-expanded", "true");
      title.focus();
    }
    closeForm() {
      this.form?.remove();
      this.form = null;
      this.button.setAttribute("aria-expanded", "false");
      this.button.focus();
    }
    say(text, kind) {
      this.message.textContent = text;
      this.message.hidden = false;
      this.message.className = \`action-message small sev-\${kind}\`;
      this.message.setAttribute("role", kind === "error" ? "alert" : "status");
    }
    async create(title, description, submit) {
      if (title.value.trim() === "") {
        this.say("A task needs a title.", "error");
        title.focus();
        return;
      }
      submit.disabled = true;
      try {
        const body = {
          title: title.value
        };
        if (description.value.trim()) body.description = description.value;
        const row = await this.app.api.post("/api/tasks", body);
        this.app.store.mergeRow(row);
        const n = row?.number;
        this.closeForm();
        this.say(\`Created task #\${n}.\`, "ok");
      } catch (e) {
        submit.disabled = false;
        this.app.apiFailed(e);
        this.say(\`Cannot create the task: \${messageOf(e)}\`, "error");
        title.focus();
      }
    }
  };

  // src/web/client/tasks.ts
  function statusWord(t) {
    if (t.running) return "running";
    return t.status || t.runStatus || "\\u2013";
  }
  var TasksScreen = class {
    app;
    render;
    /** Task key -> its row and the version of the task it shows. */
    rows;
    order;
    /** Task key -> its action buttons, kept across redraws (a form being filled in stays). */
    actions;
    summary;
    tbody;
    empty;
    constructor(app2) {
      this.app = app2;
      this.rows = /* @__PURE__ */ new Map();
      this.order = "";
      this.actions = /* @__PURE__ */ new Map();
      this.render = frameThrottle(() => this.draw(), 250);
    }
    mount(el) {
      this.summary = h("p", {
        class: "muted"
      });
      const { table: t, tbody } = table("Tasks", [
        "#",
        "Task",
        "Status",
        "Phase",
        "Approval",
        "Progress",
        "Last activity",
        "Actions"
      ], "grid tasks");
      this.tbody = tbody;
      this.empty = placeholder("No tasks yet. A task appears here within seconds of being made.");
      el.append(screenHeader("Tasks", this.summary, new NewTaskForm(this.app).root), t, this.empty);
      this.draw();
    }
    onEvent() {
      this.render();
    }
    onDelta() {
      this.render();
    }
    onReset() {
      this.render();
    }
    onTask() {
      this.render();
    }
    draw() {
      const tasks = [
        ...this.app.store.tasks.values()
      ].filter((t) => t.number > 0).sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : 1));
      const running = tasks.filter((t) => t.running).length;
      const waiting = tasks.filter((t) => t.pendingApproval).length;
      this.summary.textContent = \`\${tasks.length} task\${tasks.length === 1 ? "" : "s"} \\xB7 \${running} running \\xB7 \${waiting} waiting for approval\`;
      this.empty.textContent = this.app.loaded ? "No tasks yet. A task appears here within seconds of being made." : "Loading the tasks\\u2026";
      this.empty.hidden = tasks.length > 0 && this.app.loaded;
      if (!this.app.loaded) return;
      const keyOf2 = (t) => t.id || \`#\${t.number}\`;
      for (const t of tasks) {
        const r = this.rows.get(keyOf2(t));
        if (r && r.version === t.version) continue;
        const fresh = this.row(t);
        if (r) {
          r.tr.className = fresh.className;
          const old = [
            ...r.tr.cells
          ];
          const cells = [
            ...fresh.cells
          ];
          for (let i = 0; i < cells.length - 1; i++) old[i].replaceWith(cells[i]);
          r.version = t.version;
        } else {
          fresh.lastElementChild.append(this.actionsOf(t).root);
          this.rows.set(keyOf2(t), {
            tr: fresh,
            version: t.version
          });
        }
      }
      const order = tasks.map(keyOf2).join(",");
      if (order !== this.order) {
        this.order = order;
        this.tbody.replaceChildren(...tasks.map((t) => this.rows.get(keyOf2(t)).tr));
      }
    }
    /** The action buttons of a task, made once. */
    actionsOf(t) {
      const key = t.id || \`#\${t.number}\`;
      let actions = this.actions.get(key);
      if (!actions) this.actions.set(key, actions = new TaskActions(this.app, t));
      return actions;
    }
    row(t) {
      const n = t.number;
      this.actionsOf(t).update(t);
      const ref = this.app.store.refOf(t);
      const status = statusWord(t);
      const p = subtaskProgress(t);
      const progress = h("div", {
        class: "progress-cell"
      });
      if (p.total > 0) {
        progress.append(h("progress", {
          max: p.total,
          value: p.done,
          "aria-label": \`subtasks of #\${n}\`
        }), h("span", {}, \` \${p.done}/\${p.total} subtasks\`));
      }
      const tokenText = t.tokenLimit ? \`\${fmtTokens(t.tokens)} of \${fmtTokens(t.tokenLimit)} tokens\` : t.tokens ? \`\${fmtTokens(t.tokens)} tokens\` : "";
      const bits = [
        tokenText,
        t.calls ? plural(t.calls, "call") : "",
        t.errors ? plural(t.errors, "error") : ""
      ].filter(Boolean).join(" \\xB7 ");
      if (bits) progress.append(h("div", {
        class: "muted small"
      }, bits));
      if (t.running && t.liveText) {
        progress.append(h("div", {
          class: "live-text",
          title: \`\${t.liveRole} is writing\`
        }, \`\${t.liveRole}: \\u2026\${t.liveText.slice(-90)}\`));
      }
      const last = t.last ? h("div", {}, h("time", {
        datetime: t.lastAt,
        class: "muted"
      }, fmtWhen(t.lastAt)), " ", firstLine(describeText(t.last), 80)) : t.lastAt ? h("time", {
        datetime: t.lastAt,
        class: "muted"
      }, fmtWhen(t.lastAt)) : "\\u2013";
      const phase = t.phase ? h("span", {
        class: t.phaseFailed ? "sev-error" : ""
      }, t.phase, t.phaseFailed ? " \\u2717" : "") : "\\u2013";
      return h("tr", {
        class: t.running ? "is-running" : "",
        "data-task": n
      }, h("td", {
        class: "num"
      }, \`#\${n}\`), h("td", {}, h("a", {
        href: \`#/task/\${ref}\`
      }, t.title || \`Task \${n}\`), h("div", {
        class: "row-links small"
      }, h("a", {
        href: \`#/task/\${ref}/trace\`,
        "aria-label": \`Trace of #\${n}\`
      }, "trace"), " \\xB7 ", h("a", {
        href: \`#/history/\${ref}\`,
        "aria-label": \`History of #\${n}\`
      }, "history"), " \\xB7 ", h("a", {
        href: \`#/activity?task=\${ref}\`,
        "aria-label": \`Activity of #\${n}\`
      }, "activity"))), h("td", {}, badge(status, statusKind(status))), h("td", {}, phase), h("td", {}, t.pendingApproval ? badge(\`waiting: \${t.pendingApproval}\`, "warn") : "\\u2013"), h("td", {}, progress), h("td", {
        class: "last"
      }, last), h("td", {
        class: "actions-cell"
      }));
    }
  };

  // src/contract/events.ts
  var LEGACY_CALL_ID = "000000000000";
  var EVENT_TYPES = [
    "run_started",
    "phase_started",
    "phase_finished",
    "agent_started",
    "agent_delta",
    "agent_text",
    "tool_called",
    "tool_returned",
    "agent_finished",
    "subtask_updated",
    "subtask_integrated",
    "committed",
    "merged",
    "validation_finished",
    "budget_updated",
    "artefact_written",
    "approval_requested",
    "approval_resolved",
    "retrying",
    "paused",
    "run_finished",
    "log"
  ];
  var KNOWN = new Set(EVENT_TYPES);
  function runOf(event) {
    const run = event.run;
    return typeof run === "string" ? run : null;
  }

  // src/views/written_path.ts
  var PATH_FIELD = /* @__PURE__ */ new Map([
    [
      "write_file",
      "path"
    ],
    [
      "edit_file",
      "path"
    ],
    [
      "Write",
      "file_path"
    ],
    [
      "Edit",
      "file_path"
    ],
    [
      "MultiEdit",
      "file_path"
    ],
    [
      "NotebookEdit",
      "notebook_path"
    ]
  ]);
  function writtenPath(tool, input) {
    const field = PATH_FIELD.get(tool);
    if (field === void 0 || input === null || typeof input !== "object") return null;
    const p = input[field];
    return typeof p === "string" && p !== "" ? p : null;
  }

  // src/views/trace_pair.ts
  function resultOf(c) {
    if (c.returned_at === null) return "no result";
    if (c.timed_out) return "timed out";
    if (c.exit_code !== null && c.exit_code !== 0) return \`exit \${c.exit_code}\`;
    if (c.is_error) return "error";
    return "ok";
  }
  var CallPairing = class _CallPairing {
    run;
    /** Every call and every return without a call, in log order. */
    calls;
    /** The runs seen, in log order. */
    runs;
    /** Paths written by successful file-writing calls (written_path.ts), first write first. */
    filesWritten;
    #byId;
    #byOrder;
    #written;
    /** @param run the run traced; null: every run. */
    constructor(run) {
      this.run = run;
      this.calls = [];
      this.runs = [];
      this.filesWritten = [];
      this.#byId = /* @__PURE__ */ new Map();
      this.#byOrder = /* @__PURE__ */ new Map();
      this.#written = /* @__PURE__ */ new Set();
    }
    /**
     * Carries on from calls already paired (a trace document read before the
     * live events): calls without a result wait for theirs as they would have.
     */
    static resume(run, calls) {
      const p = new _CallPairing(run);
      for (const c of calls) {
        p.calls.push(c);
        if (!p.runs.includes(c.run)) p.runs.push(c.run);
        if (c.returned_at !== null || c.called_at === null) continue;
        if (c.call === LEGACY_CALL_ID) p.#queue(orderKey(c.run, c.role, c.tool, c.subtask)).push(c);
        else p.#byId.set(\`\${c.run}|\${c.call}\`, c);
      }
      return p;
    }
    /**
     * Adds one envelope of the log. Returns the call it added or completed,
     * or null when the envelope is not a tool call or return of the run.
     */
    add(env) {
      if (typeof env.schema === "number" && env.schema > 2) return null;
      const ev = env.event;
      const evRun = runOf(ev);
      if (evRun === null || this.run !== null && evRun !== this.run) return null;
      if (!this.runs.includes(evRun)) this.runs.push(evRun);
      if (ev.type !== "tool_called" && ev.type !== "tool_returned") return null;
      const seq = typeof env.seq === "number" ? env.seq : null;
      if (ev.type === "tool_called") {
        const c = ev;
        const entry2 = openCall(evRun, c, seq);
        entry2.input = c.input ?? null;
        entry2.called_at = env.at;
        this.calls.push(entry2);
        if (c.call === LEGACY_CALL_ID) {
          this.#queue(orderKey(evRun, c.role, c.tool, c.subtask)).push(entry2);
        } else {
          this.#byId.set(\`\${evRun}|\${c.call}\`, entry2);
        }
        return entry2;
      }
      const t = ev;
      let entry;
      let paired = "unmatched";
      if (t.call === LEGACY_CALL_ID) {
        entry = this.#byOrder.get(orderKey(evRun, t.role, t.tool, t.subtask))?.shift();
        paired = "order";
      } else {
        const key = \`\${evRun}|\${t.call}\`;
        entry = this.#byId.get(key);
        this.#byId.delete(key);
        paired = "id";
      }
      if (!entry) {
        entry = openCall(evRun, t, seq);
        this.calls.push(entry);
        paired = "unmatched";
      }
      entry.paired = paired;
      entry.returned_at = env.at;
      entry.duration_ms = typeof t.duration_ms === "number" ? t.duration_ms : null;
      entry.is_error = t.is_error === true;
      entry.exit_code = typeof t.exit_code === "number" ? t.exit_code : null;
      entry.timed_out = t.timed_out === true;
      entry.preview = typeof t.preview === "string" ? t.preview : "";
      entry.output_chars = typeof t.output_chars === "number" ? t.output_chars : 0;
      entry.output_file = typeof t.output_file === "string" ? t.output_file : null;
      entry.result = resultOf(entry);
      if (!entry.is_error && entry.called_at !== null) {
        const p = writtenPath(entry.tool, entry.input);
        if (p !== null && !this.#written.has(p)) {
          this.#written.add(p);
          this.filesWritten.push(p);
        }
      }
      return entry;
    }
    #queue(key) {
      let q = this.#byOrder.get(key);
      if (!q) this.#byOrder.set(key, q = []);
      return q;
    }
  };
  function orderKey(run, role, tool, subtask) {
    return \`\${run}|\${role}|\${tool}|\${subtask ?? ""}\`;
  }
  function openCall(run, ev, seq) {
    return {
      run,
      call: ev.call,
      role: ev.role,
      subtask: ev.subtask ?? null,
      tool: ev.tool,
      input: null,
      called_at: null,
      returned_at: null,
      duration_ms: null,
      is_error: null,
      exit_code: null,
      timed_out: false,
      preview: "",
      output_chars: 0,
      output_file: null,
      paired: "unmatched",
      result: "no result",
      seq
    };
  }

  // src/web/client/timeline.ts
  var SLOW_CALL_MS = 5e3;
  var TIMELINE_ITEMS_MAX = 3e3;
  var TimelineScreen = class {
    app;
    ref;
    seen;
    buffer;
    loading;
    items;
    live;
    pairs;
    callItems;
    run;
    phaseList;
    phase;
    cut;
    title;
    status;
    actions;
    actionsSlot;
    body;
    note;
    constructor(app2, ref) {
      this.app = app2;
      this.ref = ref;
      this.seen = /* @__PURE__ */ new Set();
      this.buffer = [];
      this.loading = true;
      this.items = [];
      this.live = /* @__PURE__ */ new Map();
      this.pairs = new CallPairing(null);
      this.callItems = /* @__PURE__ */ new Map();
      this.run = "";
      this.phaseList = null;
      this.phase = null;
      this.cut = null;
      this.actions = null;
    }
    mount(el) {
      const n = this.ref;
      const label = taskLabel(this.app, n);
      this.title = h("h1", {
        tabindex: "-1"
      }, \`#\${n}\`);
      this.status = h("p", {
        class: "muted"
      });
      this.actionsSlot = h("div", {
        class: "head-actions"
      });
      el.append(h("header", {
        class: "screen-head"
      }, this.title, this.status, this.actionsSlot, h("nav", {
        class: "subnav",
        "aria-label": \`Task \${label}\`
      }, h("a", {
        href: \`#/task/\${n}\`,
        "aria-current": "page"
      }, "Timeline"), h("a", {
        href: \`#/task/\${n}/trace\`
      }, "Trace"), h("a", {
        href: \`#/history/\${n}\`
      }, "History"), h("a", {
        href: \`#/activity?task=\${n}\`
      }, "Activity"))));
      this.body = h("ol", {
        class: "timeline",
        "aria-label": \`Timeline of task \${label}\`
      });
      this.note = placeholder("Loading the task's events\\u2026");
      el.append(this.note, this.body);
      this.drawHead();
      this.load();
    }
    drawHead() {
      const t = this.app.store.byRef(this.ref);
      this.title.textContent = \`\${taskLabel(this.app, this.ref)} \${t?.title ?? ""}\`.trim();
      if (t) {
        const parts = [
          t.running ? "running" : t.status || t.runStatus || ""
        ];
        if (t.phase) parts.push(\`phase \${t.phase}\`);
        if (t.pendingApproval) parts.push(\`waiting for approval of the \${t.pendingApproval}\`);
        if (t.run) parts.push(\`run \${shortId(t.run)}\`);
        this.status.textContent = parts.filter(Boolean).join(" \\xB7 ");
        if (!this.actions) {
          this.actions = new TaskActions(this.app, t);
          this.actionsSlot.append(this.actions.root);
        } else this.actions.update(t);
      }
      document.title = \`\${taskLabel(this.app, this.ref)} \${t?.title ?? ""} \\xB7 Timeline \\xB7 taskline\`;
    }
    async load() {
      let envs;
      try {
        envs = await this.app.api.json(\`/api/tasks/\${encodeURIComponent(this.ref)}/events\`);
      } catch (e) {
        this.app.apiFailed(e);
        const msg = e instanceof Error ? e.message : String(e);
        this.note.replaceWith(this.note = placeholder(\`Cannot load the events of task \${taskLabel(this.app, this.ref)}: \${msg}\`, "error"));
        return;
      }
      this.loading = false;
      const list = (Array.isArray(envs) ? envs : []).filter((e) => typeof e?.event?.type === "string");
      const skip = Math.max(0, list.length - TIMELINE_ITEMS_MAX);
      for (let i = 0; i < list.length; i++) {
        const type = list[i].event.type;
        if (i >= skip || type === "phase_started" || type === "phase_finished" || type === "run_started") {
          this.add(list[i]);
        }
      }
      if (skip > 0) {
        this.body.prepend(h("li", {
          class: "item muted"
        }, \`\${fmtCount(skip)} earlier events of this run are not shown here; see Activity or Trace.\`));
      }
      for (const env of this.buffer.splice(0)) this.add(env);
      this.note.hidden = this.items.length > 0;
      this.note.textContent = "No events yet: this task has not run.";
    }
    onEvent(env) {
      if (!envOf(env, this.ref)) return;
      if (this.loading) this.buffer.push(env);
      else {
        this.add(env);
        this.note.hidden = this.items.length > 0;
      }
      this.drawHead();
    }
    onTask() {
      this.drawHead();
    }
    onDelta(env) {
      if (!envOf(env, this.ref) || this.loading) return;
      const ev = env.event;
      const key = \`\${ev.role}|\${ev.subtask ?? ""}\`;
      let block = this.live.get(key);
      if (!block) {
        const text = h("div", {
          class: "text streaming",
          "aria-live": "off"
        });
        const li = this.item("live", h("span", {
          class: "role"
        }, String(ev.role ?? "")), h("span", {
          class: "muted"
        }, " is writing\\u2026"), text);
        block = {
          li,
          text,
          length: 0
        };
        this.live.set(key, block);
      }
      const d = ev.delta ?? {};
      const piece = typeof d.text === "string" ? d.text : "";
      block.text.append(h("span", {
        class: d.kind === "thinking" ? "thinking" : ""
      }, piece));
      block.length += piece.length;
      while (block.length > 2e4 && block.text.firstChild) {
        block.length -= block.text.firstChild.textContent?.length ?? 0;
        block.text.firstChild.remove();
      }
      this.app.scrollIfAtEnd();
    }
    /** Appends an item to the current phase (or to the top when no phase started yet). */
    item(kind, ...children) {
      const li = h("li", {
        class: \`item \${kind}\`
      }, ...children);
      (this.phaseList ?? this.body).append(li);
      this.items.push(li);
      if (this.items.length > TIMELINE_ITEMS_MAX) {
        for (const old of this.items.splice(0, 500)) old.remove();
        if (!this.cut) {
          this.cut = h("li", {
            class: "item muted"
          }, "Earlier events of this run are not shown here; see Activity or Trace.");
          this.body.prepend(this.cut);
        }
      }
      return li;
    }
    add(env) {
      const ev = env.event;
      const key = \`\${ev.run ?? ""}:\${env.seq ?? env.at}:\${ev.type}\`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      const [symbol, sev, text] = describeEnv(env);
      if (isFuture(env)) {
        this.item("event sev-none", h("time", {
          datetime: env.at,
          class: "t"
        }, fmtTime(env.at)), " ", h("span", {
          class: "sym",
          "aria-hidden": "true"
        }, "?"), " ", text);
        return;
      }
      if (ev.type === "run_started" && this.run && ev.run !== this.run) {
        this.body.replaceChildren();
        this.items = [];
        this.phaseList = null;
        this.live.clear();
        this.pairs = new CallPairing(null);
        this.callItems = /* @__PURE__ */ new Map();
      }
      if (ev.type === "run_started") this.run = String(ev.run ?? "");
      const time = h("time", {
        datetime: env.at,
        class: "t"
      }, fmtTime(env.at));
      switch (ev.type) {
        case "phase_started": {
          this.phaseList = null;
          const state = h("span", {
            class: "phase-state"
          }, badge("running", "live"));
          const list = h("ol", {
            class: "items"
          });
          const phase = String(ev.phase ?? "");
          const sec = h("li", {
            class: "phase",
            "data-phase": phase
          }, h("h2", {}, time, " ", h("span", {
            class: "phase-name"
          }, phase), " ", state), list);
          this.body.append(sec);
          this.phase = {
            name: phase,
            at: env.at,
            state
          };
          this.phaseList = list;
          return;
        }
        case "phase_finished": {
          const p = this.phase && this.phase.name === ev.phase ? this.phase : null;
          const took = p ? Date.parse(env.at) - Date.parse(p.at) : NaN;
          const content = [
            badge(ev.success ? "ok" : "failed", ev.success ? "ok" : "error"),
            Number.isFinite(took) ? h("span", {
              class: "muted"
            }, \` \${fmtDuration(took)}\`) : "",
            ev.summary ? h("span", {
              class: "summary"
            }, \` \${ev.summary}\`) : ""
          ];
          if (p) p.state.replaceChildren(...content);
          else this.item(\`event sev-\${sev || "none"}\`, time, " ", ...content);
          for (const [k, b] of this.live) {
            b.li.classList.add("done");
            this.live.delete(k);
          }
          return;
        }
        case "agent_text": {
          const key2 = \`\${ev.role}|\${ev.subtask ?? ""}\`;
          const block = this.live.get(key2) ?? [
            ...this.live.entries()
          ].find(([k]) => k.startsWith(\`\${ev.role}|\`))?.[1];
          const body = h("div", {
            class: "text"
          }, String(ev.text ?? ""));
          const role = h("span", {
            class: "role"
          }, String(ev.role ?? ""));
          if (block) {
            for (const [k, b] of this.live) if (b === block) this.live.delete(k);
            block.li.className = "item text-item";
            block.li.replaceChildren(time, " ", role, body);
          } else this.item("text-item", time, " ", role, body);
          return;
        }
        case "tool_called": {
          const result = h("span", {
            class: "result pending"
          }, "running\\u2026");
          const details = lazyDetails("input and output", () => [
            h("pre", {
              class: "code"
            }, JSON.stringify(ev.input, null, 2) ?? "")
          ]);
          const li = this.item("call", time, " ", h("span", {
            class: "role"
          }, String(ev.role ?? "")), " \\u2192 ", h("code", {
            class: "tool"
          }, String(ev.tool ?? "")), " ", h("span", {
            class: "input"
          }, inputSummary(ev.input)), " ", result, details);
          li.dataset.call = String(ev.call ?? "");
          const entry = this.pairs.add(env);
          if (entry) this.callItems.set(entry, {
            li,
            result,
            details
          });
          return;
        }
        case "tool_returned": {
          const entry = this.pairs.add(env);
          const pair = entry && entry.paired !== "unmatched" ? this.callItems.get(entry) : void 0;
          const failed = ev.is_error === true || ev.timed_out === true;
          const state = ev.timed_out ? "timed out" : ev.is_error ? "error" : "ok";
          const slow = typeof ev.duration_ms === "number" && ev.duration_ms >= SLOW_CALL_MS;
          const result = h("span", {
            class: "result"
          }, badge(state, failed ? "error" : "ok"), typeof ev.exit_code === "number" ? \` exit \${ev.exit_code}\` : "", h("span", {
            class: "muted"
          }, \` \${fmtDuration(ev.duration_ms)}\`), slow ? " " : "", slow ? badge("slow", "warn") : "");
          const output = () => [
            h("pre", {
              class: \`preview \${failed ? "sev-error" : ""}\`
            }, String(ev.preview ?? "")),
            h("a", {
              href: \`#/task/\${this.ref}/trace?call=\${encodeURIComponent(String(ev.call ?? ""))}\`
            }, \`complete output (\${fmtCount(ev.output_chars)} characters) in the Trace\`)
          ];
          if (pair) {
            pair.result.replaceWith(result);
            pair.details.more(output);
            if (failed) {
              pair.li.classList.add("sev-error");
              pair.details.open = true;
            }
          } else {
            this.item(\`call\${entry?.paired === "unmatched" ? " unmatched" : ""}\`, time, " ", h("code", {
              class: "tool"
            }, String(ev.tool ?? "")), " ", result, entry?.paired === "unmatched" ? badge("no call", "warn") : "", lazyDetails("output", output, failed));
          }
          return;
        }
        default:
          this.item(\`event sev-\${sev || "none"}\`, time, " ", h("span", {
            class: "sym",
            "aria-hidden": "true"
          }, symbol), " ", text);
      }
    }
  };

  // src/web/client/trace.ts
  var TRACE_ROWS_MAX = 2e3;
  function callsOf(doc) {
    const calls = doc?.calls;
    if (!Array.isArray(calls)) return [];
    return calls.filter((c) => typeof c === "object" && c !== null && typeof c.call === "string" && typeof c.run === "string");
  }
  var TraceScreen = class {
    app;
    ref;
    calls;
    run;
    pairing;
    open;
    outputs;
    keys;
    keyCount;
    pending;
    loaded;
    errorsOnly;
    slowOnly;
    sort;
    render;
    title;
    summary;
    tbody;
    note;
    chart;
    constructor(app2, ref, query) {
      this.app = app2;
      this.ref = ref;
      this.calls = [];
      this.run = "";
      this.pairing = null;
      this.outputs = /* @__PURE__ */ new Map();
      this.keys = /* @__PURE__ */ new WeakMap();
      this.keyCount = 0;
      this.pending = [];
      this.loaded = false;
      this.errorsOnly = false;
      this.slowOnly = false;
      this.sort = "order";
      const call = query.get("call");
      this.open = new Set(call ? [
        call
      ] : []);
      this.render = frameThrottle(() => this.draw(), 250);
    }
    mount(el) {
      const n = this.ref;
      const label = taskLabel(this.app, n);
      this.title = h("h1", {
        tabindex: "-1"
      }, \`#\${n} Trace\`);
      this.summary = h("p", {
        class: "muted"
      });
      const check = (id, text, on) => h("label", {
        class: "check"
      }, h("input", {
        type: "checkbox",
        id,
        onchange: (e) => on(e.target.checked)
      }), \` \${text}\`);
      const sortSelect = h("select", {
        id: "trace-sort",
        onchange: (e) => {
          this.sort = e.target.value;
          this.draw();
        }
      }, h("option", {
        value: "order"
      }, "in call order"), h("option", {
        value: "slowest"
      }, "slowest first"));
      el.append(h("header", {
        class: "screen-head"
      }, this.title, this.summary, h("nav", {
        class: "subnav",
        "aria-label": \`Task \${label}\`
      }, h("a", {
        href: \`#/task/\${n}\`
      }, "Timeline"), h("a", {
        href: \`#/task/\${n}/trace\`,
        "aria-current": "page"
      }, "Trace"), h("a", {
        href: \`#/history/\${n}\`
      }, "History"), h("a", {
        href: \`#/activity?task=\${n}\`
      }, "Activity"))), h("div", {
        class: "toolbar",
        role: "group",
        "aria-label": "Trace filters"
      }, check("errors-only", "Errors only", (v) => {
        this.errorsOnly = v;
        this.draw();
      }), check("slow-only", \`Slow only (\\u2265 \${SLOW_CALL_MS / 1e3} s)\`, (v) => {
        this.slowOnly = v;
        this.draw();
      }), h("label", {
        for: "trace-sort"
      }, "Sort "), sortSelect));
      const { table: t, tbody } = table("Tool calls", [
        "Time",
        "Role",
        "Tool",
        "Input",
        "Duration",
        "Result",
        "Output"
      ], "grid trace");
      this.tbody = tbody;
      this.note = placeholder("Loading the trace\\u2026");
      this.chart = h("div", {
        class: "chart-slot"
      });
      el.append(this.note, this.chart, t);
      this.load();
    }
    async load() {
      let doc;
      try {
        doc = await this.app.api.json(\`/api/tasks/\${encodeURIComponent(this.ref)}/trace\`);
      } catch (e) {
        this.app.apiFailed(e);
        this.note.textContent = \`Cannot load the trace of task \${taskLabel(this.app, this.ref)}: \${messageOf(e)}\`;
        this.note.classList.add("error");
        return;
      }
      const run = doc?.run;
      this.run = typeof run === "string" ? run : "";
      this.pairing = CallPairing.resume(this.run || null, callsOf(doc));
      this.calls = this.pairing.calls;
      this.loaded = true;
      const pending = this.pending.splice(0);
      for (const env of pending) if (env.event.type !== "run_started") this.onEvent(env);
      this.draw();
    }
    onEvent(env) {
      if (!envOf(env, this.ref)) return;
      if (!this.loaded) {
        if (this.pending.length < 1e5) this.pending.push(env);
        return;
      }
      if (isFuture(env)) return;
      const ev = env.event;
      if (ev.type === "run_started" && ev.run !== this.run) {
        this.loaded = false;
        this.pending = [];
        this.load();
        return;
      }
      if (ev.type !== "tool_called" && ev.type !== "tool_returned") return;
      if (typeof env.seq === "number" && this.calls.some((c) => this.covers(c, env))) return;
      if (this.pairing?.add(env)) this.render();
    }
    /** Whether a call of the loaded document already holds this event. */
    covers(c, env) {
      if (c.call !== env.event.call || c.run !== env.event.run) return false;
      return env.event.type === "tool_called" ? c.called_at === env.at : c.returned_at === env.at;
    }
    /** A call's key in this screen: its id, or a key of its own when the id is not unique. */
    keyOf(c) {
      let key = this.keys.get(c);
      if (!key) {
        const taken = c.call === "000000000000" || this.calls.some((x) => x !== c && x.call === c.call && this.keys.get(x) === c.call);
        key = taken ? \`n\${++this.keyCount}\` : c.call;
        this.keys.set(c, key);
      }
      return key;
    }
    onTask() {
      const t = this.app.store.byRef(this.ref);
      if (t?.title) this.title.textContent = \`\${taskLabel(this.app, this.ref)} \${t.title} \\xB7 Trace\`;
    }
    draw() {
      this.onTask();
      const calls = this.calls;
      const errors = calls.filter((c) => c.is_error || c.timed_out).length;
      const slow = calls.filter((c) => (c.duration_ms ?? 0) >= SLOW_CALL_MS).length;
      const unmatched = calls.filter((c) => c.paired === "unmatched").length;
      const total = calls.reduce((s, c) => s + (c.duration_ms ?? 0), 0);
      this.summary.textContent = [
        \`Run \${shortId(this.run)}\`,
        plural(calls.length, "call"),
        plural(errors, "error"),
        \`\${fmtCount(slow)} slow\`,
        \`\${fmtCount(unmatched)} unmatched\`,
        \`\${fmtDuration(total)} in tools\`
      ].join(" \\xB7 ");
      document.title = \`\${taskLabel(this.app, this.ref)} Trace \\xB7 taskline\`;
      let shown = calls.filter((c) => (!this.errorsOnly || c.is_error || c.timed_out) && (!this.slowOnly || (c.duration_ms ?? 0) >= SLOW_CALL_MS));
      if (this.sort === "slowest") {
        shown = [
          ...shown
        ].sort((a, b) => (b.duration_ms ?? 0) - (a.duration_ms ?? 0));
      }
      this.note.hidden = calls.length > 0 && shown.length <= TRACE_ROWS_MAX;
      if (calls.length === 0) this.note.textContent = "No tool calls in this run.";
      else if (shown.length > TRACE_ROWS_MAX) {
        this.note.textContent = \`Showing \${this.sort === "slowest" ? "the slowest" : "the last"} \${fmtCount(TRACE_ROWS_MAX)} of \${fmtCount(shown.length)} calls; the filters and the sort narrow them down.\`;
        shown = this.sort === "slowest" ? shown.slice(0, TRACE_ROWS_MAX) : shown.slice(-TRACE_ROWS_MAX);
      }
      const figure = calls.length > 0 ? waterfall(this.sort === "order" ? shown : calls.filter((c) => shown.includes(c)), (c) => this.keyOf(c), (c) => this.openCall(c)) : null;
      this.chart.replaceChildren(...figure ? [
        figure
      ] : []);
      const rows = [];
      for (const c of shown) {
        rows.push(this.row(c));
        if (this.open.has(this.keyOf(c))) rows.push(this.detail(c));
      }
      this.tbody.replaceChildren(...rows);
    }
    /** Opens a call's row (from the waterfall): its input and complete output below it. */
    openCall(c) {
      const key = this.keyOf(c);
      this.open.add(key);
      this.draw();
      const out = document.getElementById(\`out-\${key}\`);
      out?.scrollIntoView({
        block: "nearest"
      });
      out?.focus();
    }
    row(c) {
      const err = c.is_error === true || c.timed_out;
      const isSlow = (c.duration_ms ?? 0) >= SLOW_CALL_MS;
      const state = c.returned_at === null ? badge("no result", "warn") : badge(c.result, err || c.result !== "ok" ? "error" : "ok");
      const key = this.keyOf(c);
      const open = this.open.has(key);
      const button = h("button", {
        type: "button",
        class: "link",
        "aria-expanded": open ? "true" : "false",
        "aria-controls": \`out-\${key}\`,
        onclick: () => {
          if (this.open.has(key)) this.open.delete(key);
          else this.open.add(key);
          this.draw();
          if (this.open.has(key)) document.getElementById(\`out-\${key}\`)?.focus();
        }
      }, open ? "Hide" : "Output");
      return h("tr", {
        class: \`\${err ? "is-error" : ""} \${isSlow ? "is-slow" : ""} paired-\${c.paired}\`,
        "data-call": c.call,
        "data-run": c.run,
        "data-tool": c.tool,
        "data-paired": c.paired,
        "data-result": c.result
      }, h("td", {}, c.called_at === null ? badge("no call", "warn") : h("time", {
        datetime: c.called_at
      }, fmtTime(c.called_at))), h("td", {}, c.role), h("td", {}, h("code", {}, c.tool)), h("td", {
        class: "input"
      }, inputSummary(c.input)), h("td", {
        class: "num"
      }, fmtDuration(c.duration_ms), isSlow ? " " : "", isSlow ? badge("slow", "warn") : ""), h("td", {
        class: "result-cell"
      }, state, c.paired === "order" ? h("span", {
        class: "muted small"
      }, " (by order)") : "", h("div", {
        class: "preview small"
      }, firstLine(c.preview, 100))), h("td", {
        class: "num"
      }, \`\${fmtCount(c.output_chars)} chars \`, button));
    }
    detail(c) {
      const key = this.keyOf(c);
      const out = h("pre", {
        class: "output",
        tabindex: "0",
        id: \`out-\${key}\`
      });
      const cached = this.outputs.get(key);
      if (cached !== void 0) out.textContent = cached;
      else {
        out.textContent = "Loading the complete output\\u2026";
        this.app.api.text(\`/api/tasks/\${encodeURIComponent(this.ref)}/trace/\${encodeURIComponent(c.call)}/output\`).then((text) => {
          this.outputs.set(key, text);
          out.textContent = text;
        }).catch((e) => {
          this.app.apiFailed(e);
          const msg = statusOf(e) === 404 ? "The complete output of this call was not kept (tracing was off, or the file is gone)." : \`Cannot load the output: \${messageOf(e)}\`;
          this.outputs.set(key, msg);
          out.textContent = msg;
          out.classList.add("sev-error");
        });
      }
      return h("tr", {
        class: "detail"
      }, h("td", {
        colspan: "7"
      }, h("div", {
        class: "detail-grid"
      }, h("div", {}, h("h3", {}, "Input"), h("pre", {
        class: "code"
      }, JSON.stringify(c.input, null, 2) ?? "")), h("div", {}, h("h3", {}, \`Complete output (\${fmtCount(c.output_chars)} characters)\`), out))));
    }
  };

  // src/web/client/app.ts
  var TOKEN_KEY = "taskline.token";
  function byId(id) {
    const el = document.getElementById(id);
    if (!el) throw new Error(\`the page has no #\${id}\`);
    return el;
  }
  function takeToken() {
    const hash = location.hash;
    const m = /(?:^#|[&?])token=([^&]*)/.exec(hash);
    if (m) {
      let token = "";
      try {
        token = decodeURIComponent(m[1]);
      } catch {
        token = m[1];
      }
      let rest = hash.replace(/([#&?])token=[^&]*&?/, "$1").replace(/[&?]$/, "");
      if (rest === "#" || rest === "#/") rest = "";
      history.replaceState(null, "", location.pathname + location.search + rest);
      if (token) sessionStorage.setItem(TOKEN_KEY, token);
      return token || null;
    }
    return sessionStorage.getItem(TOKEN_KEY);
  }
  var App = class {
    token;
    main;
    conn;
    connText;
    store;
    api;
    screen;
    loaded;
    authFailed;
    listening;
    connection;
    constructor(token) {
      this.token = token;
      this.main = byId("main");
      this.conn = byId("conn");
      this.connText = byId("conn-text");
      this.store = new Store();
      this.screen = null;
      this.loaded = false;
      this.authFailed = false;
      this.listening = false;
      this.connection = null;
      this.api = new Api(token ?? "");
    }
    start() {
      if (!this.listening) {
        this.listening = true;
        document.querySelector(".skip")?.addEventListener("click", (ev) => {
          ev.preventDefault();
          this.main.focus();
        });
        addEventListener("hashchange", () => {
          if (/(?:^#|[&?])token=/.test(location.hash)) {
            const token = takeToken();
            if (token) return this.resume(token);
          }
          this.route();
        });
      }
      if (!this.token) {
        this.setConn("offline", "No token");
        this.block("This page needs the server's access token", "Open the address that \`taskline serve\` printed: it ends with #token=\\u2026 . The token is read from the address, removed from the address bar, and kept only for this tab. Or paste the token (also in .taskline/server.token) here.", this.tokenForm());
        return;
      }
      this.store.on((change) => this.onStore(change));
      this.route();
      this.connection = new Connection(this.api, this.store, {
        onState: (state, text) => this.setConn(state, text),
        onAuthError: (e) => this.rejected(e),
        onLoaded: () => {
          this.loaded = true;
          this.screen?.onReset?.();
        }
      });
      this.connection.start();
    }
    onStore(change) {
      const s = this.screen;
      if (!s) return;
      switch (change.kind) {
        case "event":
          return s.onEvent?.(change.env);
        case "delta":
          return s.onDelta?.(change.env);
        case "reset":
          return s.onReset?.();
        case "trim":
          return s.onTrim?.(change.count);
        case "task":
          return s.onTask?.(change.info);
      }
    }
    /** Called by screens when a request failed: a refused token stops the page. */
    apiFailed(e) {
      if (isAuthError(e)) this.rejected(e);
    }
    rejected(e) {
      if (this.authFailed) return;
      this.authFailed = true;
      this.connection?.stop();
      sessionStorage.removeItem(TOKEN_KEY);
      this.setConn("offline", "Token refused");
      const title = e.status === 403 ? "The server refused this page (403)" : "The server refused the token (401)";
      this.block(title, "The token this page has is wrong or out of date: the server makes a new one each time it starts. Open the address that \`taskline serve\` printed last (it ends with #token=\\u2026) in this tab, or paste its token (also in .taskline/server.token) below; the page carries on where it stopped.", this.tokenForm(), h("p", {
        class: "muted small"
      }, \`The server said: \${e.message}\`));
    }
    /** A field to paste a token into. */
    tokenForm() {
      const input = h("input", {
        id: "new-token",
        type: "password",
        autocomplete: "off",
        spellcheck: "false",
        size: "40"
      });
      return h("form", {
        class: "token-form",
        onsubmit: (ev) => {
          ev.preventDefault();
          if (input.value.trim()) this.resume(input.value.trim());
        }
      }, h("label", {
        for: "new-token"
      }, "New token "), input, h("button", {
        type: "submit"
      }, "Reconnect"));
    }
    /** Carries on with a new token (the server restarted): the stream resumes after the last event seen. */
    resume(token) {
      sessionStorage.setItem(TOKEN_KEY, token);
      this.token = token;
      this.api.token = token;
      this.authFailed = false;
      if (!this.connection) {
        this.start();
        return;
      }
      this.connection.stopped = false;
      this.connection.retries = 0;
      this.route();
      if (this.loaded) this.connection.resume();
      else this.connection.start();
    }
    /** Replaces the screen with a message that stays until the page is reopened. */
    block(title, text, ...extra) {
      this.screen?.unmount?.();
      this.screen = null;
      this.main.classList.remove("fill");
      this.main.replaceChildren(h("section", {
        class: "blocked",
        role: "alert"
      }, h("h1", {}, title), h("p", {}, text), ...extra));
      document.title = \`\${title} \\xB7 taskline\`;
    }
    setConn(state, text) {
      this.conn.dataset.state = state;
      this.connText.textContent = text;
      this.conn.title = this.connection?.cursor ? \`last event \${this.connection.cursor}\` : "";
    }
    route() {
      if (this.authFailed) return;
      const raw = location.hash.replace(/^#\\/?/, "");
      const [path, qs] = raw.split("?");
      const query = new URLSearchParams(qs ?? "");
      const parts = path.split("/").filter(Boolean);
      let screen, nav;
      const ref = (s) => /^(\\d+|[0-9a-fA-F-]{4,36})$/.test(s ?? "") ? s : null;
      const task = ref(parts[1]);
      if (parts[0] === "activity") {
        screen = new ActivityScreen(this, query);
        nav = "activity";
      } else if (parts[0] === "task" && task !== null) {
        screen = parts[2] === "trace" ? new TraceScreen(this, task, query) : new TimelineScreen(this, task);
        nav = "tasks";
      } else if (parts[0] === "history") {
        screen = task !== null ? new HistoryDetailScreen(this, task) : new HistoryScreen(this);
        nav = "history";
      } else {
        screen = new TasksScreen(this);
        nav = "tasks";
      }
      const first = this.screen === null;
      this.screen?.unmount?.();
      this.main.classList.remove("fill");
      this.main.replaceChildren();
      this.screen = screen;
      document.title = \`\${nav[0].toUpperCase()}\${nav.slice(1)} \\xB7 taskline\`;
      for (const a of document.querySelectorAll("#nav a")) {
        if (a.dataset.nav === nav) a.setAttribute("aria-current", "page");
        else a.removeAttribute("aria-current");
      }
      screen.mount(this.main);
      if (!first) this.main.querySelector("h1")?.focus();
    }
    /** Keeps the window at its end when it was there (live text arriving). */
    scrollIfAtEnd() {
      const el = document.scrollingElement;
      if (el && el.scrollTop + innerHeight >= el.scrollHeight - 120) el.scrollTop = el.scrollHeight;
    }
  };

  // src/web/client/main.ts
  var app = new App(takeToken());
  globalThis.taskline = app;
  app.start();
})();
`});function Uw(n){return`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>taskline</title>
<style nonce="${n}">${op}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <div class="brand">taskline <span>events</span></div>
  <nav id="nav" aria-label="Screens">
    <a href="#/tasks" data-nav="tasks">Tasks</a>
    <a href="#/activity" data-nav="activity">Activity</a>
    <a href="#/history" data-nav="history">History</a>
  </nav>
  <div id="conn" role="status" data-state="connecting"><span id="conn-text">Starting\u2026</span></div>
</header>
<div id="notice" role="alert" hidden></div>
<main id="main" tabindex="-1"></main>
<noscript><p>The taskline web UI needs JavaScript.</p></noscript>
<script nonce="${n}">
${hc}
<\/script>
</body>
</html>
`}function fc(){let n=btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));return new Response(Uw(n),{headers:{"content-type":"text/html; charset=utf-8","cache-control":"no-store","content-security-policy":["default-src 'none'",`script-src 'nonce-${n}'`,`style-src 'nonce-${n}'`,"connect-src 'self'","img-src 'self' data:","base-uri 'none'","form-action 'none'","frame-ancestors 'none'"].join("; "),"referrer-policy":"no-referrer","x-content-type-options":"nosniff","x-frame-options":"DENY"}})}var cp=_(()=>{ap();lp();l(Uw,"page");l(fc,"webPage")});var up=_(()=>{cp()});var hp={};W(hp,{SERVE_HELP:()=>Bw,serveCommand:()=>Ww});async function Ww(n,t){let{values:e,positionals:s}=R("serve",t,{host:{type:"string"},port:{type:"string"},"exit-on-stdin-eof":{type:"boolean"},json:{type:"boolean"}});if(n.json=e.json===!0,s.length>0)throw new y("usage",`taskline serve takes no arguments, not "${s[0]}"`);let r=await n.settings(),i=Pr("port",e.port)??r.server.port;if(i>65535)throw new y("usage",`--port takes 0 to 65535, not ${i}`);let o=e.host??r.server.host;if(o.trim()==="")throw new y("usage","--host cannot be empty");let a=n.io.env("TASKLINE_TOKEN");if(a!==void 0&&!/^[A-Za-z0-9._~-]{32,256}$/.test(a))throw new y("usage","TASKLINE_TOKEN must be 32 to 256 letters, digits or ._~- (for example 64 hexadecimal digits)");let c=new AbortController,u=l(()=>c.abort(),"onAbort");n.io.signal.addEventListener("abort",u,{once:!0}),n.io.signal.aborted&&c.abort(),e["exit-on-stdin-eof"]&&zw(n.io.stdin,c);try{await rp(n.state,{host:o,port:i,version:Hw,webPage:fc,token:a,signal:c.signal,onWarning:l(h=>void n.warn(h),"onWarning"),onListen:l(async({url:h,port:f,token:d})=>{let p=n.io.stdout;n.json?await p.write(JSON.stringify({url:h,port:f,token:d})+`
`):await p.write(`taskline serve on ${h}
token: ${d} (also in ${n.state.tokenPath} while the server runs)
web UI: ${h}#token=${d}
Press Ctrl-C to stop.
`),await p.flush()},"onListen")})}finally{n.io.signal.removeEventListener("abort",u)}return 0}async function zw(n,t){try{let e=n.getReader();for(;;){let{done:s}=await e.read();if(s)break}}catch{}t.abort()}var Bw,Hw,fp=_(()=>{A();ip();up();it();Bw=`Usage: taskline serve [options]

Serves the project over HTTP on a loopback address: the web UI at /, and the
API under /api/ (GET /api/openapi.json describes every route): reads, and the
writes POST /api/tasks, /api/tasks/<TASK>/run, /cancel, /approve, /reject,
which act as the commands of the same names (a run started there runs in the
server and is cancelled, resumably, when it stops).
Every /api/ route needs the header \`Authorization: Bearer <token>\`; the token
is printed, and kept in .taskline/server.token while the server runs. It is
new at each start unless TASKLINE_TOKEN gives one (32 to 256 characters of
letters, digits and ._~-), so that clients can ride out a restart.

Options:
  --host <HOST>          address to listen on (default 127.0.0.1)
  --port <PORT>          port (default 7777; 0 takes a free port)
  --exit-on-stdin-eof    stop when standard input closes (for desktop clients)
  --json                 print {"url","port","token"} as the first line`,Hw="0.5.0";l(Ww,"serveCommand");l(zw,"watchStdin")});function ae(n){return!("loading"in n)&&!("error"in n)}var dc=_(()=>{l(ae,"isReady")});function Z(n){return L(n,{newline:"\u23CE",tab:" "})}function _e(n){return we(n)}function D(n,t,e={}){if(t<=0)return"";let s="",r=0,i=!1;for(let o of n){let a=Jn(o.codePointAt(0));if(r+a>t){i=!0;break}s+=o,r+=a}if(i){let o=[...s];for(;o.length>0&&r+1>t;)r-=Jn(o.pop().codePointAt(0));s=o.join("")+"\u2026",r+=1}return e.pad===!1?s:s+" ".repeat(Math.max(0,t-r))}function dp(n,t){let e=D(n,t,{pad:!1});return" ".repeat(Math.max(0,t-_e(e)))+e}function pc(n,t,e=1e4){if(t<=0)return[];let s=[],r="",i=0;for(let o of n){let a=Jn(o.codePointAt(0));if(i+a>t){if(s.push(r),s.length>=e)return s;r="",i=0}r+=o,i+=a}return(r!==""||s.length===0)&&s.push(r),s}function _o(n,t,e=1e4){let s=[];for(let r of n.split(`
`)){for(let i of pc(Z(r.replace(/\r$/,"")),t,e-s.length))s.push(i);if(s.length>=e)break}return s}function pp(n,t,e=!0){let s=t.filter(r=>e||!Kw.has(r)).map(r=>Jw[r]);return s.length===0?n:`\x1B[${s.join(";")}m${n}\x1B[0m`}var Jw,Kw,mp=_(()=>{qt();l(Z,"clean");l(_e,"textWidth");l(D,"fit");l(dp,"fitRight");l(pc,"wrap");l(_o,"textLines");Jw={bold:"1",dim:"2",reverse:"7",red:"31",green:"32",yellow:"33",blue:"34",magenta:"35",cyan:"36"},Kw=new Set(["red","green","yellow","blue","magenta","cyan"]);l(pp,"paint")});function gc(n){return"error"in n?`Cannot show it: ${n.error}`:"Loading\u2026"}function kp(n,t){return t===0?0:n===1/0?t-1:n===-1/0?0:Math.max(0,Math.min(t-1,n))}function Gw(n,t){return n===-1/0?0:n===1/0?t:Math.max(0,Math.min(t,n))}function $o(n,t,e){if(t==="")return n;let s=t.toLowerCase();return n.filter(r=>e(r).toLowerCase().includes(s))}function So(n,t){let e=t.map(o=>o>0?o:0),s=l(()=>e.reduce((o,a)=>o+a,0),"sum");for(let o of[3,0])for(let a=e.length-1;a>=0&&s()>n;a--)e[a]-=Math.min(s()-n,Math.max(0,e[a]-o));let r=Math.max(0,n-s()),i=t.reduce((o,a)=>o+(a<0?-a:0),0);if(i===0)return e;for(let[o,a]of t.entries())a<0&&(e[o]=Math.floor(r*-a/i));return e[t.findLastIndex(o=>o<0)]+=n-s(),e}function yc(n,t,e,s){return t<=e?D(n,t):(s?dp(n,t-e):D(n,t-e))+" ".repeat(e)}function Zw(n,t,e){let s=_e(t[0]??""),r=Math.max(0,Math.floor((e-s)/2)),i=Math.max(0,Math.floor((n.length-t.length)/2));for(let o=0;o<t.length&&i+o<n.length;o++)n[i+o]=" ".repeat(r)+t[o]+" ".repeat(Math.max(0,e-r-s))}var xo,Vw,mc,Yw,gp,yp,Xw,wp,Cr,wc=_(()=>{dc();mp();xo=["tasks","activity","history","trace"],Vw={tasks:"Tasks",activity:"Activity",history:"History",trace:"Trace"},mc=2e4,Yw=16,gp=40,yp=10,Xw=1e3,wp=["Keys","","  Tab, Shift-Tab   next, previous screen","  1 2 3 4          Tasks, Activity, History, Trace","  \u2191 \u2193  k j         move the selection, scroll","  PgUp PgDn        a page up, down (Trace: the output)","  Home End  g G    first, last (Activity: End follows live)","  Enter            open: the task's detail, a call's output","  t                the Trace tab of the selected task","  a                History list: every task, or finished work only","  Esc \u2190 Backspace  back, or clear the filter","  /                filter the rows (Enter keeps it, Esc clears)","  Ctrl-L           redraw","  ?                this help (any key closes it)","  q  Ctrl-C        quit","","On the Tasks screen, a task's detail and its Trace tab:","  n                new task (asks its title)","  r  R             run the selected task, resume its run","  c                cancel its run (asks to confirm)","  a                approve the gate it waits for (comment optional)","  x                reject the gate (asks the reason)","Runs started here stop (resumable) when the UI quits.","","Tasks: the board, live. Activity: every task's events as they","happen. History: finished work; Enter for a task's detail.","Trace: the calls of the current run with results and outputs."],Cr=class{static{l(this,"TuiApp")}model;screen;task;historyDetail=!1;historyAll=!1;help=!1;editing=!1;filters={tasks:"",activity:"",history:"",trace:""};selected={tasks:null,activity:null,history:null,trace:null};#t={tasks:0,activity:0,history:0,trace:0};follow=!0;#e=0;#n=0;#s=20;#r=null;#i;#o;#a;prompt=null;notice=null;constructor(t,e={}){this.model=t,this.#i=e.colour??!0,this.#o=e.actions??null,this.#a=e.onUpdate??(()=>{}),this.#o&&(this.#o.onNotice=(s,r)=>{this.notice={text:s,tone:r?"ok":"fail"},this.#a()}),this.task=e.task??null,this.screen=e.screen??(this.task!==null?"trace":"tasks")}key(t){if(t.name==="ctrl-c")return"interrupt";if(this.help)return this.help=!1,null;if(this.prompt)return this.#l(t);if(this.editing&&this.#f(t))return null;if(t.name==="ctrl-l")return"redraw";if((t.name!=="char"||t.char!=="?")&&(this.notice=null),t.name==="char"){if(this.#u(t.char))return null;switch(t.char){case"q":{let e=this.#o?.running()??0;return e===0?"quit":(this.prompt={kind:"confirm",label:`${e} run${e===1?"":"s"} started here stop${e===1?"s":""} when the UI quits (resumable with R). Quit?`,submit:l(()=>"quit","submit")},null)}case"?":return this.help=!0,null;case"/":return this.editing=!0,null;case"1":case"2":case"3":case"4":return this.#d(xo[Number(t.char)-1]),null;case"t":return this.#k(),null;case"a":return this.screen==="history"&&!this.historyDetail&&(this.historyAll=!this.historyAll),null;case"j":return this.#w(1),null;case"k":return this.#w(-1),null;case"g":return this.#w(-1/0),null;case"G":return this.#w(1/0),null}return null}switch(t.name){case"tab":case"backtab":{let e=this.#p(),s=e.indexOf(this.screen),r=e.length;return this.#d(e[(s+(t.name==="tab"?1:r-1))%r]),null}case"up":return this.#w(-1),null;case"down":return this.#w(1),null;case"pageup":return this.#$(-1),null;case"pagedown":return this.#$(1),null;case"home":return this.#w(-1/0),null;case"end":return this.#w(1/0),null;case"enter":return this.#g(),null;case"escape":case"left":case"backspace":return this.#b(),null;case"right":return this.#g(),null;default:return null}}#l(t){let e=this.prompt;if(t.name==="escape")return this.prompt=null,this.notice={text:"Nothing done.",tone:"none"},null;if(e.kind==="confirm")return this.prompt=null,t.name==="char"&&(t.char==="y"||t.char==="Y")?this.#c(e.submit()):(this.notice={text:"Nothing done.",tone:"none"},null);switch(t.name){case"char":return e.text.length<Xw&&(e.text+=t.char),null;case"backspace":return e.text=[...e.text].slice(0,-1).join(""),null;case"ctrl-u":return e.text="",null;case"enter":return e.required&&e.text.trim()===""?null:(this.prompt=null,this.#c(e.submit(e.text.trim())));default:return null}}#c(t){return t==="quit"?"quit":(this.notice={text:"Working\u2026",tone:"run"},t.then(e=>this.notice={text:e,tone:"ok"},e=>this.notice={text:e.message??String(e),tone:"fail"}).finally(()=>this.#a()),null)}#u(t){if(!"nrRcax".includes(t)||!(this.screen==="tasks"||this.screen==="trace"||this.screen==="history"&&this.historyDetail))return!1;let s=this.#o;if(!s)return this.notice={text:"This view cannot act on tasks.",tone:"fail"},!0;if(t==="n")return this.prompt={kind:"text",label:"New task, its title:",text:"",required:!0,submit:l(a=>s.create(a),"submit")},!0;let r=this.#m();if(r===null)return this.notice={text:"Select a task first.",tone:"fail"},!0;let i=this.model.board().find(a=>a.number===r)?.approval||"",o=`the ${i} gate`;switch(t){case"r":return this.#c(s.run(r,!1)),!0;case"R":return this.#c(s.run(r,!0)),!0;case"c":return this.prompt={kind:"confirm",label:`Cancel the run of #${r}? It stops now; R resumes it later.`,submit:l(()=>s.cancel(r),"submit")},!0;case"a":case"x":return i===""?(this.notice={text:`#${r} waits for no approval: nothing to ${t==="a"?"approve":"reject"}.`,tone:"fail"},!0):t==="x"?(this.prompt={kind:"text",label:`Reject ${o} of #${r}. Reason:`,text:"",required:!0,submit:l(a=>s.reject(r,a),"submit")},!0):(this.prompt={kind:"text",label:`Approve ${o} of #${r}. Comment (optional):`,text:"",required:!1,submit:l(a=>s.approve(r,a===""?null:a),"submit")},!0)}return!1}#f(t){let e=this.filters[this.screen];switch(t.name){case"char":return this.filters[this.screen]=(e+t.char).slice(0,200),this.#h(),!0;case"backspace":return this.filters[this.screen]=[...e].slice(0,-1).join(""),this.#h(),!0;case"ctrl-u":return this.filters[this.screen]="",!0;case"enter":return this.editing=!1,!0;case"escape":return this.editing=!1,this.filters[this.screen]="",!0;default:return!1}}#h(){this.#t[this.screen]=0,this.#e=0}#p(){return this.task===null?xo.filter(t=>t!=="trace"):[...xo]}#d(t){if(t==="trace"&&this.task===null){let e=this.#m();if(e===null)return;this.#y(e)}this.screen=t,this.editing=!1}#y(t){this.task!==t&&(this.task=t,this.selected.trace=null,this.#t.trace=0,this.#n=0,this.#e=0,this.filters.trace="")}#m(){switch(this.screen){case"tasks":{let t=this.#M();return t[this.#_(t.map(e=>String(e.number)),"tasks")]?.number??null}case"history":{if(this.historyDetail)return this.task;let t=this.#L();return t[this.#_(t.map(e=>String(e.number)),"history")]?.number??null}case"activity":{let t=this.#S();return t[this.#A(t)]?.number??null}case"trace":return this.task}}#k(){let t=this.#m();t!==null&&(this.#y(t),this.screen="trace")}#g(){switch(this.screen){case"tasks":case"activity":case"history":{let t=this.#m();if(t===null)return;this.#y(t),this.screen="history",this.historyDetail=!0,this.#e=0;return}case"trace":this.#n+=Math.max(1,Math.floor(this.#s/2));return}}#b(){if(this.filters[this.screen]!==""){this.filters[this.screen]="";return}if(this.screen==="history"&&this.historyDetail){this.historyDetail=!1;return}this.screen==="trace"&&(this.screen="tasks")}#w(t){switch(this.screen){case"tasks":{this.#x("tasks",this.#M().map(e=>String(e.number)),t);return}case"history":{if(this.historyDetail){this.#e=Gw(this.#e+t,1e9);return}this.#x("history",this.#L().map(e=>String(e.number)),t);return}case"activity":{let e=this.#S(),s=e.map(o=>o.key),r=this.#A(e),i=kp(r+t,s.length);this.selected.activity=s[i]??null,this.follow=i>=s.length-1;return}case"trace":{let e=this.#T();if(!e)return;let s=this.selected.trace;this.#x("trace",e.map(r=>r.key),t),this.selected.trace!==s&&(this.#n=0);return}}}#$(t){let e=Math.max(1,this.#s-2);if(this.screen==="trace"){this.#n=Math.max(0,this.#n+t*e);return}this.#w(t*e)}#x(t,e,s){let r=this.#_(e,t);this.selected[t]=e[kp(r+s,e.length)]??null}#_(t,e){let s=this.selected[e],r=s===null?-1:t.indexOf(s);return r>=0?r:0}#A(t){if(this.follow||this.selected.activity===null)return t.length-1;let e=t.findIndex(s=>s.key===this.selected.activity);return e>=0?e:0}#M(){return $o(this.model.board(),this.filters.tasks,t=>`#${t.number} ${t.title} ${t.status} ${t.phase} ${t.approval} ${t.progress}`)}#S(){return $o(this.model.feed(),this.filters.activity,t=>`#${t.number} ${t.text}`)}#L(){return $o(this.model.history(this.historyAll).rows,this.filters.history,t=>t.cells.join(" "))}#T(){if(this.task===null)return null;let t=this.model.trace(this.task);return ae(t)?$o(t.calls,this.filters.trace,e=>`${e.role} ${e.tool} ${e.summary} ${e.result} ${e.call}`):null}frame(t){let{width:e,height:s}=t;if(e<gp||s<yp){let o=[],a=`Terminal too small (${e}x${s}); taskline tui needs ${gp}x${yp}. q quits.`;for(let c of pc(a,Math.max(1,e)))o.push(D(c,e));return o.slice(0,s)}let r=s-3;this.#s=r;let i;switch(this.screen){case"tasks":i=this.#j(e,r);break;case"activity":i=this.#P(e,r);break;case"history":i=this.historyDetail?this.#F(e,r):this.#I(e,r);break;case"trace":i=this.#U(e,r);break}for(;i.length<r;)i.push(D("",e));return i.length=r,this.help&&Zw(i,this.#B(e,r),e),[this.#D(e),...i,this.#R(e),this.#O(e)]}#v(t,...e){return pp(t,e,this.#i)}#N(t,e){let s={ok:["green"],fail:["red"],run:["cyan","bold"],wait:["yellow"],none:[]};return this.#v(t,...s[e])}#D(t){let e=this.#v(" taskline ","bold"),s=10;for(let[o,a]of xo.entries()){if(a==="trace"&&this.task===null)continue;let c=` ${o+1} ${Vw[a]}${a==="trace"?` #${this.task}`:""} `;if(s+c.length+1>t)break;e+=" "+(a===this.screen?this.#v(c,"reverse","bold"):c),s+=c.length+1}let r=D(Z(this.model.status()),Math.max(0,t-s-1),{pad:!1}),i=Math.max(0,t-s-_e(r));return e+" ".repeat(i)+this.#v(r,"dim")}#R(t){let e=this.prompt;if(e){let r=e.kind==="confirm"?`${e.label} y: yes, any other key: no`:`${e.label} ${Z(e.text)}\u2588  (Enter ${e.required?"confirms":"confirms, empty is fine"}, Esc gives up)`;return this.#v(D(r,t),"yellow","bold")}if(this.notice)return this.#N(D(Z(this.notice.text),t),this.notice.tone);let s=this.filters[this.screen];return this.editing?D(`/${Z(s)}\u2588  (Enter keeps the filter, Esc clears it)`,t):s!==""?this.#v(D(`filter: ${Z(s)}  (/ to change, Esc to clear)`,t),"yellow"):D("",t)}#O(t){let e;switch(this.screen){case"tasks":e=["\u2191\u2193 select","Enter detail","t trace"];break;case"activity":e=["\u2191\u2193 scroll","End follow","Enter task"];break;case"history":e=this.historyDetail?["\u2191\u2193 scroll","Esc back","t trace"]:["\u2191\u2193 select","Enter detail","t trace","a all"];break;case"trace":e=["\u2191\u2193 call","PgUp PgDn output","Esc back"];break}let s=["? help","q quit"],r=this.screen==="tasks"||this.screen==="trace"||this.screen==="history"&&this.historyDetail,i=[...e,"Tab screens","/ filter",...r?["n new","r/R run","c cancel","a/x approve/reject"]:[]],o=l(a=>" "+[...a,...s].join("  "),"text");for(;i.length>0&&_e(o(i))>t;)i.pop();return this.#v(D(o(i),t),"reverse")}#C(t,e,s,r,i,o){let a=this.#t[t];r<a&&(a=r),r>=a+i&&(a=r-i+1),a=Math.max(0,Math.min(a,Math.max(0,e.length-i))),this.#t[t]=a;let c=[];for(let u=a;u<Math.min(e.length,a+i);u++){let h=D(e[u],o);c.push(u===r?this.#v(h,"reverse"):this.#N(h,s[u]))}return c}#E(t,e){return this.#v(D(t,e),"bold")}#j(t,e){let s=this.model.board(),r=this.#M(),i=r.map(f=>String(f.number)),o=this.#_(i,"tasks");r.length>0&&(this.selected.tasks=i[o]);let a=So(t,[5,-1,11,12,10,-1]),c=l(f=>f.map((d,p)=>yc(d,a[p],1,p===0)).join(""),"line"),u=[this.#E(`Tasks \xB7 ${s.length} task${s.length===1?"":"s"}${r.length!==s.length?` (${r.length} shown)`:""}`,t),this.#v(c(["#","Title","Status","Phase","Approval","Progress"]),"dim")];if(s.length===0)return u.push(D("No tasks yet. Tasks appear here as soon as they are created.",t)),u;let h=r.map(f=>c([`#${f.number}`,Z(f.title),Z(f.status),Z(f.phase),f.approval?`${Z(f.approval)} \u23F8`:"",Z(f.progress)]));return u.push(...this.#C("tasks",h,r.map(f=>f.tone),o,e-2,t)),u}#P(t,e){let s=this.model.feed(),r=this.#S(),i=this.#A(r);r.length>0&&(this.selected.activity=r[i].key);let o=[this.#E(`Activity \xB7 ${s.length} event${s.length===1?"":"s"}${r.length!==s.length?` (${r.length} shown)`:""} \xB7 ${this.follow?"following live":"paused (End follows live)"}`,t)];if(r.length===0)return o.push(D(s.length===0?"Waiting for events\u2026":"No event matches the filter.",t)),o;let a=r.map(c=>D(`#${c.number}`,5)+Z(c.text));return o.push(...this.#C("activity",a,r.map(c=>c.tone),i,e-1,t)),o}#I(t,e){let s=this.model.history(this.historyAll),r=this.#L(),i=r.map(m=>String(m.number)),o=this.#_(i,"history");r.length>0&&(this.selected.history=i[o]);let a=s.header.map((m,w)=>w===s.flex?-1:Math.max(_e(m),...r.slice(0,500).map(g=>Math.min(24,_e(Z(g.cells[w]??"")))))+2),c=a.map((m,w)=>w),u=So(t,a);for(let m of s.drop){if(u[c.indexOf(s.flex)]>=Yw)break;c.splice(c.indexOf(m),1),u=So(t,c.map(w=>a[w]))}let h=l(m=>c.map((w,g)=>yc(m[w]??"",u[g],2,s.align[w]==="right")).join(""),"line"),f=[this.#E(`History \xB7 ${s.rows.length} ${this.historyAll?"":"finished "}task${s.rows.length===1?"":"s"}${r.length!==s.rows.length?` (${r.length} shown)`:""} \xB7 a: ${this.historyAll?"finished work only":"every task"}`,t),this.#v(h(s.header),"dim")];if(s.rows.length===0)return f.push(D(this.historyAll?"No tasks yet.":"No finished work yet (a: every task).",t)),f;let d=s.notes.map(m=>this.#v(D(Z(m),t),"dim")),p=r.map(m=>h(m.cells.map(Z)));return f.push(...this.#C("history",p,r.map(m=>m.tone),o,Math.max(1,e-2-d.length),t)),f.push(...d),f}#F(t,e){if(this.task===null)return[];let s=this.model.detail(this.task),r=[this.#E(this.#q(s,`Task #${this.task}`),t)];if(!ae(s))return[...r,D(gc(s),t)];let i=this.filters.history.toLowerCase(),o=s.lines.filter(c=>i===""||c.toLowerCase().includes(i)).flatMap(c=>_o(c,t)),a=e-1;this.#e=Math.max(0,Math.min(this.#e,o.length-a));for(let c of o.slice(this.#e,this.#e+a))r.push(D(c,t));return r}#q(t,e){return ae(t)?Z(t.title):e}#U(t,e){if(this.task===null)return[];let s=this.model.trace(this.task),r=[this.#E(this.#q(s,`Trace of #${this.task}`),t)];if(!ae(s))return[...r,D(gc(s),t)];let i=this.#T()??[];for(let M of s.notes)r.push(this.#v(D(Z(M),t),"dim"));if(s.calls.length===0)return r.push(D("No tool calls in this run yet.",t)),r;let o=i.map(M=>M.key),a=this.#_(o,"trace");i.length>0&&(this.selected.trace=o[a]);let c=So(t,[13,12,12,-1,10,10]),u=l(M=>M.map((z,H)=>yc(z,c[H],1,H===5)).join(""),"line");r.push(this.#v(u(["Time","Role","Tool","Input","Result","Duration"]),"dim"));let h=e-r.length,f=Math.max(1,Math.min(i.length,Math.floor(h*.4))),d=i.map(M=>u([M.time,Z(M.role),Z(M.tool),Z(M.summary),Z(M.result),M.duration]));for(r.push(...this.#C("trace",d,i.map(M=>M.tone),a,f,t));r.length<e-h+f;)r.push(D("",t));let p=i[a];if(!p)return r.push(D("No call matches the filter.",t)),r;let m=this.model.output(this.task,p),w=ae(m)?m.note:gc(m),g=ae(m)?m.text:p.preview,b=this.#r,v;if(b&&b.call===p&&b.width===t&&b.text===g&&b.note===w)v=b.lines;else{let M=_o(g,t,mc);v=[...p.detail.flatMap(z=>_o(z,t)),`\u2500\u2500 output: ${w} \u2500\u2500`,...M],M.length>=mc&&v.push(`\u2500\u2500 the first ${mc} lines: taskline trace ${this.task} --full has all \u2500\u2500`),this.#r={call:p,width:t,text:g,note:w,lines:v}}let x=e-r.length-1,S=Math.max(0,Math.min(this.#n,v.length-x));ae(m)&&(this.#n=S);let O=v.length-x,N=`\u2500\u2500 call ${p.call} ${O>0?`\xB7 lines ${S+1}-${S+x} of ${v.length} `:""}`;r.push(this.#v(D(N+"\u2500".repeat(Math.max(0,t-_e(N))),t),"dim"));for(let M of v.slice(S,S+x))r.push(M.startsWith("\u2500\u2500 output")?this.#v(D(M,t),"dim"):D(M,t));return r}#B(t,e){let s=Math.min(t-4,Math.max(...wp.map(i=>_e(i)))+2),r=wp.slice(0,Math.max(0,e-2));return["\u250C"+"\u2500".repeat(s)+"\u2510",...r.map(i=>"\u2502"+D(" "+i,s)+"\u2502"),"\u2514"+"\u2500".repeat(s)+"\u2518"]}};l(gc,"loadingText");l(kp,"clampIndex");l(Gw,"clampScroll");l($o,"filterRows");l(So,"columns");l(yc,"cell");l(Zw,"overlay")});function Qw(n,t){let e=n.number;if(t instanceof Error)return`The run of #${e} failed: ${t.message}`;switch(t.run_status){case"done":return`The run of #${e} is done`;case"awaiting_approval":return`#${e} waits for approval of the ${t.pending_approval} gate: a approves, x rejects`;case"budget_exhausted":return`#${e} paused: ${t.last_error}`;case"cancelled":return`The run of #${e} stopped: ${t.last_error}; R resumes it`;case"failed":return`The run of #${e} failed: ${t.last_error}`}}var Lr,bp=_(()=>{kn();Xn();ii();ke();gt();Lr=class{static{l(this,"TaskActions")}state;#t;#e;#n=null;onNotice;constructor(t,e){this.state=t,this.#t=e.settings,this.onNotice=e.onNotice??(()=>{}),e.liveChannel!==!1&&(this.#n=Yn(t));let s=this.#n;this.#e=new es(t,{settings:l(async()=>(await Ue(t)).settings,"settings"),closeMessage:"cancelled: the terminal UI that ran it quit",...s?{sink:s.sink}:{},onEnd:l((r,i)=>this.onNotice(Qw(r,i),!(i instanceof Error)),"onEnd")})}async#s(t){return Ie(`#${t}`,await _t(this.state))}async create(t){let e=await ns(this.state,{title:t});return`Created task #${e.number} ${e.record.title}`}async run(t,e){let s=await this.#s(t),r=await this.#e.start(s,os({resume:e},Ri));return`${e?"Resumed":"Started"} run ${r.run.slice(0,8)} of #${t}`}async cancel(t){let e=await this.#s(t);return await is(this.state,e),`Asked the run of #${t} to stop`}async approve(t,e){let s=await this.#s(t),r=await ss(this.state,s,e,{settings:this.#t});return`Approved the ${r.gate} gate of #${t}; ${r.recorded?`its engine resumes it (taskline record ${t} --resume)`:"R resumes its run"}`}async reject(t,e){let s=await this.#s(t),r=await rs(this.state,s,e,{settings:this.#t});return`Rejected the ${r.gate} gate of #${t}; ${r.recorded?`its engine resumes it (taskline record ${t} --resume)`:"R plays the work again"}`}running(){return this.#e.active}async close(){await this.#e.close(),this.#n?.close()}};l(Qw,"endText")});async function tk(n,t){let e=new gn(n.state,{onProblem:l(s=>n.problem(`${s.path}: line ${s.line}: skipped a broken line`),"onProblem"),onBadLog:l((s,r)=>n.badLog(r,s.message),"onBadLog")});try{await e.start();let s=(async()=>{let i=null;for(;!t.aborted;)try{for await(let o of e.subscribe({after:i,signal:t}))o.length!==0&&(i=o[o.length-1].cursor,n.accept(o.map(a=>({env:a.record.env,task:a.task}))));return}catch(o){if(t.aborted)return;if(!(o instanceof y&&o.code==="io"))throw o;n.problem("the feed fell behind; caught up again")}})(),r=n.fillBacklog(t).catch(i=>{t.aborted||n.problem(`Activity backlog: ${i?.message??i}`)});await Promise.all([s,r])}finally{e.close()}}function ek(n){if(n.state==="interrupted")return{progress:"interrupted (ended without run_finished)",tone:"fail"};let t=`${I(Lt(n.usage))}${n.totals_known?"":"+"} tok \xB7 ${at(n.active_ms)}`;return n.paused_reason!==null&&n.success!==!0?{progress:`paused: ${n.paused_reason} \xB7 ${t}`,tone:"wait"}:{progress:`${n.success?"succeeded":"failed"} (${n.status??"-"}) \xB7 ${t}`,tone:n.success?"ok":"fail"}}function To(n,t=Date.now()){let e=!1,s=n.map(r=>{r.totals.complete||(e=!0);let i=r.totals.complete?"":"+",o=r.running?"run":r.runs.at(-1)?.success===!1?"fail":r.task.status==="done"?"ok":"none";return{number:r.number,tone:o,cells:[`#${r.number}`,r.task.title,r.running?`${r.task.status} (running)`:cs(r.task.status,!1),String(r.totals.runs),String(r.totals.commits),String(r.changed_files.files.length),I(Lt(r.totals.usage))+i,at(r.totals.active_ms)+i,r.cost?ze(r.cost.amount,r.cost.currency):"-",fr(r.last_activity?Date.parse(r.last_activity):null,t)]}});return{header:["#","Title","Status","Runs","Commits","Files","Tokens","Active","Cost","Last activity"],align:["right","left","left","right","right","right","right","right","right","left"],flex:1,drop:[8,4,5,3,7,9],rows:s,notes:e?[_n]:[]}}function nk(n){if(typeof n=="object"&&n!==null&&!Array.isArray(n)){let t=n;for(let e of["command","cmd","path","file","file_path","pattern","query","url"])if(typeof t[e]=="string")return t[e]}if(n==null)return"";try{return JSON.stringify(n)??""}catch{return String(n)}}function sk(n,t){let e;try{e=JSON.stringify(n.input,null,2)??"null"}catch{e=String(n.input)}let s=e.split(`
`),r=n.result==="ok"?"ok":n.result==="no result"?n.returned_at===null?"run":"wait":"fail";return{key:`${n.call}:${n.seq??t}`,call:n.call,time:fs(n.called_at??n.returned_at),role:n.role,tool:n.tool,summary:nk(n.input),result:n.result,duration:at(n.duration_ms),tone:r,detail:[`${n.tool} by ${n.role}${n.subtask?` on subtask ${n.subtask.slice(0,8)}`:""} \xB7 run ${n.run.slice(0,8)} \xB7 ${n.result}${n.duration_ms!==null?` in ${at(n.duration_ms)}`:""} \xB7 ${I(n.output_chars)} chars${n.paired!=="id"?` \xB7 paired ${n.paired}`:""}`,`called ${fs(n.called_at)} \xB7 returned ${fs(n.returned_at)}${n.output_file?` \xB7 ${n.output_file}`:""}`,"input:",...s.slice(0,200).map(i=>"  "+i),...s.length>200?[`  \u2026 ${s.length-200} more lines`]:[]],preview:n.preview,outputFile:n.output_file,outputChars:n.output_chars}}function rk(n){if(n.schema>2)return"none";let t=n.event;switch(t.type){case"run_finished":case"phase_finished":return t.success===!0?"ok":"fail";case"tool_returned":return t.is_error===!0?"fail":"none";case"validation_finished":return t.passed===!0?"ok":"fail";case"approval_requested":case"paused":case"retrying":return"wait";case"run_started":case"phase_started":return"run";case"merged":return"ok";default:return"none"}}var kc,Eo,Rr,vp=_(()=>{Jt();gt();ke();us();We();Ar();Tr();vn();un();yr();A();ki();Vn();Us();dc();Ya();kc={loading:!0},Eo=class{static{l(this,"FeedLine")}key;number;#t;#e=null;constructor(t,e,s){this.key=t,this.number=e,this.#t=s}get text(){return this.#e??=si(this.#t,{color:!1,textCharsMax:300})}get tone(){return rk(this.#t)}},Rr=class{static{l(this,"TuiData")}state;settings;#t;#e;#n;#s=new xt;#r=[];#i=new Map;#o=new Map;#a=new Map;#l=[];#c=new Set;#u=[];#f=[];#h=To([]);#p=To([]);#d=null;#y=new Map;#m=null;#k=new Set;#g=!1;#b;#w=new AbortController().signal;#$="loading\u2026";#x=null;#_=Promise.resolve();#A=0n;#M=!1;constructor(t,e={}){this.state=t,this.settings=e.settings??Ft(),this.#t=e,this.#e=Math.max(1,e.feedMax??1e3),this.#n=e.reloadIntervalMs??200}onChange(t){this.#u.push(t)}#S(){for(let t of this.#u)t()}async start(t){this.#w=t,this.#A=BigInt(Date.now()-2e3)*1000000n,await this.#D(),this.#$="live",this.#S();let e="";try{e=await Deno.realPath(this.state.tasksDir)}catch{}let s=De(this.state.tasksDir,r=>this.#L(e,r),{signal:t,recursive:!0});try{await(this.#t.follow??tk)(this,t)}catch(r){if(!t.aborted)throw r}finally{s(),this.#b!==void 0&&clearTimeout(this.#b)}}#L(t,e){let s=this.state.tasksDir.replace(/^\.\//,""),r=s.startsWith("/")?s:`/${s}`,i=l(a=>a===t||a.endsWith(r),"isTasksDir"),o=!1;for(let a of e){let c=a.lastIndexOf("/"),u=a.slice(0,c),h=a.slice(c+1);if(i(u))this.#g=!0,o=!0;else if(h.startsWith("task.json")&&i(u.slice(0,u.lastIndexOf("/")))){let f=u.slice(u.lastIndexOf("/")+1),d=this.#r.find(p=>p.dir===f);d?this.#k.add(d.number):this.#g=!0,o=!0}}o&&this.#v()}problem(t){this.#x=t,this.#S()}badLog(t,e){this.#k.add(t.number),this.problem(e),this.#v()}accept(t){if(t.length!==0){for(let{env:e,task:s}of t){let r=he(e,s.number),i=r?Mt(r):`${s.number}-${e.at}-${e.seq??0}`;this.#c.has(i)||(this.#c.add(i),this.#l.push(new Eo(i,s.number,e)),this.#T(s.number,e,!0),this.#i.has(s.number)?(r===null||r.ns>=this.#A)&&this.#k.add(s.number):(this.#g=!0,this.#k.add(s.number)))}if(this.#l.length>this.#e)for(let e of this.#l.splice(0,this.#l.length-this.#e))this.#c.delete(e.key);(this.#k.size>0||this.#g)&&this.#v(),this.#S()}}async fillBacklog(t){let e=[...this.#o.values()].filter(i=>i.last_activity!==null).sort((i,o)=>Date.parse(o.last_activity)-Date.parse(i.last_activity)).slice(0,this.#t.backlogTasks??32).map(i=>this.#i.get(i.number)).filter(i=>i!==void 0),s=[];for await(let i of pn(this.state,e,{chunkBytes:16*1024,lookaheadItems:64,signal:t})){for(let o of i)s.push(new Eo(o.cursorText,o.task.number,o.record.env)),this.#T(o.task.number,o.record.env,!1);s.length>2*this.#e&&s.splice(0,s.length-this.#e)}let r=s.slice(-this.#e).filter(i=>!this.#c.has(i.key));for(let i of r)this.#c.add(i.key);if(this.#l=[...r,...this.#l],this.#l.length>this.#e)for(let i of this.#l.splice(0,this.#l.length-this.#e))this.#c.delete(i.key);this.#f=this.#r.map(i=>this.#j(i,this.#o.get(i.number))),this.#S()}#T(t,e,s){let r=this.#a.get(t);if(r||this.#a.set(t,r={env:null,tokens:null,activeMs:null}),r.live&&!s)return;r.env=e,r.live=s;let i=e.event;i.type==="budget_updated"&&(typeof i.tokens=="number"&&(r.tokens=i.tokens),typeof i.active_ms=="number"&&(r.activeMs=i.active_ms)),i.type==="run_started"&&(r.tokens=null,r.activeMs=null)}#v(){this.#b!==void 0||this.#w.aborted||(this.#b=setTimeout(()=>{this.#b=void 0;let t=new Set(this.#k),e=this.#g;this.#k.clear(),this.#g=!1,this.#_=this.#_.then(()=>this.#O(t,e)).then(()=>this.#S(),s=>this.#N(s))},this.#n))}#N(t){this.#w.aborted||this.problem(t?.message??String(t))}async#D(){let t=await this.#R();this.#E(),this.#S();let e=await hs(this.state,{all:!0,tasks:t,settings:this.settings,cache:this.#s,signal:this.#w});this.#o=new Map(e.map(s=>[s.number,s])),this.#E(),this.#d&&!ae(this.#d.value)&&await this.#P(this.#d.number)}async#R(){let t=await _t(this.state,{onProblem:l(e=>this.#x=`${e.dir}: ${e.reason}`,"onProblem")});return this.#r=t,this.#i=new Map(t.map(e=>[e.number,e])),this.#M=!0,t}async#O(t,e){if(e){await this.#R();for(let s of this.#r)this.#o.has(s.number)||t.add(s.number);for(let s of this.#o.keys())this.#i.has(s)||this.#o.delete(s)}else for(let s of t)await this.#C(s);for(let s of t){let r=this.#i.get(s);r&&this.#o.set(s,await He(this.state,r,{settings:this.settings,cache:this.#s,signal:this.#w}))}this.#E(),this.#d&&t.has(this.#d.number)&&await this.#P(this.#d.number)}async#C(t){let e=this.#i.get(t);if(!e)return;let s;try{s=await vt(this.state,e.dir)}catch{return}s.number===t&&(this.#i.set(t,s),this.#r=this.#r.map(r=>r.number===t?s:r))}#E(){this.#f=this.#r.map(s=>this.#j(s,this.#o.get(s.number)));let t=[...this.#o.values()].filter(s=>this.#i.has(s.number)),e=l(s=>{let r=Date.parse(s.last_activity??s.task.created_at);return Number.isFinite(r)?r:0},"when");t.sort((s,r)=>e(r)-e(s)||r.number-s.number),this.#p=To(t),this.#h=To(t.filter(s=>al.includes(s.task.status)))}#j(t,e){let s=e?.runs.find(d=>d.current)??e?.runs.at(-1)??null,r=e?.running===!0,i=this.#a.get(t.number),o=s?.phases.findLast(d=>d.finished_at===null),a=s?.phases.at(-1),c=r&&o?o.phase:a?a.phase:"",u=s?.state!=="running"?s?.pending_approval??"":"",h="",f="none";if(r&&s){f="run";let d=[];i?.tokens!=null&&d.push(`${I(i.tokens)} tok`),i?.activeMs!=null&&d.push(at(i.activeMs)),d.push(`${s.calls} calls`),i?.env&&d.push(si(i.env,{color:!1,textCharsMax:200}).replace(/^\S+\s+/,"")),h=d.join(" \xB7 ")}else e?.bad_log?(h=e.bad_log.message,f="fail"):s?{progress:h,tone:f}=ek(s):h=e?"no run yet":"\u2026";return u&&(f="wait"),{number:t.number,title:t.record.title,status:cs(t.record.status,r),phase:c,approval:u,progress:h,tone:f}}board(){return this.#f}feed(){return this.#l}history(t=!1){return t?this.#p:this.#h}detail(t){let e=this.#o.get(t);if(!e)return this.#i.has(t)?kc:{error:`no task #${t}`};let[s,...r]=Wi(e,Date.now()).replace(/\n$/,"").split(`
`);return{title:s,lines:r}}trace(t){return this.#d?.number!==t&&(this.#d={number:t,value:kc},this.#m=null,this.#P(t).then(()=>this.#S(),e=>this.#N(e))),this.#d.value}async#P(t){let e=this.#i.get(t);if(!e){this.#M&&(this.#d={number:t,value:{error:`no task #${t}`}});return}try{let s=await _s(this.state,e,{signal:this.#w});if(this.#d?.number!==t)return;this.#y=new Map;let r=s.calls.map((c,u)=>{let h=sk(c,u);return this.#y.set(h.key,c),h}),i=this.#o.get(t),o=[];s.paired_by_order&&o.push("Calls recorded before 0.5 are paired by order: only previews were kept.");for(let c of s.errors.slice(0,3))o.push(`log: ${c}`);this.#d={number:t,value:{title:`Trace of #${t} ${i?.task.title??e.record.title} \xB7 run ${s.run?.slice(0,8)??"-"} \xB7 ${r.length} call${r.length===1?"":"s"}`,calls:r,notes:o}};let a=this.#m?.value;a&&"note"in a&&a.note==="no result yet"&&(this.#m=null)}catch(s){this.#d?.number===t&&(this.#d={number:t,value:{error:s.message}})}}output(t,e){let s=`${t}:${e.key}`;return this.#m?.key===s?this.#m.value:(this.#m={key:s,value:kc},this.#I(t,e,s).then(()=>this.#S(),r=>this.#N(r)),this.#m.value)}async#I(t,e,s){let r=this.#i.get(t),i=this.#y.get(e.key),o;if(!r||!i)o={text:e.preview,note:"preview"};else if(i.returned_at===null)o={text:"",note:"no result yet"};else if(i.output_file===null||!/^[0-9a-f]{12}$/i.test(i.call)||/^0+$/.test(i.call))o={text:i.preview,note:`preview only (${I(i.output_chars)} chars; the complete output was not kept)`};else try{let a=await bs(this.state,r,i.call,{run:i.run,bytesMax:this.#t.outputBytesMax??4194304});o=a===null?{text:i.preview,note:"preview only (the kept output is missing)"}:{text:a.text,note:a.cut?`cut to the first ${I(a.cut.kept)} of ${I(a.cut.total)} chars`:`complete, ${I(i.output_chars)} chars`}}catch(a){o={text:i.preview,note:`preview only (${a.message})`}}this.#m?.key===s&&(this.#m={key:s,value:o})}status(){let t=this.#r.length,e=[...this.#o.values()].filter(r=>r.running).length,s=`${this.#$} \xB7 ${t} task${t===1?"":"s"}${e?` \xB7 ${e} running`:""}`;return this.#x?`${s} \xB7 ${this.#x}`:s}};l(tk,"followProject");l(ek,"outcomeOf");l(To,"historyTable");l(nk,"inputSummary");l(sk,"callRow");l(rk,"toneOf")});function _p(n){let t=[],e=0;for(;e<n.length;){let s=n[e];if(s==="\x1B"){let r=n[e+1];if(r==="["||r==="O"){let i=e+2;if(r==="[")for(;i<n.length&&!/[\x40-\x7e]/.test(n[i]);)i++;let o=n.slice(e+1,i+1),a=ik[o];a&&t.push({name:a}),e=i+1;continue}if(r==="\x1B"){t.push({name:"escape"}),e++;continue}t.push({name:"escape"}),e+=r===void 0?1:2;continue}switch(e++,s){case"\r":case`
`:t.push({name:"enter"}),s==="\r"&&n[e]===`
`&&e++;break;case"	":t.push({name:"tab"});break;case"\x7F":case"\b":t.push({name:"backspace"});break;case"":t.push({name:"ctrl-c"});break;case"":t.push({name:"ctrl-d"});break;case"\f":t.push({name:"ctrl-l"});break;case"":t.push({name:"ctrl-u"});break;default:{let r=s.codePointAt(0);if(r<32)break;r>=55296&&r<=56319&&e<n.length?(t.push({name:"char",char:s+n[e]}),e++):t.push({name:"char",char:s})}}}return t}var ik,xp=_(()=>{ik={"[A":"up","[B":"down","[C":"right","[D":"left",OA:"up",OB:"down",OC:"right",OD:"left","[5~":"pageup","[6~":"pagedown","[H":"home","[F":"end",OH:"home",OF:"end","[1~":"home","[4~":"end","[7~":"home","[8~":"end","[Z":"backtab"};l(_p,"parseKeys")});var ok,ak,Ao,$p=_(()=>{ok="\x1B[?2026h",ak="\x1B[?2026l",Ao=class{static{l(this,"Screen")}#t=[];#e=-1;#n=-1;#s;constructor(t){this.#s=t}invalidate(){this.#t=[],this.#e=-1}draw(t,e){let s="";(e.width!==this.#e||e.height!==this.#n)&&(s+="\x1B[0m\x1B[2J",this.#t=[],this.#e=e.width,this.#n=e.height);let r=0;for(let i=0;i<e.height;i++){let o=t[i]??"";this.#t[i]!==o&&(s+=`\x1B[${i+1};1H\x1B[0m\x1B[2K${o}\x1B[0m`,this.#t[i]=o,r++)}return this.#t.length=e.height,s!==""&&this.#s(ok+s+ak),r}}});async function bc(n,t,e={}){let s=new Cr(n,{colour:e.colour,screen:e.screen,task:e.task,...e.actions?{actions:e.actions}:{},onUpdate:l(()=>d(),"onUpdate")}),r=new Ao(m=>t.write(m)),i=new AbortController,o=e.signal,a=l(()=>i.abort(o?.reason),"onOuter");o?.addEventListener("abort",a,{once:!0});let c=!1,u,h=null,f=l(()=>{if(u=void 0,!c)try{let m=t.size();r.draw(s.frame(m),m)}catch(m){h??=m,i.abort(m)}},"draw"),d=l(()=>{u===void 0&&!c&&(u=setTimeout(f,e.frameIntervalMs??30))},"schedule");n.onChange(d);let p=l(()=>{},"offResize");t.enter();try{p=t.onResize(()=>{r.invalidate(),d()}),f();let m=n.start(i.signal).catch(g=>{i.signal.aborted||(h??=g,i.abort(g))}),w=null;for await(let g of t.input(i.signal)){for(let b of _p(g)){let v=s.key(b);if(v==="quit"?w=0:v==="interrupt"?w=130:v==="redraw"&&r.invalidate(),w!==null)break}if(w!==null)break;f()}if(i.abort(),await m,h)throw h;return w??(o?.aborted?130:0)}finally{c=!0,u!==void 0&&clearTimeout(u),i.abort(),o?.removeEventListener("abort",a),p(),t.restore()}}var Sp=_(()=>{wc();xp();$p();l(bc,"runTui")});var lk,ck,jr,Tp=_(()=>{lk="\x1B[?1049h\x1B[?25l\x1B[?7l\x1B[H\x1B[2J",ck="\x1B[0m\x1B[?7h\x1B[?25h\x1B[?1049l",jr=class{static{l(this,"DenoTerminal")}#t=!1;#e=new TextEncoder;#n=l(()=>this.restore(),"#onUnload");size(){try{let{columns:t,rows:e}=Deno.consoleSize();return{width:t,height:e}}catch{return{width:80,height:24}}}write(t){let e=this.#e.encode(t),s=0;for(;s<e.length;)s+=Deno.stdout.writeSync(e.subarray(s))}enter(){this.#t||(Deno.stdin.setRaw(!0),this.#t=!0,globalThis.addEventListener("unload",this.#n),globalThis.addEventListener("error",this.#n),globalThis.addEventListener("unhandledrejection",this.#n),this.write(lk))}restore(){if(this.#t){this.#t=!1,globalThis.removeEventListener("unload",this.#n),globalThis.removeEventListener("error",this.#n),globalThis.removeEventListener("unhandledrejection",this.#n);try{this.write(ck)}catch{}try{Deno.stdin.setRaw(!1)}catch{}}}async*input(t){let e=new Uint8Array(4096),s=new TextDecoder,r=new Promise(i=>{t.aborted&&i(null),t.addEventListener("abort",()=>i(null),{once:!0})});for(;!t.aborted;){let i=await Promise.race([Deno.stdin.read(e),r]);if(i===null)return;yield s.decode(e.subarray(0,i),{stream:!0})}}onResize(t){try{Deno.addSignalListener("SIGWINCH",t)}catch{return()=>{}}return()=>{try{Deno.removeSignalListener("SIGWINCH",t)}catch{}}}}});var Ep=_(()=>{wc();bp();vp();Sp();Tp()});var Mp={};W(Mp,{TUI_HELP:()=>uk,tuiCommand:()=>hk});async function hk(n,t){let{values:e,positionals:s}=R("tui",t,{screen:{type:"string"}});if(s.length>1)throw new y("usage","taskline tui: name at most one task");let r=e.screen;if(r!==void 0&&!Ap.includes(r))throw new y("usage",`taskline tui: --screen takes ${Ap.join(", ")}, not "${r.slice(0,40)}"`);if(!n.io.stdout.isTerminal||!Deno.stdin.isTerminal()){let u=n.io.stdout.isTerminal?"standard input":"standard output";throw new y("usage",`taskline tui: ${u} is not a terminal; the terminal UI needs one (for scripts use \`taskline events --follow\` or \`--json\`)`)}await n.tasks();let i=s[0]!==void 0?await n.task(s[0]):void 0,o=await n.settings();await n.io.stdout.flush();let a=new Rr(n.state,{settings:o}),c=new Lr(n.state,{settings:o});try{return await bc(a,new jr,{signal:n.io.signal,colour:n.io.env("NO_COLOR")===void 0||n.io.env("NO_COLOR")==="",screen:r,task:i?.number,actions:c})}finally{await c.close()}}var uk,Ap,Op=_(()=>{A();Ep();it();uk=`Usage: taskline tui [<TASK>] [options]

The terminal UI: the task board, the live activity of every task, the
history of finished work, and the trace of a task's run. It follows the logs
as they are written. With a TASK it opens that task's Trace tab.

Keys (also shown on screen, ? for all of them):
  Tab / 1-4   Tasks, Activity, History, Trace      \u2191 \u2193  select, scroll
  Enter       a task's detail                      t    the task's trace
  /           filter                               q    quit
  n           new task (asks its title)            r R  run, resume the selected task
  c           cancel its run (asks to confirm)     a x  approve, reject (asks why)
A run started in the UI runs in its process and stops, resumably, when it quits.

Options:
  --screen <NAME>   the first screen: tasks, activity or history

It needs a terminal: when standard input or output is not one it exits with
2 and says so (scripts read \`taskline events --follow\` or \`--json\` instead).`,Ap=["tasks","activity","history"];l(hk,"tuiCommand")});A();it();Mn();function $d(...n){return t=>n.includes(t[0]??"")?Ge:En}l($d,"writesIf");var co={events:{summary:"replay and follow events",keeps:l(n=>Os(n,"follow","f")&&!Os(n,"json")&&(Os(n,"verbose","v")||n.some(t=>t.includes("agent_delta")))?ce:En,"keeps"),load:l(()=>Promise.resolve().then(()=>(ah(),oh)).then(n=>({help:n.EVENTS_HELP,run:n.eventsCommand})),"load")},schema:{summary:"print the JSON Schema of an event line",keeps:l(()=>Sc,"keeps"),load:l(()=>Promise.resolve().then(()=>(hh(),uh)).then(n=>({help:n.SCHEMA_HELP,run:n.schemaCommand})),"load")},run:{summary:"run a task (scripted engine) or resume it",keeps:l(()=>ce,"keeps"),load:l(()=>Promise.resolve().then(()=>(Wh(),Hh)).then(n=>({help:n.RUN_HELP,run:n.runCommand})),"load")},record:{summary:"record a run from an engine of your own (events on stdin)",keeps:l(()=>ce,"keeps"),load:l(()=>Promise.resolve().then(()=>(of(),rf)).then(n=>({help:n.RECORD_HELP,run:n.recordCommand})),"load")},approve:{summary:"approve a pending gate",keeps:l(()=>Ge,"keeps"),load:l(()=>Promise.resolve().then(()=>(Ja(),za)).then(n=>({help:n.APPROVE_HELP,run:n.approveCommand})),"load")},reject:{summary:"reject a pending gate",keeps:l(()=>Ge,"keeps"),load:l(()=>Promise.resolve().then(()=>(Ja(),za)).then(n=>({help:n.REJECT_HELP,run:n.rejectCommand})),"load")},cancel:{summary:"stop a running task",keeps:l(()=>Ge,"keeps"),load:l(()=>Promise.resolve().then(()=>(cf(),lf)).then(n=>({help:n.CANCEL_HELP,run:n.cancelCommand})),"load")},init:{summary:"set up .taskline/ in this project",keeps:l(()=>Ge,"keeps"),load:l(()=>Promise.resolve().then(()=>(df(),ff)).then(n=>({help:n.INIT_HELP,run:n.initCommand})),"load")},task:{summary:"new, list, show, import, discard tasks",keeps:$d("new","discard","import"),load:l(()=>Promise.resolve().then(()=>(yf(),gf)).then(n=>({help:n.TASK_HELP,run:n.taskCommand})),"load")},memory:{summary:"list or clear the project memory",keeps:$d("clear"),load:l(()=>Promise.resolve().then(()=>(kf(),wf)).then(n=>({help:n.MEMORY_HELP,run:n.memoryCommand})),"load")},doctor:{summary:"check the state directory",keeps:l(()=>En,"keeps"),load:l(()=>Promise.resolve().then(()=>($f(),xf)).then(n=>({help:n.DOCTOR_HELP,run:n.doctorCommand})),"load")},history:{summary:"what each task delivered and cost",keeps:l(()=>Ge,"keeps"),load:l(()=>Promise.resolve().then(()=>(Df(),jf)).then(n=>({help:n.HISTORY_HELP,run:n.historyCommand})),"load")},ship:{summary:"publish this project's tasks to NATS JetStream",keeps:l(n=>Os(n,"live")?ce:{read:!0,write:!1,net:!0},"keeps"),load:l(()=>Promise.resolve().then(()=>(hd(),ud)).then(n=>({help:n.SHIP_HELP,run:n.shipCommand})),"load")},mirror:{summary:"a replica .taskline/ of the projects shipped to NATS",keeps:l(()=>ce,"keeps"),load:l(()=>Promise.resolve().then(()=>(dd(),fd)).then(n=>({help:n.MIRROR_HELP,run:n.mirrorCommand})),"load")},pr:{summary:"the text of a pull request for a task's branch",keeps:l(()=>En,"keeps"),load:l(()=>Promise.resolve().then(()=>(gd(),md)).then(n=>({help:n.PR_HELP,run:n.prCommand})),"load")},trace:{summary:"the tool calls of a run, with results",keeps:l(()=>En,"keeps"),load:l(()=>Promise.resolve().then(()=>(xd(),_d)).then(n=>({help:n.TRACE_HELP,run:n.traceCommand})),"load")}};ct();qt();gt();ke();var uo=class{static{l(this,"Context")}io;state;json=!1;#t=new Set;badLogs=new Set;constructor(t,e=new zr){this.io=t,this.state=e}async warn(t){await this.io.stderr.write(`taskline: warning: ${L(t)}
`),await this.io.stderr.flush()}problem=l(t=>{if(this.#t.has(t.path))return;this.#t.add(t.path);let e=t.line>0?`line ${t.line}`:`near byte ${t.offset}`;this.warn(`${t.path}: ${e}: skipped a broken line (${t.reason})`)},"problem");badLog=l(t=>{this.badLogs.has(t.path)||(this.badLogs.add(t.path),this.warn(`${t.message}; its task is skipped`))},"badLog");status(t=0){return t===0&&this.badLogs.size>0?1:t}async tasks(){return await this.state.requireExists(),await _t(this.state,{onProblem:l(t=>void this.warn(`${this.state.tasksDir}/${t.dir}: ${t.reason}`),"onProblem")})}async task(t){return await this.state.requireExists(),await Nu(this.state,t,{onProblem:l(e=>void this.warn(`${this.state.tasksDir}/${e.dir}: ${e.reason}`),"onProblem")})}async settings(){let{settings:t,warnings:e}=await Ue(this.state);for(let s of e)await this.warn(s);return t}};rr();qt();Mn();var Sd="0.5.0";function iw(n){let t=Object.keys(n).sort(),e=Math.max(...t.map(r=>r.length)),s=t.map(r=>`  ${r.padEnd(e)}  ${n[r].summary}`);return`taskline ${Sd}: the event log of an AI coding agent engine

Usage: taskline <command> [options]

Commands:
${s.join(`
`)}

Run \`taskline <command> --help\` for a command's options.
Exit codes: 0 success, 1 failure, 2 usage error (run: waits for a human or a budget), 130 interrupted.`}l(iw,"usage");async function ow(n,t,e=co){let[s,...r]=n,i=new uo(t);i.json=r.includes("--json");try{if(s===void 0||s==="help"||s==="--help"||s==="-h"){let c=s==="help"?r[0]:void 0,h=c!==void 0&&Object.hasOwn(e,c)?(await e[c].load()).help:iw(e);return await t.stdout.write(h+`
`),s===void 0?2:0}if(s==="--version"||s==="-V")return await t.stdout.write(`taskline ${Sd}
`),0;let o=Object.hasOwn(e,s)?e[s]:void 0;if(!o)throw new y("usage",`Unknown command "${s}". Commands: ${Object.keys(e).sort().join(", ")}`);let a=await o.load();return r.includes("--help")||r.includes("-h")?(await t.stdout.write(a.help+`
`),0):(await Tc(o.keeps(r)),t.env("TASKLINE_SHOW_PERMISSIONS")==="1"&&await t.stderr.write(`taskline ${s}: holds ${JSON.stringify(await An(".taskline"))}
`),await a.run(i,r))}catch(o){return await aw(i,o)}finally{try{await t.stdout.flush()}catch{}await t.stderr.flush().catch(()=>{})}}l(ow,"run");async function aw(n,t){if(Bh(t))return 0;if(n.io.signal.aborted&&!(t instanceof y&&t.code!=="interrupted"))return 130;let e,s;t instanceof y?(e=t.code,s=t.message):t instanceof Deno.errors.PermissionDenied||t instanceof Deno.errors.NotCapable?(e="io",s=`Permission denied: ${t.message}. taskline reads and writes only .taskline/ and must run from the project root`):(e="io",s=t?.message??String(t));let r=n.io.stderr;try{if(n.json){let i=t instanceof y&&t.details?t.details:void 0;await r.write(JSON.stringify({error:{code:e,message:s,...i?{details:i}:{}}})+`
`)}else await r.write(`taskline: ${L(s)}
`),e==="usage"&&await r.write("Run `taskline --help` for usage.\n")}catch{}return xc(e)}l(aw,"report");rr();Mn();var fk={...co,serve:{summary:"the local server: web UI and API",keeps:l(()=>ce,"keeps"),load:l(()=>Promise.resolve().then(()=>(fp(),hp)).then(n=>({help:n.SERVE_HELP,run:n.serveCommand})),"load")},tui:{summary:"the terminal UI: tasks, activity, history, trace",keeps:l(()=>ce,"keeps"),load:l(()=>Promise.resolve().then(()=>(Op(),Mp)).then(n=>({help:n.TUI_HELP,run:n.tuiCommand})),"load")}};export{fk as ALL_COMMANDS,ja as WriterSink,ow as run};
// Generated by `deno task bundle` (scripts/bundle_program.ts) from src/app/program.ts: do not edit.
//# sourceMappingURL=taskline.js.map
