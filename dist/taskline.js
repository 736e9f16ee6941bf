var jc=Object.defineProperty;var a=(n,t)=>jc(n,"name",{value:t,configurable:!0});var v=(n,t)=>()=>(n&&(t=n(n=0)),t);var W=(n,t)=>{for(var e in t)jc(n,e,{get:t[e],enumerable:!0})};function Dc(n){switch(n){case"usage":case"bad-cursor":case"bad-request":case"unsupported-media-type":case"too-large":return 2;case"interrupted":return 130;default:return 1}}function Pc(n){switch(n){case"usage":case"bad-cursor":case"bad-request":case"ambiguous-ref":return 400;case"not-found":return 404;case"task-running":case"not-running":case"nothing-pending":case"wrong-state":case"bad-log-file":case"bad-state-file":return 409;case"too-large":return 413;case"unsupported-media-type":return 415;case"fell-behind":return 503;default:return 500}}var y,A=v((function(){y=class extends Error{static{a(this,"TasklineError")}name="TasklineError";code;details;constructor(t,e,s){super(e,s?.cause===void 0?void 0:{cause:s.cause}),this.code=t,s?.details&&(this.details=s.details)}};a(Dc,"exitCodeOf");a(Pc,"httpStatusOf")}));function j(n,t,e){let s={},r=[],i=a(f=>{throw new y("usage",`taskline ${n}: ${f}`)},"fail"),o=new Map;for(let[f,d]of Object.entries(e))d.short&&o.set(d.short,f);let l=a(f=>{let d=e[f].short;return d?`-${d}, --${f}`:`--${f}`},"label"),u=a(f=>i(`Unknown option '${f}'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${JSON.stringify(f)}`),"unknown"),c=a((f,d)=>{e[f].multiple?(s[f]??=[]).push(d):s[f]=d},"store"),h=a((f,d,p)=>{let m=t[d];return m===void 0&&i(`Option '${l(f)} <value>' argument missing`),m.length>1&&m[0]==="-"&&i(`Option '${p}' argument is ambiguous. Did you forget to specify the option argument for '${p}'?`),m},"nextValue");for(let f=0;f<t.length;f++){let d=t[f];if(d==="--"){r.push(...t.slice(f+1));break}if(d.startsWith("--")){let p=d.indexOf("="),m=p<0?d.slice(2):d.slice(2,p);Object.hasOwn(e,m)||u(p<0?d:d.slice(0,p)),e[m].type==="boolean"?(p>=0&&i(`Option '${l(m)}' does not take an argument`),c(m,!0)):p>=0?c(m,d.slice(p+1)):c(m,h(m,++f,`--${m}`));continue}if(d.length>1&&d[0]==="-"){for(let p=1;p<d.length;p++){if(d[p]==="-"){for(let w=p+1;w<d.length;w++){let g=o.get(d[w]);if(g!==void 0&&e[g].type==="string"&&w<d.length-1){r.push(`-${d.slice(w)}`);break}r.push(`-${d[w]}`)}return r.push(...t.slice(f+1)),{values:s,positionals:r}}let m=o.get(d[p]);if(m===void 0&&u(`-${d[p]}`),e[m].type==="boolean"){c(m,!0);continue}p+1<d.length?c(m,d.slice(p+1)):c(m,h(m,++f,`-${d[p]}`));break}continue}r.push(d)}return{values:s,positionals:r}}function Ur(n,t){if(t===void 0)return;let e=String(t);if(!/^\d{1,15}$/.test(e))throw new y("usage",`--${n} takes a non-negative integer, not "${e.slice(0,40)}"`);return Number(e)}function zo(n){return n===void 0?[]:(Array.isArray(n)?n:[n]).flatMap(e=>String(e).split(",")).map(e=>e.trim()).filter(e=>e!=="")}function Ls(n,t,e){for(let s of n){if(s==="--")return!1;if(s===`--${t}`||e!==void 0&&/^-[A-Za-z]+$/.test(s)&&s.includes(e))return!0}return!1}var rt=v((function(){A();a(j,"parseArgs");a(Ur,"intOption");a(zo,"listOption");a(Ls,"hasOption")}));async function qc(n){n.net||await Deno.permissions.revoke({name:"net"}),n.write||await Deno.permissions.revoke({name:"write"}),n.read||await Deno.permissions.revoke({name:"read"})}async function he(n){try{return(await Deno.permissions.query(n)).state==="granted"}catch{return!1}}async function Br(n,t,e=String){let s=[];for(let r of n)await he(t(r))&&s.push(e(r));return s}async function Cn(n,t){let e=a(async i=>({all:await he({name:i})||await he({name:i,path:"/"}),granted:await he({name:i,path:n})?["state_dir"]:[]}),"pathHeld"),s=["127.0.0.1","localhost","[::1]",...t?[t]:[]],r=["sh","bash","deno",Deno.execPath()];return{read:await e("read"),write:await e("write"),net:{all:await he({name:"net"}),granted:await Br(s,i=>({name:"net",host:i}))},env:{all:await he({name:"env"}),granted:[]},run:{all:await he({name:"run"}),granted:await Br(r,i=>({name:"run",command:i}))},ffi:{all:await he({name:"ffi"}),granted:await Br(em,i=>({name:"ffi",path:i}))},sys:{all:await he({name:"sys"}),granted:await Br(nm,i=>({name:"sys",kind:i}))}}}function Fc(n){return n.read.all||n.run.all||n.run.granted.length>0||n.ffi.all||n.ffi.granted.length>0}function Jo(n){let t=[];for(let[e,s]of Object.entries(n))s.all?t.push(`${e} (all)`):s.granted.length>0&&t.push(`${e} ${s.granted.map(r=>r==="state_dir"?".taskline":r).join(" ")}`);return t.length===0?"none":t.join(", ")}function Uc(n){let t=[];n.read.all&&t.push("read (all)"),n.write.all&&t.push("write (all)"),n.net.all&&t.push("net (all)");for(let e of["run","ffi","sys"]){let s=n[e];s.all?t.push(`${e} (all)`):s.granted.length>0&&t.push(`${e} ${s.granted.join(" ")}`)}return t}var Nn,nn,fe,Ic,em,nm,Ln=v(()=>{Nn={read:!0,write:!1,net:!1},nn={read:!0,write:!0,net:!1},fe={read:!0,write:!0,net:!0},Ic={read:!1,write:!1,net:!1};a(qc,"keepOnly");em=["/lib/x86_64-linux-gnu/libc.so.6","/usr/lib/x86_64-linux-gnu/libc.so.6","/lib/aarch64-linux-gnu/libc.so.6","/usr/lib/aarch64-linux-gnu/libc.so.6","/lib64/libc.so.6","/usr/lib64/libc.so.6"],nm=["hostname","osRelease","osUptime","loadavg","networkInterfaces","systemMemoryInfo","uid","gid","username","cpus","homedir","statfs","getPriority","setPriority"];a(he,"granted");a(Br,"grantedOf");a(Cn,"heldPermissions");a(Fc,"readsOutsideStateDir");a(Jo,"describeHeld");a(Uc,"beyondFour")});function dt(n){let t=n.length>20&&n.charCodeAt(19)===46?20:-1;if(t>0&&n.startsWith(Ko)&&Ko!==""){let s=t,r=0;for(let i=n.charCodeAt(s);i>=48&&i<=57&&s<t+9;i=n.charCodeAt(++s))r=r*10+i-48;if(s>t&&n.slice(s)===Bc)return Hc+BigInt(r*10**(9-(s-t)))}let e=Xo(n);if(e!==null&&t>0){let s=/^\.\d{1,9}/.exec(n.slice(19));s&&(Ko=n.slice(0,19),Bc=n.slice(19+s[0].length),Hc=e-BigInt(Number(s[0].slice(1).padEnd(9,"0"))))}return e}function Xo(n){let t=sm.exec(n);if(!t)return null;let[,e,s,r,i,o,l,u,c]=t,h=Number(s),f=Number(r),d=Number(i),p=Number(o),m=Number(l);if(h<1||h>12||f<1||f>31||d>23||p>59||m>60)return null;let w=Date.UTC(Number(e),h-1,f,d,p,m);if(!Number.isFinite(w)||new Date(Date.UTC(Number(e),h-1,f)).getUTCDate()!==f)return null;let g=BigInt(w)*1000000n;if(u&&(g+=BigInt(u.padEnd(9,"0"))),c!=="Z"&&c!=="z"){let b=c[0]==="-"?-1n:1n,_=BigInt(Number(c.slice(1,3))*60+Number(c.slice(4,6)));g-=b*_*60000000000n}return g}var sm,Ko,Bc,Hc,Vo,Yo,de=v((function(){sm=/^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;a(dt,"parseTimeNs");Ko="",Bc="",Hc=0n;a(Xo,"parseTimeNsUncached");Vo=class{static{a(this,"MonotonicClock")}#t=0;#e=NaN;#n="";#s(t=!1){if(t&&this.#t>0)return++this.#t;let e=Math.round((performance.timeOrigin+performance.now())*1e3),s=e>this.#t?e:this.#t+1;return this.#t=s,s}nowNs(){return BigInt(this.#s())*1000n}now(t=!1){let e=this.#s(t),s=Math.floor(e/1e6);return s!==this.#e&&(this.#e=s,this.#n=new Date(s*1e3).toISOString().slice(0,19)+"."),`${this.#n}${String(e-s*1e6).padStart(6,"0")}Z`}},Yo=new Vo}));function Rn(n){let t=rm.exec(n),e=t?Number(t[2]):NaN,s=t?Number(t[3]):NaN;if(!t||!Number.isSafeInteger(e)||!Number.isSafeInteger(s))throw new y("bad-cursor",`Cannot read cursor "${n.slice(0,80)}": expected <nanoseconds>-<task number>-<seq>, such as 0-0-0`);return{ns:BigInt(t[1]),number:e,seq:s}}function Ot(n){return`${n.ns}-${n.number}-${n.seq}`}function ut(n,t){return n.ns!==t.ns?n.ns<t.ns?-1:1:n.number!==t.number?n.number-t.number:n.seq-t.seq}function pe(n,t){let e=dt(n.at);return e===null||e<0n?null:{ns:e,number:t,seq:typeof n.seq=="number"?n.seq:0}}var Wc,rm,Kt=v((function(){A();de();Wc=Object.freeze({ns:0n,number:0,seq:0}),rm=/^(0|[1-9]\d{0,20})-(0|[1-9]\d{0,15})-(0|[1-9]\d{0,15})$/;a(Rn,"parseCursor");a(Ot,"formatCursor");a(ut,"compareCursor");a(pe,"cursorOf")}));function H(){return{input_tokens:0,output_tokens:0,cache_read_tokens:0,cache_write_tokens:0}}function Hr(n){return im.has(n)}function sn(n){return n==="agent_delta"}function q(n){let t=n.run;return typeof t=="string"?t:null}var Pt,Vt,im,zc,K=v((function(){Pt="000000000000";a(H,"zeroUsage");Vt=["run_started","phase_started","phase_finished","agent_started","agent_delta","agent_text","tool_called","tool_returned","agent_finished","subtask_updated","subtask_integrated","committed","merged","validation_finished","budget_updated","artefact_written","approval_requested","approval_resolved","retrying","paused","run_finished","log"],im=new Set(Vt),zc=new Set(["approval_resolved","log"]);a(Hr,"isEventType");a(sn,"isEphemeral");a(q,"runOf")}));var V,jn,P,rn,on,om,Jc,Kc,Vc,Xc,Yc,am,lm,cm,um,It,$,Rs,Dn,Pn=v((function(){V={type:"string",minLength:1},jn={type:["string","null"]},P={type:"string"},rn={type:"boolean"},on={type:"number"},om={type:"integer"},Jc={type:["number","null"]},Kc={type:["integer","null"]},Vc={type:"string",pattern:"^[0-9a-f]{12}$"},Xc={enum:["spec","plan","merge"]},Yc={type:"object",required:["input_tokens","output_tokens","cache_read_tokens","cache_write_tokens"],properties:{input_tokens:{type:"integer",minimum:0},output_tokens:{type:"integer",minimum:0},cache_read_tokens:{type:"integer",minimum:0},cache_write_tokens:{type:"integer",minimum:0}}},am={type:"object",required:["kind","text"],properties:{kind:{enum:["text","thinking"]},text:P}},lm={type:"object",required:["kind"],properties:{kind:{enum:["spec","plan","qa_report"]},round:om},if:{properties:{kind:{const:"qa_report"}}},then:{required:["kind","round"]}},cm={type:"string",format:"date-time"},um={type:"number",minimum:0,description:"Optional (added after 0.5). The cost of the session as the agent itself reported it, in US dollars (Claude Code's total_cost_usd); it covers the subagent sessions this one started. Absent when the agent reports none."},It=a((n,t)=>({schema:n,default0_5:t}),"added"),$=a(n=>({schema:n}),"f"),Rs={run_started:{run:$(V),task:$(V)},phase_started:{run:$(V),phase:$(P)},phase_finished:{run:$(V),phase:$(P),success:$(rn),summary:$(P)},agent_started:{run:$(V),role:$(P),subtask:$(jn),model:It(P,()=>"")},agent_delta:{run:$(V),role:$(P),subtask:$(jn),delta:$(am)},agent_text:{run:$(V),role:$(P),text:$(P)},tool_called:{run:$(V),role:$(P),tool:$(P),input:$({}),call:It(Vc,()=>"000000000000"),subtask:It(jn,()=>null)},tool_returned:{run:$(V),role:$(P),tool:$(P),is_error:$(rn),duration_ms:$(on),preview:$(P),call:It(Vc,()=>"000000000000"),subtask:It(jn,()=>null),exit_code:It(Kc,()=>null),timed_out:It(rn,()=>!1),output_chars:It({type:"integer",minimum:0},()=>0),output_file:It({type:["string","null"]},()=>null)},agent_finished:{run:$(V),role:$(P),steps:$(on),usage:$(Yc),stop:$(P),cost_usd:{schema:um,optional:!0}},subtask_updated:{run:$(V),subtask:$(V),status:$(P)},subtask_integrated:{run:$(V),subtask:$(V),commit:$(P),conflicts:$({type:"array",items:P})},committed:{run:$(V),subtask:$(jn),commit:$(P),message:$(P),files:$({type:"array",items:P})},merged:{run:$(V),commit:$(P),branch:$(P),base:$(P)},validation_finished:{run:$(V),command:$(P),integration:$(rn),passed:$(rn),exit_code:$(Kc)},budget_updated:{run:$(V),tokens:$(on),token_limit:$(Jc),active_ms:$(on),duration_limit_ms:$(Jc)},artefact_written:{run:$(V),artefact:$(lm)},approval_requested:{run:$(V),gate:$(Xc)},approval_resolved:{run:$(V),gate:$(Xc),approved:$(rn),comment:$({type:["string","null"]})},retrying:{run:$(V),what:$(P),attempt:$(on),delay_ms:$(on)},paused:{run:$(V),reason:$(P)},run_finished:{run:$(V),success:$(rn),status:$(P),usage:It(Yc,()=>({input_tokens:0,output_tokens:0,cache_read_tokens:0,cache_write_tokens:0})),active_ms:It(on,()=>0),started_at:It(cm,()=>"1970-01-01T00:00:00Z")},log:{run:{schema:jn,optional:!0},level:$(P),message:$(P)}},Dn=new Map(Object.entries(Rs).map(([n,t])=>[n,Object.entries(t).filter(([,e])=>e.default0_5!==void 0).map(([e,s])=>[e,s.default0_5])]))}));function le(n,t){let{schema:e,seq:s,at:r,event:i,...o}=n,l={task:t.id,number:t.number,schema:e};s!==void 0&&(l.seq=s),l.at=r,l.event=i;for(let[u,c]of Object.entries(o))u!=="task"&&u!=="number"&&(l[u]=c);return l}var me=v((function(){a(le,"tag")}));function X(n){if(n===In)return{ok:!1,reason:"line is longer than the reader's limit"};if(n===js)return{ok:!1,reason:"not valid UTF-8"};let t;try{t=JSON.parse(n)}catch(e){return{ok:!1,reason:`not JSON (${e.message.slice(0,120)})`}}return Go(t)}function Go(n){if(n===null||typeof n!="object"||Array.isArray(n))return{ok:!1,reason:"not a JSON object"};let t=n,e=t.event;if(e===null||typeof e!="object"||Array.isArray(e))return{ok:!1,reason:"no event object"};let s=e.type;if(typeof s!="string"||s==="")return{ok:!1,reason:"no event.type"};let r=t.schema;if(r===void 0)r=1;else if(!Number.isSafeInteger(r)||r<1)return{ok:!1,reason:"schema is not a positive integer"};let i=t.seq;if(i!==void 0&&(!Number.isSafeInteger(i)||i<0))return{ok:!1,reason:"seq is not a non-negative integer"};let o=t.at===void 0?"1970-01-01T00:00:00Z":t.at;if(typeof o!="string")return{ok:!1,reason:"at is not a string"};let l=!1;if(r<=2){let c=Dn.get(s);if(c){let h=e;for(let[f,d]of c)h[f]===void 0&&(h[f]=d(),l=!0)}}let u={schema:r};i!==void 0&&(u.seq=i),u.at=o,u.event=e;for(let c in t)c!=="schema"&&c!=="seq"&&c!=="at"&&c!=="event"&&(u[c]=t[c]);return{ok:!0,env:u,upgraded:l}}var In,js,Nt=v((function(){Pn();me();In="\0",js="\0";a(X,"decodeLine");a(Go,"decodeValue")}));function pt(n){try{return Zc.decode(n)}catch{return js}}function hm(n,t,e){let s=t,r=n.byteOffset;for(;s<e&&(r+s&3)!==0;){if(n[s]>=128)return s;s++}if(s>=e)return e;let i=new Uint32Array(n.buffer,r+s,e-s>>2),o=0;for(;o<i.length&&(i[o]&2155905152)===0;)o++;for(s+=o<<2;s<e;){if(n[s]>=128)return s;s++}return e}function fm(n){let t=[],e=n.length,s=0;for(;;){let r=hm(n,s,e);if(r===e)break;let i=n.lastIndexOf(Ds,r)+1,o=n.indexOf(Ds,r);if(o<0&&(o=e),i>s&&Gc(n.subarray(s,i-1),t),t.push(pt(n.subarray(i,o))),o===e)return t;s=o+1}return Gc(n.subarray(s,e),t),t}function Gc(n,t){let e=Zc.decode(n).split(`
`);for(let s=0;s<e.length;s++)t.push(e[s])}function dm(n,t){if(n.length===1)return n[0];let e=new Uint8Array(t),s=0;for(let r of n)e.set(r,s),s+=r.length;return e}function pm(n){return new TextEncoder().encode(n).length}var Ds,Zc,et,Yt=v((function(){Nt();Ds=10,Zc=new TextDecoder("utf-8",{fatal:!0});a(pt,"lineText");a(hm,"nonAsciiAt");a(fm,"splitLines");a(Gc,"pushAscii");et=class{static{a(this,"LineSplitter")}#t=[];#e=0;#n=!1;#s;#r;constructor(t={}){this.#s=t.offset??0,this.#r=t.lineBytesMax??64*1024*1024}get offset(){return this.#s}get pendingBytes(){return this.#e}push(t){let e=[],s=0,r=t.indexOf(Ds);if(r>=0&&(this.#e>0||this.#n)&&(this.#n||this.#e+r>this.#r?e.push(In):(this.#t.push(t.subarray(0,r)),e.push(pt(dm(this.#t,this.#e+r)))),this.#s+=this.#e+r+1,this.#t=[],this.#e=0,this.#n=!1,s=r+1,r=t.indexOf(Ds,s)),r>=0){let i=t.lastIndexOf(Ds),o=fm(t.subarray(s,i)),l=this.#r;if(i-s<=l)for(let u of o)e.push(u);else for(let u of o)e.push(u.length*3>l&&pm(u)>l?In:u);this.#s+=i+1-s,s=i+1}if(s<t.length){let i=t.length-s;this.#n||this.#e+i>this.#r?(this.#n=!0,this.#e+=i,this.#t=[]):(this.#t.push(t.slice(s)),this.#e+=i)}return{lines:e,end:this.#s}}};a(dm,"concat");a(pm,"byteLength")}));function Qc(n,t=null){return`it is ${mm[n]}${t!==null?` (${t})`:""}, not a regular file`}function Zo(n){return n.isFile?null:n.isDirectory?"directory":n.isFifo?"fifo":n.isSocket?"socket":n.isCharDevice||n.isBlockDevice?"device":n.isSymlink?"dangling-symlink":"other"}function gm(n,t){if(t.root!==void 0)return t.root;let e=n.split("/");return e.length>=4?e.slice(0,-3).join("/")||"/":"."}function ym(n,t){return n===t||n.startsWith(t.endsWith("/")?t:t+"/")}function Wr(n){return n instanceof Deno.errors.NotFound}function Gt(n,t={}){return new Promise(e=>e(Ee(n,t)))}function Ee(n,t={}){let e;try{e=Deno.lstatSync(n)}catch(l){if(Wr(l))return null;throw l}if(!e.isSymlink){let l=Zo(e);if(l!==null)throw new N(n,l);return e}let s;try{s=Deno.realPathSync(n)}catch(l){if(!Wr(l))throw l;let u=null;try{u=Deno.readLinkSync(n)}catch{}throw new N(n,"dangling-symlink",u)}let r;try{r=Deno.realPathSync(gm(n,t))}catch{throw new N(n,"symlink-out",s)}if(!ym(s,r))throw new N(n,"symlink-out",s);let i=Deno.statSync(s),o=Zo(i);if(o!==null)throw new N(n,o,s);return i}function tu(n,t){let e=Zo(t);if(e!==null)throw new N(n,e)}function Ae(){eu=!0}async function nt(n,t={}){if(eu)return Me(n,t);if(await Gt(n,t)===null)return null;let e;try{e=await Deno.open(n,{read:!0})}catch(s){if(Wr(s))return null;throw s}try{tu(n,e.statSync())}catch(s){throw e.close(),s}return e}function Me(n,t={}){if(Ee(n,t)===null)return null;let e;try{e=Deno.openSync(n,{read:!0})}catch(s){if(Wr(s))return null;throw s}try{tu(n,e.statSync())}catch(s){throw e.close(),s}return e}async function ce(n,t,e){let s=new Uint8Array(e),r=e<=wm;r?n.seekSync(t,Deno.SeekMode.Start):await n.seek(t,Deno.SeekMode.Start);let i=0;for(;i<e;){let o=r?n.readSync(s.subarray(i)):await n.read(s.subarray(i));if(o===null||o===0)break;i+=o}return i===e?s:s.subarray(0,i)}async function qn(n,t){let e=t;for(let s=4096;e>0;s=s<65536?s*4:1024*1024){let r=Math.max(0,e-s),o=(await ce(n,r,e-r)).lastIndexOf(10);if(o>=0)return r+o;e=r}return-1}function zr(n,t){let e=new Uint8Array(Math.min(4096,t)),s=t;for(;s>0;){let r=Math.max(0,s-e.length);n.seekSync(r,Deno.SeekMode.Start);let i=0;for(;i<s-r;){let l=n.readSync(e.subarray(i,s-r));if(l===null||l===0)break;i+=l}let o=e.subarray(0,i).lastIndexOf(10);if(o>=0)return r+o;s=r,e.length<65536&&(e=new Uint8Array(Math.min(65536,e.length*4)))}return-1}async function Jr(n,t={}){let e=await nt(n,t);if(e===null)return null;try{let s=e.statSync().size,r=new Uint8Array(s),i=0;for(;i<s;){let o=await e.read(r.subarray(i));if(o===null||o===0)break;i+=o}return i===s?r:r.subarray(0,i)}finally{e.close()}}function Zt(n,t={}){let e=Me(n,t);if(e===null)return null;try{let s=e.statSync().size,r=new Uint8Array(s),i=0;for(;i<s;){let o=e.readSync(r.subarray(i));if(o===null||o===0)break;i+=o}return i===s?r:r.subarray(0,i)}finally{e.close()}}var mm,N,eu,wm,U=v((function(){A();mm={fifo:"a FIFO (named pipe)",socket:"a socket",device:"a device",directory:"a directory","symlink-out":"a symbolic link leading out of the state directory","dangling-symlink":"a symbolic link to nothing",other:"not a regular file"};a(Qc,"whatOf");N=class extends y{static{a(this,"BadLogFile")}name="BadLogFile";path;kind;target;get what(){return Qc(this.kind,this.target)}constructor(t,e,s=null){super("bad-log-file",`Cannot read ${t}: ${Qc(e,s)}`,{details:{path:t,kind:e,...s!==null?{target:s}:{}}}),this.path=t,this.kind=e,this.target=s}};a(Zo,"kindOf");a(gm,"rootOf");a(ym,"inside");a(Wr,"isNotFound");a(Gt,"checkLogFile");a(Ee,"checkLogFileSync");a(tu,"verifyOpen");eu=!1;a(Ae,"openLogsSynchronously");a(nt,"openLogFile");a(Me,"openLogFileSync");wm=64*1024;a(ce,"readAt");a(qn,"lastNewlineBefore");a(zr,"lastNewlineBeforeSync");a(Jr,"readRegularFile");a(Zt,"readRegularFileSync")}));async function an(n){return(await Gt(n))?.size??0}function Qo(n){return nt(n)}async function*kt(n,t={}){let e=await Qo(n);if(e)try{let s=t.from??0,r=t.to??e.statSync().size;s>0&&await e.seek(s,Deno.SeekMode.Start);let i=new et({offset:s,lineBytesMax:t.lineBytesMax}),o=new Uint8Array(t.chunkBytes??64*1024),l=s,u=s===0?0:-1,c=t.prefilter;for(;l<r;){t.signal?.throwIfAborted();let h=Math.min(o.length,r-l),f=await e.read(h===o.length?o:o.subarray(0,h));if(f===null||f===0)break;let d=i.offset;l+=f;let{lines:p,end:m}=i.push(o.subarray(0,f)),w=[];for(let g of p){if(u>=0&&u++,g===""||c&&!c(g))continue;let b=X(g);b.ok?w.push({env:b.env,upgraded:b.upgraded,text:g,line:Math.max(u,0)}):g.trim()!==""&&t.onProblem?.({path:n,line:Math.max(u,0),offset:d,reason:b.reason})}p.length>0&&(yield{records:w,end:m})}}finally{e.close()}}async function Oe(n,t,e,s={}){let r=await Qo(n);if(r)try{let i=s.to??r.statSync().size,o=s.chunkBytes??1024*1024,l=s.lineBytesMax??64*1024*1024,u=new TextEncoder().encode(t),c=await ce(r,Math.max(0,i-1),1);for(i>0&&c[0]!==10&&(i=await qn(r,i)+1);i>0;){let h=Math.max(0,i-o),f=await ce(r,h,i-h),d=0;if(h>0){let m=f.indexOf(10);if(m<0||m===f.length-1){o>=l?i=h:o*=2;continue}d=m+1}if(!km.decode(f.subarray(d)).includes(t)){if(i=h+d,h===0)break;continue}let p=nu(f,u,f.length-u.length);for(;p>=d;){let m=f.lastIndexOf(10,p)+1,w=f.indexOf(10,p);w<0&&(w=f.length);let g=pt(f.subarray(m,w));if(e(g,h+m,h+w+1))return;if(m===0)break;p=nu(f,u,m-1)}if(i=h+d,h===0)break}}finally{r.close()}}function nu(n,t,e){let s=t[0];for(let r=n.lastIndexOf(s,e);r>=0;r=r>0?n.lastIndexOf(s,r-1):-1){if(r+t.length>n.length)continue;let i=1;for(;i<t.length&&n[r+i]===t[i];)i++;if(i===t.length)return r}return-1}async function qt(n,t={}){let e=null;return await Oe(n,'"run_started"',(s,r)=>{let i=X(s);if(i.ok&&i.env.event.type==="run_started"){let o=q(i.env.event);if(o)return e={run:o,offset:r},!0}return!1},t),e}async function Fn(n,t={}){let e=null,s=t.run;return await Oe(n,s??'"run"',(r,i,o)=>{let l=X(r);if(!l.ok||l.env.schema<2||typeof l.env.seq!="number")return!1;let u=q(l.env.event);return u===null||s!==void 0&&u!==s?!1:(e={run:u,seq:l.env.seq,type:l.env.event.type,start:i,end:o},!0)},{to:t.to,chunkBytes:64*1024}),e}async function Kr(n,t,e){let s=null;return await Oe(n,t,r=>{let i=X(r);if(!i.ok||q(i.env.event)!==t)return!1;let o=i.env.event.type;return zc.has(o)||!Hr(o)?!1:(s=i.env,!0)},{to:e,chunkBytes:64*1024}),s}async function su(n,t={}){let e=[],s=new Set;for await(let r of kt(n,{...t,prefilter:a(i=>i.includes('"run_started"'),"prefilter")}))for(let i of r.records){let o=i.env.event.type==="run_started"?q(i.env.event):null;o&&!s.has(o)&&(s.add(o),e.push(o))}return e}async function Vr(n,t,e,s={}){let r=s.to??await an(n),i=s.last??await Fn(n,{to:r,run:t});if(i===null)return r;if(i.seq<=e)return i.end;let o=await Qo(n);if(!o)return 0;try{let l=0,u=i.start,c=s.windowBytes??256*1024;for(;u-l>c;){let h=l+Math.floor((u-l)/2),f=await bm(o,h,u);f===null?u=h:f.run!==t?l=f.end:f.seq>e?u=f.start:l=f.end}return l}finally{o.close()}}async function bm(n,t,e){let s=t,r=!0,i=16*1024,o=new Uint8Array(0),l=s;for(;s<e;){let u=await ce(n,s,Math.min(i,e-s));if(u.length===0)return null;let c=o.length?vm(o,u):u,h=o.length?l:s,f=0;if(r){if((t===0?10:(await ce(n,t-1,1))[0])!==10){let p=c.indexOf(10);if(p<0){o=new Uint8Array(0),s+=u.length,i=Math.min(i*2,16*1024*1024);continue}f=p+1}r=!1}for(;f<c.length;){let d=c.indexOf(10,f);if(d<0||h+f>=e)break;let p=pt(c.subarray(f,d));if(p.includes('"seq"')){let m=X(p),w=m.ok?q(m.env.event):null;if(m.ok&&m.env.schema>=2&&typeof m.env.seq=="number"&&w!==null)return{start:h+f,end:h+d+1,seq:m.env.seq,run:w}}f=d+1}o=c.slice(f),l=h+f,s+=u.length,i=Math.min(i*2,16*1024*1024)}return null}function vm(n,t){let e=new Uint8Array(n.length+t.length);return e.set(n),e.set(t,n.length),e}var km,Ne=v((function(){K();Nt();Yt();U();a(an,"fileSize");a(Qo,"openOrNull");a(kt,"readLog");a(Oe,"scanBackward");km=new TextDecoder;a(nu,"lastIndexOfBytes");a(qt,"findCurrentRun");a(Fn,"lastRunLine");a(Kr,"lastSegmentLine");a(su,"listRuns");a(Vr,"seekAfterSeq");a(bm,"probeForward");a(vm,"concat2")}));async function ge(n,t){let e=`${n}.${crypto.randomUUID().slice(0,8)}.tmp`;try{await Deno.writeTextFile(e,t),await Deno.rename(e,n)}catch(s){throw await Deno.remove(e).catch(()=>{}),s}}function ln(n,t){let e=`${n}.${crypto.randomUUID().slice(0,8)}.tmp`;try{typeof t=="string"?Deno.writeTextFileSync(e,t):Deno.writeFileSync(e,t),Deno.renameSync(e,n)}catch(s){try{Deno.removeSync(e)}catch{}throw s}}async function Ce(n){return await ye(Deno.stat(n))!==null}async function ye(n){try{return await n}catch(t){if(t instanceof Deno.errors.NotFound)return null;throw t}}async function Le(n,t){try{return await n}catch(e){throw e instanceof Deno.errors.NotFound?new y("not-found",t):e}}function we(n){let t=[];try{for(let e of Deno.readDirSync(n))t.push(e)}catch(e){if(!(e instanceof Deno.errors.NotFound))return Promise.reject(e)}return Promise.resolve(t)}function Un(n){return new Promise(t=>t(_m(n)))}function _m(n){try{if(!Deno.statSync(n).isFile)throw new y("bad-state-file",`${n} is not a regular file`);return JSON.parse(Deno.readTextFileSync(n))}catch(t){if(t instanceof Deno.errors.NotFound)return null;throw t}}var Xr,it=v((function(){A();Xr=class{static{a(this,"StateDir")}root;constructor(t=".taskline"){this.root=t.replace(/\/+$/,"")||"."}get tasksDir(){return`${this.root}/tasks`}get toolOutputDir(){return`${this.root}/tool-output`}get configPath(){return`${this.root}/config.jsonc`}get memoryPath(){return`${this.root}/memory.jsonl`}get numbersDir(){return`${this.root}/numbers`}get tokenPath(){return`${this.root}/server.token`}get serveLockPath(){return`${this.root}/serve.lock`}get liveSocketPath(){return`${this.root}/live.sock`}get liveChannelPath(){return`${this.root}/live.json`}liveListenerPath(t){return`${this.root}/live-${t}.json`}taskDir(t){return`${this.tasksDir}/${t}`}logPath(t){return`${this.tasksDir}/${t}/events.jsonl`}taskJsonPath(t){return`${this.tasksDir}/${t}/task.json`}runJsonPath(t){return`${this.tasksDir}/${t}/run.json`}lockPath(t){return`${this.tasksDir}/${t}/run.lock`}cancelPath(t){return`${this.tasksDir}/${t}/cancel.request`}traceFile(t,e,s){return`${this.toolOutputDir}/${t}/${e}/${s}.txt`}async exists(){try{return(await Deno.stat(this.root)).isDirectory}catch{return!1}}requireExists(){return new Promise(t=>t(this.#t()))}#t(){let t=!1;try{t=Deno.statSync(this.root).isDirectory}catch(e){if(e instanceof Deno.errors.NotCapable||e instanceof Deno.errors.PermissionDenied)throw new y("io",`Cannot read ${this.root}/ here: the runtime refuses it with taskline's permissions (${e.message.replace(/, run again.*$/,"")})`)}if(!t)throw new y("not-found",`No taskline project here: ${this.root}/ does not exist (run \`taskline init\` in the project root)`)}};a(ge,"writeFileAtomic");a(ln,"writeFileAtomicSync");a(Ce,"pathExists");a(ye,"unlessNotFound");a(Le,"orNotFound");a(we,"dirEntries");a(Un,"readJsonFile");a(_m,"readJsonFileSync")}));var ru={};W(ru,{openReplay:()=>Ps,resolveRun:()=>Re});async function Re(n,t,e){let r=(await su(n,{to:e})).filter(i=>i.startsWith(t.toLowerCase()));if(r.length===1)return r[0];throw r.length===0?new y("not-found",`Cannot find run "${t}": the task has no such run`):new y("ambiguous-ref",`Cannot resolve run "${t}": it matches ${r.map(i=>i.slice(0,8)).join(", ")}`)}async function Ps(n,t,e={}){let s=n.logPath(t.dir),r=await an(s),i=e.after??0,o={to:r,onProblem:e.onProblem,prefilter:e.prefilter,signal:e.signal};if(e.all)return{run:null,path:s,to:r,batches:ta(kt(s,o),c=>c.env.schema>=2&&c.env.seq!==void 0)};let l=e.run!==void 0?await Re(s,e.run,r):(await qt(s,{to:r}))?.run??null;if(l===null)return{run:l,path:s,to:r,batches:ta(xm(),()=>!1)};let u=await Vr(s,l,i,{to:r});return{run:l,path:s,to:r,batches:ta(kt(s,{...o,from:u}),c=>c.env.schema>=2&&typeof c.env.seq=="number"&&c.env.seq>i&&q(c.env.event)===l)}}async function*xm(){}async function*ta(n,t){for await(let e of n)yield{records:e.records.filter(t),end:e.end}}var cn=v((function(){K();A();Ne();a(Re,"resolveRun");a(Ps,"openReplay");a(xm,"empty");a(ta,"filtered")}));var ea,iu=v((function(){ea=new Uint8Array([0,97,115,109,1,0,0,0,1,46,7,96,0,1,127,96,2,127,127,1,127,96,1,127,1,127,96,3,127,127,127,1,127,96,4,127,127,127,127,1,127,96,3,127,127,127,0,96,5,127,127,127,127,127,1,127,3,15,14,0,0,1,1,2,3,1,1,4,5,1,6,1,1,5,3,1,0,48,6,11,2,127,1,65,0,11,127,1,65,0,11,7,59,8,6,109,101,109,111,114,121,2,0,5,107,101,121,115,49,0,0,4,115,97,109,101,0,1,3,101,111,108,0,6,3,115,111,108,0,7,4,102,105,110,100,0,8,4,99,111,112,121,0,9,5,99,104,101,99,107,0,13,10,207,21,14,4,0,35,0,11,4,0,35,1,11,164,1,1,4,127,32,0,69,4,64,65,0,15,11,32,0,45,0,0,65,34,71,4,64,65,0,15,11,32,0,65,1,106,33,2,2,64,3,64,32,2,32,3,106,45,0,0,33,4,32,4,65,34,70,13,1,32,4,65,220,0,70,32,3,65,60,79,114,4,64,65,0,15,11,32,3,65,1,106,33,3,12,0,11,11,2,64,32,1,40,2,0,32,3,71,13,0,3,64,32,5,32,3,79,4,64,65,1,15,11,32,2,32,5,106,45,0,0,32,1,65,4,106,32,5,106,45,0,0,71,13,1,32,5,65,1,106,33,5,12,0,11,11,32,1,32,3,54,2,0,32,1,65,4,106,32,2,32,3,252,10,0,0,65,2,11,205,4,3,2,127,1,123,1,127,2,64,3,64,2,64,3,64,32,0,65,16,106,32,1,77,4,64,32,0,253,0,4,0,33,4,32,4,253,12,34,34,34,34,34,34,34,34,34,34,34,34,34,34,34,34,253,35,32,4,253,12,92,92,92,92,92,92,92,92,92,92,92,92,92,92,92,92,253,35,253,80,32,4,253,12,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,253,38,32,4,253,12,126,126,126,126,126,126,126,126,126,126,126,126,126,126,126,126,253,40,253,80,253,80,253,100,33,5,32,5,69,4,64,32,0,65,16,106,33,0,12,2,11,32,0,32,5,104,106,33,0,12,2,11,32,0,32,1,79,13,3,65,128,192,0,32,0,45,0,0,106,45,0,0,13,1,32,0,65,1,106,33,0,12,0,11,11,32,0,45,0,0,33,2,32,0,65,1,106,33,0,32,2,65,34,70,4,64,32,0,15,11,32,2,65,255,0,79,4,64,32,2,32,0,32,1,16,5,33,0,32,0,65,0,72,13,2,12,1,11,32,2,65,220,0,71,13,1,2,64,2,64,32,0,32,1,79,13,3,32,0,45,0,0,33,2,32,0,65,1,106,33,0,32,2,65,245,0,70,4,64,32,0,65,4,106,32,1,75,13,4,32,0,45,0,0,65,228,0,70,4,64,32,0,65,1,106,45,0,0,33,2,32,2,65,56,79,32,2,65,57,77,113,32,2,65,225,0,79,32,2,65,230,0,77,113,114,69,13,5,32,0,65,2,106,45,0,0,16,4,69,13,5,32,0,65,3,106,45,0,0,16,4,69,13,5,32,2,65,226,0,77,4,64,32,0,65,8,106,32,1,77,4,64,32,0,65,4,106,40,2,0,65,255,255,255,7,113,65,220,234,145,3,70,32,0,65,7,106,45,0,0,65,227,0,79,32,0,65,7,106,45,0,0,65,230,0,77,113,113,13,7,11,11,32,0,65,4,106,33,0,12,4,11,32,0,47,1,0,65,176,224,0,71,13,4,32,0,65,2,106,45,0,0,33,2,32,0,65,3,106,45,0,0,33,3,32,2,65,48,70,4,64,32,3,65,48,79,32,3,65,55,77,113,32,3,65,226,0,70,32,3,65,229,0,70,32,3,65,230,0,70,114,114,114,69,13,5,5,32,2,65,49,71,13,5,32,3,65,48,79,32,3,65,57,77,113,32,3,65,225,0,79,32,3,65,230,0,77,113,114,69,13,5,11,32,0,65,4,106,33,0,5,65,128,194,0,32,2,106,45,0,0,69,13,4,11,11,11,12,0,11,11,65,127,11,20,0,32,0,65,48,107,65,9,77,32,0,65,225,0,107,65,5,77,114,11,224,1,1,4,127,32,0,65,255,0,70,4,64,32,1,15,11,65,128,1,33,3,65,191,1,33,4,2,64,32,0,65,194,1,73,13,0,32,0,65,224,1,73,4,64,65,1,33,5,5,32,0,65,240,1,73,4,64,65,2,33,5,32,0,65,224,1,70,4,64,65,160,1,33,3,11,32,0,65,237,1,70,4,64,65,159,1,33,4,11,5,32,0,65,244,1,75,13,2,65,3,33,5,32,0,65,240,1,70,4,64,65,144,1,33,3,11,32,0,65,244,1,70,4,64,65,143,1,33,4,11,11,11,32,1,32,5,106,32,2,75,13,0,32,1,45,0,0,33,6,32,6,32,3,73,32,6,32,4,75,114,13,0,32,1,65,1,106,33,1,32,5,65,1,107,33,5,2,64,3,64,32,5,69,13,1,32,1,45,0,0,65,192,1,113,65,128,1,71,13,2,32,1,65,1,106,33,1,32,5,65,1,107,33,5,12,0,11,11,32,1,15,11,65,127,11,109,1,1,127,2,64,3,64,32,0,65,16,106,32,1,75,13,1,32,0,253,0,4,0,253,12,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,253,35,253,100,33,2,32,2,4,64,32,0,32,2,104,106,15,11,32,0,65,16,106,33,0,12,0,11,11,2,64,3,64,32,0,32,1,79,13,1,32,0,45,0,0,65,10,70,4,64,32,0,15,11,32,0,65,1,106,33,0,12,0,11,11,65,127,11,118,1,1,127,2,64,3,64,32,1,32,0,107,65,16,73,13,1,32,1,65,16,107,253,0,4,0,253,12,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,253,35,253,100,33,2,32,2,4,64,32,1,65,16,106,32,2,103,107,15,11,32,1,65,16,107,33,1,12,0,11,11,2,64,3,64,32,1,32,0,77,13,1,32,1,65,1,107,45,0,0,65,10,70,4,64,32,1,15,11,32,1,65,1,107,33,1,12,0,11,11,32,0,11,134,2,3,1,127,2,123,4,127,32,2,65,1,106,45,0,0,253,15,33,5,32,2,32,3,65,2,107,106,45,0,0,253,15,33,6,32,3,65,3,107,33,7,32,1,32,3,107,33,10,2,64,3,64,32,0,65,15,106,32,10,74,13,1,32,0,65,1,106,253,0,4,0,32,5,253,35,32,0,65,1,106,32,7,106,253,0,4,0,32,6,253,35,253,78,253,100,33,4,2,64,3,64,32,4,69,13,1,32,0,32,4,104,106,33,8,65,0,33,9,2,64,3,64,32,9,32,3,79,4,64,32,8,15,11,32,8,32,9,106,45,0,0,32,2,32,9,106,45,0,0,71,13,1,32,9,65,1,106,33,9,12,0,11,11,32,4,32,4,65,1,107,113,33,4,12,0,11,11,32,0,65,16,106,33,0,12,0,11,11,2,64,3,64,32,0,32,10,74,13,1,65,0,33,9,2,64,3,64,32,9,32,3,79,4,64,32,0,15,11,32,0,32,9,106,45,0,0,32,2,32,9,106,45,0,0,71,13,1,32,9,65,1,106,33,9,12,0,11,11,32,0,65,1,106,33,0,12,0,11,11,65,127,11,12,0,32,0,32,1,32,2,252,10,0,0,11,152,1,1,3,127,2,64,32,0,45,0,0,65,45,70,4,64,65,1,33,4,32,0,65,1,106,33,0,11,32,0,33,3,2,64,3,64,32,0,32,1,79,13,1,32,0,45,0,0,33,2,32,2,65,48,107,65,9,75,13,1,32,0,65,1,106,33,0,12,0,11,11,32,0,32,3,107,33,2,32,2,69,32,2,65,15,75,114,13,0,32,3,45,0,0,65,48,70,4,64,32,2,65,1,75,32,4,114,13,1,11,32,0,32,1,73,4,64,32,0,45,0,0,33,2,32,2,65,46,70,32,2,65,229,0,70,32,2,65,197,0,70,114,114,13,1,11,32,0,15,11,65,127,11,113,1,2,127,2,64,3,64,32,1,32,2,79,13,1,32,0,32,1,65,3,116,106,40,2,0,33,5,32,4,32,0,65,4,106,32,1,65,3,116,106,40,2,0,32,5,107,70,4,64,65,0,33,6,2,64,3,64,32,6,32,4,79,4,64,65,1,15,11,32,5,32,6,106,45,0,0,32,3,32,6,106,45,0,0,71,13,1,32,6,65,1,106,33,6,12,0,11,11,11,32,1,65,1,106,33,1,12,0,11,11,65,0,11,143,1,1,1,127,32,0,45,0,0,33,2,32,2,65,244,0,70,4,64,32,0,65,4,106,65,127,32,0,65,4,106,32,1,77,32,0,40,2,0,65,244,228,213,171,6,70,113,27,15,11,32,2,65,238,0,70,4,64,32,0,65,4,106,65,127,32,0,65,4,106,32,1,77,32,0,40,2,0,65,238,234,177,227,6,70,113,27,15,11,32,2,65,230,0,70,4,64,32,0,65,5,106,65,127,32,0,65,5,106,32,1,77,32,0,40,2,0,65,230,194,177,155,7,70,32,0,65,4,106,45,0,0,65,229,0,70,113,113,27,15,11,65,127,11,191,6,1,8,127,32,0,33,2,65,0,36,0,65,0,66,0,55,3,0,2,64,3,64,32,6,69,4,64,32,2,32,1,79,13,2,32,2,45,0,0,33,3,65,1,33,6,32,3,65,34,70,4,64,32,2,65,1,106,32,1,16,3,33,2,5,32,3,65,251,0,70,32,3,65,219,0,70,114,4,64,32,4,65,250,1,79,13,4,65,128,32,32,4,106,32,3,58,0,0,32,4,65,1,106,33,4,65,128,35,32,4,65,2,116,106,32,9,54,2,0,32,4,65,2,70,4,64,32,5,33,8,11,32,2,65,1,106,33,2,32,2,32,1,79,13,4,32,2,45,0,0,32,3,65,2,106,70,4,64,32,4,65,1,107,33,4,32,2,65,1,106,33,2,5,65,2,65,0,32,3,65,251,0,70,27,33,6,11,5,32,3,65,45,70,32,3,65,48,107,65,9,77,114,4,64,32,2,32,1,16,10,33,2,5,32,2,32,1,16,12,33,2,11,11,11,32,2,65,0,72,13,2,12,1,11,32,6,65,2,70,4,64,32,2,32,1,79,13,2,32,2,45,0,0,65,34,71,13,2,32,2,65,1,106,33,7,32,7,32,1,16,3,33,2,32,2,65,0,72,13,2,32,4,65,1,70,4,64,35,0,65,192,0,79,13,3,65,128,16,65,0,35,0,32,7,32,2,65,1,107,32,7,107,16,11,13,3,65,128,16,35,0,65,3,116,106,32,7,54,2,0,65,132,16,35,0,65,3,116,106,32,2,65,1,107,54,2,0,35,0,65,1,106,36,0,11,32,4,65,2,70,4,64,65,8,32,8,32,5,32,7,32,2,65,1,107,32,7,107,16,11,13,3,32,5,65,192,0,79,13,3,65,8,32,5,65,3,116,106,32,7,54,2,0,65,12,32,5,65,3,116,106,32,2,65,1,107,54,2,0,32,5,65,1,106,33,5,32,2,32,7,107,65,5,70,32,7,40,2,0,65,244,242,193,171,6,70,113,4,64,65,0,32,2,65,1,106,54,2,0,11,32,2,32,7,107,65,4,70,32,7,47,1,0,65,242,234,1,70,32,7,65,2,106,45,0,0,65,238,0,70,113,113,4,64,65,4,32,2,65,1,106,54,2,0,11,11,32,4,65,3,79,4,64,65,128,35,32,4,65,2,116,106,40,2,0,33,3,32,9,32,3,107,65,192,0,79,13,3,32,9,65,192,7,79,13,3,65,128,196,0,32,3,32,9,32,7,32,2,65,1,107,32,7,107,16,11,13,3,65,128,196,0,32,9,65,3,116,106,32,7,54,2,0,65,132,196,0,32,9,65,3,116,106,32,2,65,1,107,54,2,0,32,9,65,1,106,33,9,11,32,7,45,0,0,65,48,107,65,9,77,4,64,32,7,33,3,2,64,3,64,32,3,65,1,106,32,2,79,13,5,32,3,45,0,0,65,48,107,65,9,75,13,1,32,3,65,1,106,33,3,12,0,11,11,11,32,2,32,1,79,13,2,32,2,45,0,0,65,58,71,13,2,32,2,65,1,106,33,2,65,0,33,6,12,1,11,32,4,69,4,64,32,2,32,1,71,13,2,65,0,40,2,0,65,128,34,16,2,65,4,40,2,0,65,192,34,16,2,65,2,116,114,36,1,32,5,15,11,32,2,32,1,79,13,1,32,2,45,0,0,33,3,65,255,31,32,4,106,45,0,0,33,7,32,2,65,1,106,33,2,32,3,65,44,70,4,64,65,2,65,0,32,7,65,251,0,70,27,33,6,12,1,11,32,3,32,7,65,2,106,71,13,1,65,128,35,32,4,65,2,116,106,40,2,0,33,9,32,4,65,1,107,33,4,12,0,11,11,65,127,11,11,145,4,2,0,65,128,192,0,11,128,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,65,128,194,0,11,128,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,1,0,0,0,0,0,0,0,1,0,0,0,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0])}));var sa,na,Ct,Is=v((function(){iu();sa=null;WebAssembly.compile(ea).then(n=>sa??=n,()=>{});na=16*1024,Ct=class{static{a(this,"JsonChecker")}room;memory;typeText="";runText="";#t;#e;#n;#s;eol;sol;find;copy;#r;constructor(){sa??=new WebAssembly.Module(ea);let t=new WebAssembly.Instance(sa).exports;this.#s=t.memory,this.memory=new Uint8Array(this.#s.buffer),this.room=new Uint8Array(this.#s.buffer,na),this.#t=t.check,this.#e=t.keys1,this.#n=t.same,this.eol=t.eol,this.sol=t.sol,this.find=t.find,this.copy=t.copy,this.#r=new Int32Array(t.memory.buffer,0,1024)}static ROOM_AT=na;grow(t){let e=this.#s.buffer.byteLength;t<=e||(this.#s.grow(Math.ceil((t-e)/65536)),this.memory=new Uint8Array(this.#s.buffer),this.room=new Uint8Array(this.#s.buffer,na),this.#r=new Int32Array(this.#s.buffer,0,1024))}check(t,e){return this.#t(t,e)}get outerKeys(){return this.#e()}get same(){return this.#n()}get typeValueAt(){return this.#r[0]}get runValueAt(){return this.#r[1]}keyStart(t){return this.#r[2+2*t]}keyEnd(t){return this.#r[3+2*t]}}}));function Hn(n){return new TextEncoder().encode(n)}function ra(n,t,e){if(e===void 0){let r=n.events,i=r.get(t);return i===void 0&&(i=t===null?{type:n.text}:{type:n.text,run:t},Object.freeze(i),r.size<hu&&r.set(t,i)),i}let s={type:n.text};return t!==null&&(s.run=t),s.success=e,s}function fn(n,t,e){let s="";for(let r=t;r<e;r++){if(n[r]>=128)return uu.decode(n.subarray(t,e));s+=String.fromCharCode(n[r])}return s}function Am(n,t){let e=a((h,f)=>{let d=0;for(let p=h;p<h+f;p++){let m=n[t+p]-48;if(m<0||m>9)return-1;d=d*10+m}return d},"n");if(n[t+4]!==45||n[t+7]!==45||n[t+10]!==84||n[t+13]!==58||n[t+16]!==58)return null;let s=e(0,4),r=e(5,2),i=e(8,2),o=e(11,2),l=e(14,2),u=e(17,2);if(s<0||r<0||i<0||o<0||l<0||u<0)return null;if(r<1||r>12||i<1||i>31||o>23||l>59||u>60)return NaN;let c=Date.UTC(s,r-1,i,o,l,u);return!Number.isFinite(c)||new Date(Date.UTC(s,r-1,i)).getUTCDate()!==i?NaN:c/1e3}function qs(n,t,e){for(let s=0;s<e.length;s++)if(n[t+s]!==e[s])return!1;return!0}function Yr(n,t){let e=t;for(let s=n[e];s!==34;s=n[++e])if(s===92)return-1;return e}function cu(n,t,e,s){for(let r=0;r<e;r++){let i=n.keyStart(r);if(n.keyEnd(r)-i===s.length&&qs(t,i,s))return n.keyEnd(r)+2}return-1}var uu,ou,au,lu,$m,Sm,Tm,hu,un,Bn,Em,hn,Gr=v((function(){Pn();Is();uu=new TextDecoder("utf-8",{fatal:!0}),ou=Hn('{"schema":'),au=Hn(',"seq":'),lu=Hn(',"at":"'),$m=Hn(',"event":{');a(Hn,"bytesOf");Sm=[1e9,1e8,1e7,1e6,1e5,1e4,1e3,100,10,1],Tm=new Map([...Dn].map(([n,t])=>[n,t.map(([e])=>Hn(e))])),hu=4096,un=class{static{a(this,"InternTable")}#t=new Map;#e=0;get(t,e,s){let r=s-e,i=2166136261^r;for(let c=e;c<s;c++)i=Math.imul(i^t[c],16777619);let o=this.#t.get(i);if(o!==void 0)t:for(let c of o){let h=c.bytes;if(h.length===r){for(let f=0;f<r;f++)if(h[f]!==t[e+f])continue t;return c}}let l=uu.decode(t.subarray(e,s)),u={bytes:t.slice(e,s),text:l,added:Tm.get(l)??[],events:new Map};return this.#e>=hu&&(this.#t.clear(),this.#e=0,o=void 0),o===void 0&&this.#t.set(i,o=[]),o.push(u),this.#e++,u}},Bn=class{static{a(this,"LightLines")}checker=new Ct;schema=0;seq=0;atStart=0;atEnd=0;type="";#t=null;run=null;success=void 0;sec=0;nanos=0;#e=new hn;#n=new un;#s=new un;#r=0;#i=null;#o=null;#a(t){let e=this.#r=t.same,s=t.memory;if((e&3)===2){let r=t.typeValueAt;this.#i=this.#n.get(s,r+1,Yr(s,r+1))}if(e>>2===2){let r=t.runValueAt;this.#o=this.#s.get(s,r+1,Yr(s,r+1)).text}}read(t,e){let s=this.checker,r=s.check(t,e);if(r<0||(this.#a(s),s.outerKeys!==4))return!1;let i=s.memory;if(!qs(i,t,ou))return!1;let o=t+ou.length,l=0,u=o;for(let x=i[o];x>=48&&x<=57;x=i[++o])l=l*10+x-48;if(o===u||l<1||!qs(i,o,au))return!1;o+=au.length;let c=o,h=0;for(let x=i[o];x>=48&&x<=57;x=i[++o])h=h*10+x-48;if(o===c||!qs(i,o,lu))return!1;o+=lu.length;let f=o;for(;i[o]!==34;){if(i[o]===92)return!1;o++}if(!qs(i,o+1,$m))return!1;let d=s.typeValueAt;if(d===0||i[d]!==34)return!1;let p=this.#r,m;if((p&3)===1&&this.#i!==null)m=this.#i;else{let x=Yr(i,d+1);if(x<0||x===d+1)return!1;m=this.#n.get(i,d+1,x)}if(m.text==="")return!1;let w=null,g=s.runValueAt;if(g!==0&&i[g]===34)if(p>>2===1&&this.#o!==null)w=this.#o;else{let x=Yr(i,g+1);if(x<0)return!1;w=this.#s.get(i,g+1,x).text}let b,_=cu(s,i,r,Em);if(_>=0&&i[_]===116?b=!0:_>=0&&i[_]===102&&(b=!1),l<=2){for(let x of m.added)if(cu(s,i,r,x)<0)return!1}return this.schema=l,this.seq=h,this.atStart=f,this.atEnd=o,this.type=m.text,this.#t=m,this.run=w,this.success=b,!0}time(){let t=this.#e,e=t.read(this.checker.memory,this.atStart,this.atEnd);return e===!0&&(this.sec=t.sec,this.nanos=t.nanos),e}at(){return fn(this.checker.memory,this.atStart,this.atEnd)}event(){return ra(this.#t,this.run,this.success)}};a(ra,"lightEventOf");a(fn,"textOf");Em=Hn("success"),hn=class{static{a(this,"TimeReader")}sec=0;nanos=0;#t=new Uint8Array(19);#e=NaN;read(t,e,s){let r=s-e;if(r<20||t[s-1]!==90)return null;let i=0,o=0;if(r>20){if(t[e+19]!==46||r>30)return null;for(let c=e+20;c<s-1;c++){let h=t[c]-48;if(h<0||h>9)return null;i=i*10+h,o++}if(o===0)return null}let l=this.#t,u=this.#e===this.#e;for(let c=0;u&&c<19;c++)u=l[c]===t[e+c];if(!u){let c=Am(t,e);if(c===null)return null;if(Number.isNaN(c))return!1;l.set(t.subarray(e,e+19)),this.#e=c}return this.sec=this.#e,this.nanos=o===0?0:i*Sm[o],!0}};a(Am,"secondsOf");a(qs,"startsWith");a(Yr,"stringEnd");a(cu,"valueAt")}));function Fs(n,t,e){for(let s=0;s<e.length;s++)n[t+s]=e[s];return t+e.length}function Us(n,t,e,s){if(s-e>64)return n.copyWithin(t,e,s),t+s-e;for(let r=e;r<s;r++)n[t++]=n[r];return t}function ia(n,t,e){for(let s=t+1;s<e-1;s++)if(n[s]===92)return!1;return!0}function fu(n,t,e){if(e-t>16)return-1;let s=0;for(let r=t;r<e;r++){let i=n[r]-48;if(i<0||i>9)return-1;s=s*10+i}return e>t&&s<=Number.MAX_SAFE_INTEGER?s:-1}function zm(n,t){let e=k.eventKeys;for(let s=0;s<2*k.eventKeyCount;s+=2)if(e[s+1]-e[s]===t.length&&Qt(n,e[s],t))return!0;return!1}function Qt(n,t,e){for(let s=0;s<e.length;s++)if(n[t+s]!==e[s])return!1;return!0}function mt(){let n=k.m,t=k.e,e=k.i;for(;e<t;e++){let s=n[e];if(s!==32&&s!==9&&s!==13&&s!==10)break}k.i=e}function Jm(){k.schemaS=k.seqS=k.atS=k.eventS=k.typeS=k.runS=k.successS=-1,k.eventKeyCount=0,k.others=0,mt();let n=k.m,t=k.w;if(k.i>=k.e||n[k.i]!==123||(k.i++,mt(),k.i<k.e&&n[k.i]===125))return!1;for(;;){if(k.i>=k.e||n[k.i]!==34)return!1;let e=k.o+1;if(!ua())return!1;let s=k.o-1;if(!mu(e,s,0)||(mt(),k.i>=k.e||n[k.i]!==58))return!1;k.i++,t[k.o++]=58,mt();let r=s-e;if(r===5&&Qt(t,e,Lm)){if(k.i>=k.e||n[k.i]!==123||(k.eventS=k.o,!gu(1,!0)))return!1;k.eventE=k.o}else{let o=k.o;if(!ca(1))return!1;if(r===6&&Qt(t,e,Om))k.schemaS=o,k.schemaE=k.o;else if(r===3&&Qt(t,e,Nm))k.seqS=o,k.seqE=k.o;else if(r===2&&Qt(t,e,Cm))k.atS=o,k.atE=k.o;else{if(r===9&&Qt(t,e,Rm)||r===4&&Qt(t,e,jm)||r===6&&Qt(t,e,Dm)||k.others>=Wn)return!1;k.otherS[k.others]=e-1,k.otherE[k.others]=k.o,k.others++}}if(mt(),k.i>=k.e)return!1;let i=n[k.i++];if(i===44){mt();continue}if(i!==125)return!1;break}return k.eventS<0?!1:(mt(),k.i===k.e)}function mu(n,t,e){let s=k.w,r=t-n,i=r>0;for(let l=n;i&&l<t;l++)i=s[l]>=48&&s[l]<=57;if(i)return!1;let o=k.keys;for(let l=e;l<k.kt;l+=2){let u=o[l];if(o[l+1]-u!==r)continue;let c=!0;for(let h=0;h<r;h++)if(s[u+h]!==s[n+h]){c=!1;break}if(c)return!1}return k.kt>=2*Wn?!1:(o[k.kt]=n,o[k.kt+1]=t,k.kt+=2,!0)}function ca(n){if(k.i>=k.e)return!1;let t=k.m[k.i];return t===34?ua():t===123?gu(n,!1):t===91?Ym(n):t===116?oa(Km):t===102?oa(Vm):t===110?oa(Xm):Gm()}function oa(n){let t=k.m,e=k.w;if(k.i+n.length>k.e)return!1;for(let s=0;s<n.length;s++){if(t[k.i+s]!==n[s])return!1;e[k.o+s]=n[s]}return k.i+=n.length,k.o+=n.length,!0}function gu(n,t){if(n>=pu)return!1;let e=k.m,s=k.w;k.i++,s[k.o++]=123;let r=k.kt;if(mt(),k.i<k.e&&e[k.i]===125)return k.i++,s[k.o++]=125,!0;for(;;){if(k.i>=k.e||e[k.i]!==34)return!1;let i=k.o+1;if(!ua())return!1;let o=k.o-1;if(!mu(i,o,r)||(mt(),k.i>=k.e||e[k.i]!==58))return!1;k.i++,s[k.o++]=58,mt();let l=k.o;if(!ca(n+1))return!1;if(t){let c=o-i;if(c===4&&Qt(s,i,Pm)){if(s[l]!==34)return!1;k.typeS=l,k.typeE=k.o}else c===3&&Qt(s,i,Im)?(k.runS=l,k.runE=k.o):c===7&&Qt(s,i,qm)&&(k.successS=l)}if(mt(),k.i>=k.e)return!1;let u=e[k.i++];if(u===44){s[k.o++]=44,mt();continue}if(u!==125)return!1;s[k.o++]=125;break}if(t){let i=k.kt-r>>1;k.eventKeys.set(k.keys.subarray(r,k.kt)),k.eventKeyCount=i}return k.kt=r,!0}function Ym(n){if(n>=pu)return!1;let t=k.m,e=k.w;if(k.i++,e[k.o++]=91,mt(),k.i<k.e&&t[k.i]===93)return k.i++,e[k.o++]=93,!0;for(;;){if(!ca(n+1)||(mt(),k.i>=k.e))return!1;let s=t[k.i++];if(s===44){e[k.o++]=44,mt();continue}return s!==93?!1:(e[k.o++]=93,!0)}}function ua(){let n=k.m,t=k.w,e=k.e,s=k.i+1,r=k.o;for(t[r++]=34;;){let i=s;for(;i<e&&zn[n[i]]===0;)i++;if(i-s>=48)t.set(n.subarray(s,i),r),r+=i-s;else for(let h=s;h<i;h++)t[r++]=n[h];if(s=i,s>=e)return!1;let o=n[s],l=zn[o];if(l===1)return t[r++]=34,k.i=s+1,k.o=r,!0;if(l===3)return!1;if(l===4){if(o<194)return!1;if(o<224){if(s+1>=e||(n[s+1]&192)!==128)return!1;t[r]=o,t[r+1]=n[s+1],r+=2,s+=2;continue}if(o<240){if(s+2>=e)return!1;let p=n[s+1],m=n[s+2];if((p&192)!==128||(m&192)!==128||o===224&&p<160||o===237&&p>=160)return!1;t[r]=o,t[r+1]=p,t[r+2]=m,r+=3,s+=3;continue}if(o>244||s+3>=e)return!1;let h=n[s+1],f=n[s+2],d=n[s+3];if((h&192)!==128||(f&192)!==128||(d&192)!==128||o===240&&h<144||o===244&&h>=144)return!1;t[r]=o,t[r+1]=h,t[r+2]=f,t[r+3]=d,r+=4,s+=4;continue}if(s+1>=e)return!1;let u=n[s+1];if(u!==117){if(u===34||u===92)t[r]=92,t[r+1]=u,r+=2;else if(u===47)t[r++]=47;else if(u===98||u===102||u===110||u===114||u===116)t[r]=92,t[r+1]=u,r+=2;else return!1;s+=2;continue}let c=du(n,s+2,e);if(c<0)return!1;if(s+=6,c>=55296&&c<=56319){if(s+5<e&&n[s]===92&&n[s+1]===117){let h=du(n,s+2,e);if(h>=56320&&h<=57343){c=65536+(c-55296<<10)+(h-56320),s+=6,t[r]=240|c>>18,t[r+1]=128|c>>12&63,t[r+2]=128|c>>6&63,t[r+3]=128|c&63,r+=4;continue}}r=aa(t,r,c);continue}if(c>=56320&&c<=57343){r=aa(t,r,c);continue}if(c<32){let h=Kn[c];h!==0?(t[r]=92,t[r+1]=h,r+=2):r=aa(t,r,c)}else c===34||c===92?(t[r]=92,t[r+1]=c,r+=2):c<128?t[r++]=c:c<2048?(t[r]=192|c>>6,t[r+1]=128|c&63,r+=2):(t[r]=224|c>>12,t[r+1]=128|c>>6&63,t[r+2]=128|c&63,r+=3)}}function du(n,t,e){if(t+4>e)return-1;let s=dn[n[t]],r=dn[n[t+1]],i=dn[n[t+2]],o=dn[n[t+3]];return(s|r|i|o)<0?-1:s<<12|r<<8|i<<4|o}function aa(n,t,e){return n[t]=92,n[t+1]=117,n[t+2]=Qr[e>>12],n[t+3]=Qr[e>>8&15],n[t+4]=Qr[e>>4&15],n[t+5]=Qr[e&15],t+6}function Gm(){let n=k.m,t=k.w,e=k.e,s=k.i,r=s,i=n[r]===45;if(i&&r++,r>=e)return!1;if(n[r]===48)r++;else if(n[r]>=49&&n[r]<=57)for(;r<e&&n[r]>=48&&n[r]<=57;)r++;else return!1;let o=r,l=!0;if(r<e&&n[r]===46){l=!1,r++;let p=r;for(;r<e&&n[r]>=48&&n[r]<=57;)r++;if(r===p)return!1}if(r<e&&(n[r]===101||n[r]===69)){l=!1,r++,r<e&&(n[r]===43||n[r]===45)&&r++;let p=r;for(;r<e&&n[r]>=48&&n[r]<=57;)r++;if(r===p)return!1}k.i=r;let u=k.o,c=o-s-(i?1:0);if(l&&c<=15){if(i&&c===1&&n[s+1]===48)t[u++]=48;else for(let p=s;p<r;p++)t[u++]=n[p];return k.o=u,!0}let h="";for(let p=s;p<r;p++)h+=String.fromCharCode(n[p]);let f=Number(h),d=Number.isFinite(f)?String(f):"null";if(d.length>r-s&&(k.growth+=d.length-(r-s),k.growth>la))return!1;for(let p=0;p<d.length;p++)t[u++]=d.charCodeAt(p);return k.o=u,!0}var pu,Wn,la,Zr,zn,Qr,dn,Kn,Mm,ot,Om,Nm,Cm,Lm,Rm,jm,Dm,Pm,Im,qm,Fm,Um,Bm,Hm,Wm,Jn,k,Km,Vm,Xm,ha=v((function(){me();Gr();pu=128,Wn=1024,la=64,Zr=1024*1024,zn=new Uint8Array(256);for(let n=0;n<32;n++)zn[n]=3;zn[34]=1;zn[92]=2;for(let n=128;n<256;n++)zn[n]=4;Qr=new Uint8Array([48,49,50,51,52,53,54,55,56,57,97,98,99,100,101,102]),dn=new Int8Array(256).fill(-1);for(let n=0;n<10;n++)dn[48+n]=n;for(let n=0;n<6;n++)dn[65+n]=dn[97+n]=10+n;Kn=new Uint8Array(32);Kn[8]=98;Kn[9]=116;Kn[10]=110;Kn[12]=102;Kn[13]=114;Mm=new TextEncoder,ot=a(n=>Mm.encode(n),"ASCII_OF"),Om=ot("schema"),Nm=ot("seq"),Cm=ot("at"),Lm=ot("event"),Rm=ot("__proto__"),jm=ot("task"),Dm=ot("number"),Pm=ot("type"),Im=ot("run"),qm=ot("success"),Fm=ot('{"schema":'),Um=ot(',"seq":'),Bm=ot(',"at":'),Hm=ot(',"event":'),Wm=ot('"1970-01-01T00:00:00Z"'),Jn=class{static{a(this,"ForeignLines")}out=new Uint8Array(0);outLen=0;start=0;end=0;schema=0;seq=-1;atStart=0;atEnd=0;event={type:""};sec=0;nanos=0;#t=new hn;#e=new un;#n=new un;reset(){this.outLen=0}read(t,e,s){let r=s-e,i=2*r+2*la+512;this.outLen===0&&this.out.length>4*Zr&&i<=Zr?this.out=new Uint8Array(Zr):this.outLen+i>this.out.length&&(this.out=new Uint8Array(Math.max(2*this.out.length,Zr,i)),this.outLen=0);let o=this.out,l=this.outLen+r+la+256;if(k.m=t,k.w=o,k.i=e,k.e=s,k.o=l,k.kt=0,k.growth=0,!Jm()||k.typeS<0||!ia(o,k.typeS,k.typeE))return!1;let u=this.#e.get(o,k.typeS+1,k.typeE-1);if(u.text==="")return!1;let c=1;if(k.schemaS>=0&&(c=fu(o,k.schemaS,k.schemaE),c<1))return!1;let h=-1;if(k.seqS>=0&&(h=fu(o,k.seqS,k.seqE),h<0)||k.atS>=0&&o[k.atS]!==34)return!1;if(c<=2){for(let b of u.added)if(!zm(o,b))return!1}let f=null;if(k.runS>=0&&o[k.runS]===34){if(!ia(o,k.runS,k.runE))return!1;f=this.#n.get(o,k.runS+1,k.runE-1).text}let d;if(k.successS>=0){let b=o[k.successS];b===116?d=!0:b===102&&(d=!1)}let p=this.outLen,m=p;p=Fs(o,p,Fm),k.schemaS>=0?p=Us(o,p,k.schemaS,k.schemaE):o[p++]=49,h>=0&&(p=Fs(o,p,Um),p=Us(o,p,k.seqS,k.seqE)),p=Fs(o,p,Bm);let w;if(k.atS>=0){if(!ia(o,k.atS,k.atE))return!1;w=p+1,p=Us(o,p,k.atS,k.atE)}else w=p+1,p=Fs(o,p,Wm);let g=p-1;p=Fs(o,p,Hm),p=Us(o,p,k.eventS,k.eventE);for(let b=0;b<k.others;b++)o[p++]=44,p=Us(o,p,k.otherS[b],k.otherE[b]);return o[p++]=125,o[p++]=10,this.outLen=p,this.start=m,this.end=p,this.schema=c,this.seq=h,this.atStart=w,this.atEnd=g,this.event=ra(u,f,d),!0}at(){return fn(this.out,this.atStart,this.atEnd)}time(){let t=this.#t,e=t.read(this.out,this.atStart,this.atEnd);return e===!0&&(this.sec=t.sec,this.nanos=t.nanos),e}},k={m:new Uint8Array(0),w:new Uint8Array(0),i:0,e:0,o:0,keys:new Int32Array(2*Wn),kt:0,growth:0,schemaS:-1,schemaE:-1,seqS:-1,seqE:-1,atS:-1,atE:-1,eventS:-1,eventE:-1,typeS:-1,typeE:-1,runS:-1,runE:-1,successS:-1,eventKeys:new Int32Array(2*Wn),eventKeyCount:0,otherS:new Int32Array(Wn),otherE:new Int32Array(Wn),others:0};a(Fs,"put");a(Us,"copy");a(ia,"plainString");a(fu,"integerOf");a(zm,"hasEventKey");a(Qt,"equalAt");a(mt,"ws");a(Jm,"envelope");a(mu,"newKey");a(ca,"value");Km=ot("true"),Vm=ot("false"),Xm=ot("null");a(oa,"literal");a(gu,"object");a(Ym,"array");a(ua,"string");a(du,"hex4");a(aa,"escapeUnit");a(Gm,"number")}));function te(n){let{schema:t,seq:e,at:s,event:r,...i}=n,o={schema:t};e!==void 0&&(o.seq=e),o.at=s,o.event=r;for(let l in i)o[l]=i[l];return JSON.stringify(o)}var Vn=v((function(){a(te,"encodeEnvelope")}));function je(n){if(n.light===!0||n.json!==void 0)return n.json;let t=n.text;if(t===void 0||n.upgraded||!eg(n.env,t))return te(n.env);if(tg(t))return t;try{return te(n.env)}catch(e){if(e instanceof RangeError)return t;throw e}}function tg(n){let t=Zm??=new Ct,e=t.room;if(n.length>e.length)return!1;let{read:s,written:r}=Qm.encodeInto(n,e);return s!==n.length?!1:t.check(e.byteOffset,e.byteOffset+r)>=0}function eg(n,t){let e=n.seq===void 0?`{"schema":${n.schema},"at":`:`{"schema":${n.schema},"seq":${n.seq},"at":`;if(!t.startsWith(e))return!1;let s=0;for(let r in n)s++;return s===(n.seq===void 0?3:4)}function fa(n){return Object.hasOwn(n,"task")||Object.hasOwn(n,"number")}function ke(n,t){if(n.light!==!0&&fa(n.env))return JSON.stringify(le(n.env,t));let e=je(n);return n.light===!0||e.startsWith('{"schema":')?`{"task":${JSON.stringify(t.id)},"number":${t.number},${e.slice(1)}`:JSON.stringify(le(n.env,t))}var Zm,Qm,De=v((function(){me();Vn();Is();a(je,"readFormText");Zm=null,Qm=new TextEncoder;a(tg,"isStringifyForm");a(eg,"isReadForm");a(fa,"namesTagKeys");a(ke,"taggedText")}));function ng(n){let t=n.event,e={type:t.type};return typeof t.run=="string"&&(e.run=t.run),typeof t.success=="boolean"&&(e.success=t.success),{schema:n.schema,seq:n.seq,at:n.at,event:e}}function bu(n,t,e,s,r){let i=ti.read(n,t,e);return i!==!0?i:ti.sec>s||ti.sec===s&&ti.nanos>=r}async function*ka(n,t,e={}){let s=await nt(n);if(s!==null)try{let r=e.from??0,i=e.to??s.statSync().size;r>0&&await s.seek(r,Deno.SeekMode.Start);let o=e.json===!0,l=t.length===0,u=o&&e.light===!0,c=new Bn,h=new Jn,f=c.checker,d=[...new Set(t)].map(S=>ku.encode(S)).filter(S=>S.length>=3&&S.length<ei&&!S.includes(10)).slice(0,16);d.forEach((S,O)=>f.memory.set(S,da+O*ei));let p=Math.max(1,e.chunkBytes??1024*1024),m=e.lineBytesMax??64*1024*1024,w=l&&r===0?0:-1,g=0,b=r,_=!1,x=a((S,O)=>e.onProblem?.({path:n,line:Math.max(w,0),offset:O,reason:S}),"problem");for(;b+g<i;){e.signal?.throwIfAborted();let S=Math.min(p,i-b-g);f.grow(ee+g+S+16);let O=0;for(;O<S;){let B=s.readSync(f.memory.subarray(ee+g+O,ee+g+S));if(B===null||B===0)break;O+=B}if(O===0)break;let C=g+O,M=ee+C,z=f.sol(ee,M);if(z===ee){_||C>m?(_=!0,b+=C,g=0):g=C;continue}let Y=f.memory,lt=[];h.reset();let St=a((B,R)=>{if(R===B)return;let Et=Math.max(w,0);if(u&&c.read(B,R)){let J=new pa(c.schema,c.seq,c.event(),c,c.atStart,c.atEnd);lt.push(new ma(J,Y,B,R+1,Et))}else if(u&&h.read(Y,B,R)){let J=h.out,D=new ga(h.schema,h.seq,h.event,J,h.atStart,h.atEnd);lt.push(new ya(D,J,h.start,h.end,Et,Y,B,R))}else Mn(Y,B,R,Et)},"take"),Mn=a((B,R,Et,J)=>{let D=pt(B.subarray(R,Et)),ct=X(D);if(!ct.ok){D.trim()!==""&&x(ct.reason,b+R-ee);return}if(!o){lt.push({env:ct.env,upgraded:ct.upgraded,text:D,line:J});return}let Te=JSON.stringify(ct.env),tn=Te===D?D:Te;u&&!fa(ct.env)?lt.push({light:!0,env:ng(ct.env),upgraded:ct.upgraded,text:D,json:tn,line:J}):lt.push({env:ct.env,upgraded:ct.upgraded,text:D,line:J,json:tn})},"slowLine"),Tt=ee;if(_&&(Tt=f.eol(ee,z)+1,w>=0&&w++,x("line is longer than the reader's limit",b),_=!1),l)for(;Tt<z;){let B=f.eol(Tt,z);w>=0&&w++,St(Tt,B),Tt=B+1}else{let B=d.map(()=>-2);for(;;){let R=-1;for(let D=0;D<d.length;D++)B[D]!==-1&&B[D]<Tt&&(B[D]=f.find(Tt,z,da+D*ei,d[D].length)),B[D]>=0&&(R<0||B[D]<R)&&(R=B[D]);if(R<0)break;let Et=f.sol(Tt,R),J=f.eol(R,z);St(Et,J),Tt=J+1}}g=M-z,b+=z-ee,lt.length>0&&(yield lt),g>0&&f.copy(ee,z,g),g>m&&(_=!0,b+=g,g=0)}}finally{s.close()}}function vu(){let n=new Ct,t=n.room;return e=>{if(e.length>=t.length)return null;let s=ku.encodeInto(e,t).written;return s!==e.length?null:og(n,e,t.byteOffset,t.byteOffset+s)}}function ig(n){return sg.get(n)??rg}function wa(n,t){return n.slice(t,n.indexOf('"',t))}function yu(n,t){let e=wa(n,t);return e.includes("\\")?null:e}function og(n,t,e,s){let r=n.check(e,s);if(r<0)return null;let i=n.same,o=n.typeValueAt-e,l=n.runValueAt-e;if((i&3)===2&&(n.typeText=wa(t,o+1)),i>>2===2&&(n.runText=wa(t,l+1)),n.outerKeys!==4||!t.startsWith('{"schema":'))return null;let u=10,c=0;for(let _=t.charCodeAt(u);_>=48&&_<=57;_=t.charCodeAt(++u))c=c*10+_-48;if(u===10||c<1||!t.startsWith(',"seq":',u))return null;u+=7;let h=u,f=0;for(let _=t.charCodeAt(u);_>=48&&_<=57;_=t.charCodeAt(++u))f=f*10+_-48;if(u===h||!t.startsWith(',"at":"',u))return null;u+=7;let d=t.indexOf('"',u),p=t.slice(u,d);if(p.includes("\\")||!t.startsWith(',"event":{',d+1)||o<0||t.charCodeAt(o)!==34)return null;let m=(i&3)!==0?n.typeText:yu(t,o+1);if(m===null||m==="")return null;let w={type:m};if(l>=0&&t.charCodeAt(l)===34){let _=i>>2!==0?n.runText:yu(t,l+1);if(_===null)return null;w.run=_}let g=wu(n,t,e,r,"success");if(g>=0&&t.startsWith("true",g)?w.success=!0:g>=0&&t.startsWith("false",g)&&(w.success=!1),c<=2){for(let _ of ig(m))if(wu(n,t,e,r,_)<0)return null}return{env:{schema:c,seq:f,at:p,event:w},light:!0,upgraded:!1,text:t,line:0,json:t}}function wu(n,t,e,s,r){for(let i=0;i<s;i++){let o=n.keyStart(i)-e,l=n.keyEnd(i)-e;if(l-o===r.length&&t.startsWith(r,o))return l+2}return-1}var da,ei,ee,ku,ti,pa,ma,ga,ya,sg,rg,ba=v((function(){Nt();ha();Is();Gr();Yt();De();Pn();U();a(ng,"lightEnvelopeOf");da=Ct.ROOM_AT,ei=256,ee=da+16*ei,ku=new TextEncoder,ti=new hn;a(bu,"atOrAfter");pa=class{static{a(this,"LightEnv")}schema;seq;event;lines;atStart;atEnd;#t;constructor(t,e,s,r,i,o){this.schema=t,this.seq=e,this.event=s,this.lines=r,this.atStart=i,this.atEnd=o}get at(){return this.#t??=fn(this.lines.checker.memory,this.atStart,this.atEnd)}atOrAfter(t,e){return bu(this.lines.checker.memory,this.atStart,this.atEnd,t,e)}},ma=class{static{a(this,"InPlaceRecord")}env;mem;start;end;line;light;upgraded;#t;constructor(t,e,s,r,i){this.env=t,this.mem=e,this.start=s,this.end=r,this.line=i,this.light=!0,this.upgraded=!1}get bytes(){return this.mem.subarray(this.start,this.end)}get text(){return this.#t??=pt(this.mem.subarray(this.start,this.end-1))}get json(){return this.text}},ga=class{static{a(this,"ForeignEnv")}schema;event;mem;atStart;atEnd;#t;seq;constructor(t,e,s,r,i,o){this.schema=t,this.event=s,this.mem=r,this.atStart=i,this.atEnd=o,this.seq=e<0?void 0:e}get at(){return this.#t??=fn(this.mem,this.atStart,this.atEnd)}atOrAfter(t,e){return bu(this.mem,this.atStart,this.atEnd,t,e)}},ya=class{static{a(this,"ForeignRecord")}env;mem;start;end;line;src;srcStart;srcEnd;light;upgraded;constructor(t,e,s,r,i,o,l,u){this.env=t,this.mem=e,this.start=s,this.end=r,this.line=i,this.src=o,this.srcStart=l,this.srcEnd=u,this.light=!0,this.upgraded=!1}get bytes(){return this.mem.subarray(this.start,this.end)}get text(){return pt(this.src.subarray(this.srcStart,this.srcEnd))}get json(){return fn(this.mem,this.start,this.end-1)}};a(ka,"scanLog");a(vu,"lightLines");sg=new Map([...Dn].map(([n,t])=>[n,t.map(([e])=>e)])),rg=[];a(ig,"addedFieldsOf");a(wa,"quotedAt");a(yu,"stringAt");a(og,"lightRecord");a(wu,"valueAt")}));async function Pe(n){let t=await nt(n);if(t===null)return 0;try{return await qn(t,t.statSync().size)+1}finally{t.close()}}var Bs=v((function(){U();a(Pe,"completeLinesEnd")}));function _u(n){throw new Deno.errors.NotFound(`No such file: ${n}`)}function xu(n){Hs.delete(n),Hs.set(n,!0),Hs.size>ag&&Hs.keys().next().value.close()}function lg(n){let t=ni.get(n);return t===void 0&&(ni.size>=8&&ni.clear(),t=new Uint8Array(n),ni.set(n,t)),t}var Ie,ag,Hs,ni,si=v((function(){Yt();Nt();U();a(_u,"gone");Ie=class{static{a(this,"LogTail")}path;#t;#e;#n=null;#s=null;#r=!1;#i=!1;#o;#a;#l=0;#c;#u;constructor(t,e={}){this.path=t,this.#u=e,this.#t=e.from??0,this.#e=this.#t,this.#a=this.#t===0?0:-1,this.#o=new et({offset:this.#t,lineBytesMax:e.lineBytesMax}),this.#c=e.chunkBytes??1024*1024}get offset(){return this.#t}#h(t){this.#u.onReset?.({path:this.path,reason:t,offset:this.#t}),this.#t=0,this.#e=0,this.#a=0,this.#o=new et({offset:0,lineBytesMax:this.#u.lineBytesMax})}async read(t={}){if(t.to===void 0){if(this.#s!==null){let i=this.#p();if(i!==null)return i}let r=this.#f();if(r!==null)return this.#l=r,this.#y(new Uint8Array(0))}this.#g();let e;try{e=await nt(this.path)??_u(this.path)}catch(r){return this.#m(r)}let s=!1;try{let r=await e.stat(),i=this.#k(r,t.to);if(s=t.to===void 0&&r.isFile,i<=0)return this.#y(new Uint8Array(0));await e.seek(this.#e,Deno.SeekMode.Start);let o=new Uint8Array(i),l=0;for(;l<i;){let u=await e.read(o.subarray(l,i));if(u===null||u===0)break;l+=u}return this.#y(o.subarray(0,l))}finally{s?this.#d(e):e.close()}}#p(){let t=this.#s;xu(this),this.#i&&(this.#e=this.#t,this.#o=new et({offset:this.#t,lineBytesMax:this.#u.lineBytesMax}));let e=lg(this.#c),s=0;try{for(t.seekSync(this.#e,Deno.SeekMode.Start);s<e.length;){let r=t.readSync(e.subarray(s));if(r===null||r===0||(s+=r,s<e.length))break}}catch{return null}return s===0?null:(this.#l=s<e.length?this.#e+s:1/0,this.#y(e.subarray(0,s)))}#f(){if(this.#r||this.#i)return null;let t;try{t=Deno.lstatSync(this.path)}catch{return null}return!t.isFile||t.size!==this.#e?null:(this.#n===null&&(this.#n=t.ino),t.ino===this.#n?t.size:null)}#d(t){this.#s=t,xu(this)}#g(){if(this.#s===null)return;let t=this.#s;this.#s=null,Hs.delete(this);try{t.close()}catch{}}close(){this.#g()}readSync(t={}){let e;try{e=t.files?.get(this.path)??Me(this.path)??_u(this.path)}catch(s){return this.#m(s)}try{let s=this.#k(e.statSync(),t.to);if(s<=0)return this.#y(new Uint8Array(0));e.seekSync(this.#e,Deno.SeekMode.Start);let r=new Uint8Array(s),i=0;for(;i<s;){let o=e.readSync(r.subarray(i,s));if(o===null||o===0)break;i+=o}return this.#y(r.subarray(0,i))}finally{t.files||e.close()}}#m(t){if(!(t instanceof Deno.errors.NotFound))throw t;return this.#n!==null&&(this.#r=!0),this.#l=this.#t,{records:[],end:this.#t,caughtUp:!0,atEnd:!0}}#k(t,e){return this.#r||this.#n!==null&&t.ino!==null&&t.ino!==this.#n?(this.#r=!1,this.#h("replaced")):t.size<this.#t?this.#h("truncated"):(t.size<this.#e||this.#i)&&(this.#e=this.#t,this.#o=new et({offset:this.#t,lineBytesMax:this.#u.lineBytesMax})),this.#n=t.ino,this.#l=e===void 0?t.size:Math.min(t.size,e),Math.min(this.#c,this.#l-this.#e)}#y(t){let e=[];if(t.length>0){let i=this.#t,o=this.#e;this.#e+=t.length;let{lines:l,end:u}=this.#o.push(t),c=this.#u.prefilter,h=-1;for(let f of l){if(h=t.indexOf(10,h+1),this.#a>=0&&this.#a++,f===""||c&&!c(f))continue;let d=Math.max(this.#a,0),p=h>=0?o+h+1:u,m=this.#u.light?.(f);if(m){m.line=d,m.end=p,e.push(m);continue}let w=X(f);w.ok?e.push({env:w.env,upgraded:w.upgraded,text:f,line:d,end:p}):f.trim()!==""&&this.#u.onProblem?.({path:this.path,line:d,offset:i,reason:w.reason})}this.#t=u}let s=this.#e>=this.#l,r=s&&this.#o.pendingBytes===0;return this.#i=s&&!r,{records:e,end:this.#t,caughtUp:r,atEnd:s}}},ag=256,Hs=new Map;a(xu,"touch");ni=new Map;a(lg,"scratch")}));var ne,Ws=v((function(){ne=class{static{a(this,"Wakeup")}#t=!1;#e=null;wake(){if(this.#e){let t=this.#e;this.#e=null,t()}else this.#t=!0}wait(t,e){return e?.throwIfAborted(),this.#t?(this.#t=!1,Promise.resolve()):new Promise((s,r)=>{let i=a(()=>{clearTimeout(l),e?.removeEventListener("abort",o),this.#e=null},"done"),o=a(()=>{i(),r(e.reason)},"onAbort"),l=setTimeout(()=>{i(),s()},t);this.#e=()=>{i(),s()},e?.addEventListener("abort",o,{once:!0})})}}}));function Xn(n,t,e={}){let s=null;try{s=Deno.watchFs(n,{recursive:e.recursive??!0})}catch{return()=>{}}let r=s,i=!1,o=a(()=>{if(!i){i=!0,e.signal?.removeEventListener("abort",o);try{r.close()}catch{}}},"close");return e.signal?.addEventListener("abort",o,{once:!0}),(async()=>{try{for await(let l of r)t(l.paths)}catch{}})(),o}var ri=v((function(){a(Xn,"watchDir")}));var $u={};W($u,{tailLog:()=>cg});async function*cg(n,t={}){let e=new Ie(n,t),s=new ne,r=n.includes("/")?n.slice(0,n.lastIndexOf("/"))||"/":".",i=Xn(r,()=>s.wake(),{signal:t.signal,recursive:!1});try{for(;;){t.signal?.throwIfAborted();let o=await e.read();(o.records.length>0||o.atEnd)&&(yield o),o.atEnd&&await s.wait(t.pollIntervalMs??1e3,t.signal)}}finally{i()}}var Su=v((function(){si();Ws();ri();a(cg,"tailLog")}));var Eu={};W(Eu,{acquireTaskLock:()=>zs,isTaskRunning:()=>Lt,tryServeLock:()=>va});async function zs(n,t){let e=n.lockPath(t),s=await Deno.open(e,{read:!0,write:!0,create:!0}),r=!1;try{let i=Date.now()+ug;for(;!(r=await s.tryLock(!0))&&Date.now()<i;)await new Promise(o=>setTimeout(o,2))}catch(i){throw s.close(),new y("io",`Cannot lock ${e}: ${i.message}`)}if(!r)throw s.close(),new y("task-running",`Cannot run task ${t}: another process is running it (it holds ${e})`);return Tu(s)}async function Lt(n,t){let e;try{e=await Deno.open(n.lockPath(t),{read:!0})}catch{return!1}try{let s=await e.tryLock(!1);return s&&await e.unlock(),!s}catch{return!1}finally{e.close()}}async function va(n){let t=await Deno.open(n.serveLockPath,{read:!0,write:!0,create:!0}),e=!0;try{e=await t.tryLock(!0)}catch{}return e?Tu(t,n.serveLockPath):(t.close(),null)}function Tu(n,t){let e=!0,s=a(()=>{if(e){if(e=!1,t!==void 0)try{Deno.removeSync(t)}catch{}try{n.unlockSync()}catch{}n.close()}},"release");return{release:s,[Symbol.dispose]:s}}var ug,be=v((function(){A();ug=100;a(zs,"acquireTaskLock");a(Lt,"isTaskRunning");a(va,"tryServeLock");a(Tu,"heldLock")}));function Au(n){return n==="succeeded"?0:n==="paused"?2:1}async function Mu(n,t,e={}){let s=n.logPath(t.dir),r=await Pe(s),i=e.after??0,o=e.keep??(()=>!0),l={run:null,ended:!1,success:!1,pausedSinceStart:!1,abandoned:!1,interrupted:!1},u=0,c=null;e.run!==void 0?l.run=await Re(s,e.run,r):(c=await Fn(s,{to:r}),l.run=c?.run??(await qt(s,{to:r}))?.run??null),l.run!==null&&(u=await Vr(s,l.run,i,{to:r,last:c??void 0}),u>0&&(i>0||u>=r)&&await pg(s,u,l,e.exactOutcome===!0));let h=e.follow||e.exactOutcome?fg:[],f=e.needles&&e.needles.length>0?[...new Set([...e.needles,...h])]:null,d=f?_=>f.some(x=>_.includes(x)):void 0,p=a(_=>{let x=_.env.event,S=q(x);return x.type==="run_started"&&S!==null&&(l.run===null&&(l.run=S),S===l.run?(l.ended=!1,l.pausedSinceStart=!1):l.ended||(l.abandoned=!0)),S===null||S!==l.run||(x.type==="paused"?l.pausedSinceStart=!0:x.type==="run_finished"&&(l.ended=!0,l.success=x.success===!0),_.env.schema<2||typeof _.env.seq!="number"||_.env.seq<=i)?!1:o(_)},"step");async function*m(){if(l.run===null){if(r>0&&e.onProblem)for await(let x of ka(s,[],{to:r,onProblem:e.onProblem,signal:e.signal}));return}if(u>=r)return;let _=ka(s,f??[],{from:u,to:r,json:e.json,light:e.json,onProblem:e.onProblem,signal:e.signal});for await(let x of _){let S=x.filter(p);S.length>0&&(yield S)}}a(m,"replay");let w=0,g=null;async function*b(){let[{tailLog:_},{isTaskRunning:x}]=await Promise.all([Promise.resolve().then(()=>(Su(),$u)),Promise.resolve().then(()=>(be(),Eu))]);yield*m();for await(let S of _(s,{from:Math.max(u,r),prefilter:d,onProblem:e.onProblem,onReset:a(O=>{l.ended=!1,l.pausedSinceStart=!1,e.onReset?.(O)},"onReset"),pollIntervalMs:e.pollIntervalMs,signal:e.signal})){let O=[];for(let C of S.records){let M=p(C);if(l.abandoned)break;M&&O.push(C)}if(O.length>0&&(yield O),l.abandoned||S.caughtUp&&l.run!==null&&l.ended)return;if(S.records.length>0&&(g=null),S.atEnd&&l.run!==null){let C=Date.now();if(C-w>=500&&(w=C,await x(n,t.dir)?g=null:g??=C),g!==null&&C-g>=hg){l.ended||(l.interrupted=!0);return}}else g=null;if(S.records.length===0&&!await Ce(n.taskJsonPath(t.dir)))throw new y("not-found",`Task #${t.number} (${t.dir}) was discarded while it was followed`)}}return a(b,"follow"),{batches:e.follow?b():m(),run:a(()=>l.run,"run"),outcome:a(()=>dg(l),"outcome")}}function dg(n){return n.run===null?"open":n.abandoned?"abandoned":n.interrupted?"interrupted":n.pausedSinceStart?"paused":n.ended?n.success?"succeeded":"failed":"open"}async function pg(n,t,e,s){let r=e.run,i=await Kr(n,r,t);if(i?.event.type==="run_finished"?(e.ended=!0,e.success=i.event.success===!0):i?.event.type==="paused"&&(e.pausedSinceStart=!0),!s||e.pausedSinceStart)return;let o=-1;await Oe(n,'"run_started"',(l,u)=>{let c=X(l);return!c.ok||c.env.event.type!=="run_started"||q(c.env.event)!==r?!1:(o=u,!0)},{to:t}),await Oe(n,'"paused"',(l,u)=>{if(u<o)return!0;let c=X(l);return!c.ok||c.env.event.type!=="paused"||q(c.env.event)!==r?!1:(e.pausedSinceStart=!0,!0)},{to:t})}var hg,fg,Ou=v((function(){K();A();Ne();Nt();it();cn();ba();Bs();a(Au,"exitStatusOf");hg=3e3,fg=['"run_started"','"run_finished"','"paused"'];a(Mu,"followTask");a(dg,"outcomeOf");a(pg,"stateBefore")}));function ii(n,t=Date.now()){let e=dt(n);if(e!==null)return e;let s=/^(?:(\d{1,6})d)?(?:(\d{1,7})h)?(?:(\d{1,9})m)?(?:(\d{1,10})s)?$/.exec(n);if(!s||n==="")throw new y("usage",`--since takes an RFC 3339 time (2026-01-02T03:04:05Z) or an age such as 90s, 15m, 2h, 1d, 1h30m, not "${n.slice(0,40)}"`);let[,r,i,o,l]=s,u=((Number(r??0)*24+Number(i??0))*60+Number(o??0))*6e4+Number(l??0)*1e3;return BigInt(t-u)*1000000n}var pn,_a=v((function(){de();A();a(ii,"parseSince");pn=class{static{a(this,"EventFilter")}types;tasks;sinceNs;needles;#t;#e;constructor(t={}){let e=t.types?new Set(t.types):null,s=t.tasks?new Set(t.tasks):null;this.types=e&&e.size>0?e:null,this.tasks=s&&s.size>0?s:null,this.sinceNs=t.sinceNs??null,this.needles=this.types?[...this.types].map(l=>JSON.stringify(l)):null;let r=this.sinceNs??0n,i=r/1000000000n,o=r%1000000000n;o<0n&&(i-=1n,o+=1000000000n),this.#t=Number(i),this.#e=Number(o)}get all(){return this.types===null&&this.tasks===null&&this.sinceNs===null}get prefilter(){let t=this.needles;if(t!==null)return t.length===1?e=>e.includes(t[0]):e=>t.some(s=>e.includes(s))}keeps(t,e){if(this.types!==null&&!this.types.has(e.event.type)||this.tasks!==null&&(t===null||!this.tasks.has(t.id)))return!1;if(this.sinceNs!==null){let s=e.atOrAfter?.(this.#t,this.#e)??null;if(s!==null)return s;let r=dt(e.at);if(r===null||r<this.sinceNs)return!1}return!0}keepsAt(t,e,s,r){return!(this.types!==null&&!this.types.has(e)||this.tasks!==null&&!this.tasks.has(t.id)||this.sinceNs!==null&&(s<this.#t||s===this.#t&&r<this.#e))}}}));function gg(n){if(n===`
`)return"\\n";if(n==="\r")return"\\r";if(n==="	")return"\\t";let t=n.codePointAt(0);return t<=255?`\\x${t.toString(16).padStart(2,"0")}`:t>65535?`\\u{${t.toString(16)}}`:`\\u${t.toString(16).padStart(4,"0")}`}function L(n,t={}){if(!xa.test(n))return n;let e=t.newline,s=t.tab;return n.replace(mg,(r,i)=>r===`
`&&e!==void 0?e:r==="	"&&s!==void 0?s:(r==="\u200D"||r==="\u200C")&&yg(n,i)?r:gg(r))}function yg(n,t){let e=n.codePointAt(t-1-(wg(n.charCodeAt(t-1))?1:0)),s=n.codePointAt(t+1),r=a(i=>i!==void 0&&i>127&&!xa.test(String.fromCodePoint(i)),"ok");return t>0&&r(e)&&r(s)}function wg(n){return n>=56320&&n<=57343}function ju(n){return xa.test(n)}function Yn(n){if(n<768)return 1;if(n>65535)return Lu(n);let t=Cu[n];if(t!==0)return t-1;let e=Lu(n);return Cu[n]=e+1,e}function Lu(n){if(n>=4352&&n<=4447||n===9001||n===9002||n>=11904&&n<=12350||n>=12353&&n<=13311||n>=13312&&n<=19967||n>=19968&&n<=42191||n>=43360&&n<=43391||n>=44032&&n<=55203||n>=63744&&n<=64255||n>=65040&&n<=65049||n>=65072&&n<=65135||n>=65280&&n<=65376||n>=65504&&n<=65510||n>=94176&&n<=94207||n>=94208&&n<=101631||n>=101632&&n<=101775||n>=110576&&n<=111359||n>=127488&&n<=127743||n>=131072&&n<=262141)return Nu.test(String.fromCodePoint(n))?0:2;let t=String.fromCodePoint(n);return Nu.test(t)?0:kg.test(t)?2:1}function ve(n){let t=0;for(let e of n)t+=Yn(e.codePointAt(0));return t}function Du(n,t){if(ve(n)<=t)return n;let e="",s=0;for(let r of n){let i=Yn(r.codePointAt(0));if(s+i>t-1)break;e+=r,s+=i}return e+"\u2026"}var Ru,mg,xa,Nu,kg,Cu,Ft=v((function(){Ru="[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\p{Cf}\\u115f\\u1160\\u3164\\uffa0]",mg=new RegExp(Ru,"gu"),xa=new RegExp(Ru,"u");a(gg,"escapeOf");a(L,"visible");a(yg,"joins");a(wg,"isLowSurrogate");a(ju,"hasUnsafe");Nu=/^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff]$/u,kg=/^(?![\u{1f1e6}-\u{1f1ff}])\p{Emoji_Presentation}$/u;a(Yn,"charWidth");Cu=new Uint8Array(65536);a(Lu,"widthOf");a(ve,"displayWidth");a(Du,"cutColumns")}));var Fu={};W(Fu,{VERBOSE_TYPES:()=>bg,describe:()=>qu,oneLine:()=>E,renderEvent:()=>oi,timeOf:()=>Iu,useColor:()=>Ta});function Iu(n){let t=vg.exec(n);if(t)return`${t[1]}.${(t[2]??"").slice(0,3).padEnd(3,"0")}`;let e=dt(n);if(e===null)return"??:??:??.???";let s=Number(e/1000000n);return new Date(s).toISOString().slice(11,23)}function E(n,t=120){let e=L(String(n??"").replace(/[\r\n\t]+/g," ")).trim();if(e.length<=t)return e;let s=t-1,r=e.charCodeAt(s-1);return r>=55296&&r<=56319&&s--,e.slice(0,s)+"\u2026"}function se(n){return typeof n=="string"?L(n.slice(0,8)):"-"}function qe(n){if(typeof n!="number")return"-";if(!Number.isInteger(n))return String(n);let t=String(Math.abs(n));if(t.length<=3)return String(n);let e=t.slice(0,t.length%3||3);for(let s=e.length;s<t.length;s+=3)e+=","+t.slice(s,s+3);return n<0?"-"+e:e}function Js(n){if(typeof n!="number")return"-";if(n<1e3)return`${n}ms`;if(n<6e4)return`${(n/1e3).toFixed(1)}s`;let t=Math.floor(n/6e4),e=Math.round(n%6e4/1e3);return`${t}m${String(e).padStart(2,"0")}s`}function Pu(n){if(typeof n!="object"||n===null)return"";let t=n;return`${qe(t.input_tokens)} in, ${qe(t.output_tokens)} out`}function _g(n,t){if(typeof n=="object"&&n!==null&&!Array.isArray(n)){let s=n;for(let r of["command","cmd","path","file","file_path","pattern","query","url"])if(typeof s[r]=="string")return E(s[r],t)}if(n===void 0)return"";let e;try{e=JSON.stringify(n)??""}catch{e=String(n)}return E(e,t)}function xg(n){return typeof n=="string"?` [${se(n)}]`:""}function qu(n,t){let e=n.event;switch(e.type){case"run_started":return["\u25B6","info",`run ${se(e.run)} started`];case"run_finished":{let s=`(${Js(e.active_ms)}, ${Pu(e.usage)})`,r=E(e.status,40);return e.success===!0?["\u2714","ok",`run ${se(e.run)} finished: ${r} ${s}`]:e.status==="failed"?["\u2718","bad",`run ${se(e.run)} failed ${s}`]:["\u25A0","warn",`run ${se(e.run)} stopped: ${r} ${s}`]}case"phase_started":return["\u25B8","info",`phase ${E(e.phase,40)} started`];case"phase_finished":return e.success===!0?["\u2714","ok",`phase ${E(e.phase,40)} done${e.summary?": "+E(e.summary,t):""}`]:["\u2718","bad",`phase ${E(e.phase,40)} failed${e.summary?": "+E(e.summary,t):""}`];case"agent_started":return["\u25CF","info",`${E(e.role,40)} started${e.model?" ("+E(e.model,60)+")":""}${xg(e.subtask)}`];case"agent_delta":return["\u2026","dim",`${E(e.role,40)}: ${E(e.delta?.text,t)}`];case"agent_text":return["\u201C","dim",`${E(e.role,40)}: ${E(e.text,t)}`];case"tool_called":return["\u2192","tool",`${E(e.role,40)} calls ${E(e.tool,40)} ${_g(e.input,t)}`.trimEnd()+` {${E(e.call,12)}}`];case"tool_returned":{let s=e.timed_out===!0?"timed out":typeof e.exit_code=="number"?`exit ${e.exit_code}`:e.is_error===!0?"error":"ok",r=E(e.preview,t);return[e.is_error===!0?"\u21A9":"\u2190",e.is_error===!0?"bad":"tool",`${E(e.tool,40)} ${s} in ${Js(e.duration_ms)}, ${qe(e.output_chars)} chars {${E(e.call,12)}}${r?": "+r:""}`]}case"agent_finished":return["\u25CB","info",`${E(e.role,40)} finished: ${E(e.stop,40)} after ${qe(e.steps)} steps (${Pu(e.usage)})`];case"subtask_updated":return["\u25C6","info",`subtask ${se(e.subtask)} ${E(e.status,40)}`];case"subtask_integrated":{let s=Array.isArray(e.conflicts)?e.conflicts:[];return s.length===0?["\u2714","ok",`subtask ${se(e.subtask)} integrated at ${se(e.commit)}`]:["\u2718","bad",`subtask ${se(e.subtask)} conflicted: ${E(s.join(", "),t)}`]}case"committed":{let s=Array.isArray(e.files)?e.files.length:0;return["\u25CF","ok",`committed ${se(e.commit)} ${E(e.message,t)} (${s} file${s===1?"":"s"})`]}case"merged":return["\u2714","ok",`merged ${E(e.branch,60)||"?"} into ${E(e.base,60)||"?"} at ${se(e.commit)}`];case"validation_finished":return e.passed===!0?["\u2714","ok",`validation passed: ${E(e.command,t)}`]:["\u2718","bad",`validation failed${typeof e.exit_code=="number"?` (exit ${e.exit_code})`:""}: ${E(e.command,t)}`];case"budget_updated":return["$","dim",`budget: ${qe(e.tokens)}${typeof e.token_limit=="number"?"/"+qe(e.token_limit):""} tokens, ${Js(e.active_ms)}${typeof e.duration_limit_ms=="number"?"/"+Js(e.duration_limit_ms):""} active`];case"artefact_written":{let s=e.artefact??{};return["\u270E","info",`wrote the ${s.kind==="qa_report"?`QA report (round ${qe(s.round)})`:E(s.kind,40)}`]}case"approval_requested":return["?","warn",`waiting for approval of the ${E(e.gate,20)}`];case"approval_resolved":return e.approved===!0?["\u2714","ok",`${E(e.gate,20)} approved${e.comment?": "+E(e.comment,t):""}`]:["\u2718","bad",`${E(e.gate,20)} rejected${e.comment?": "+E(e.comment,t):""}`];case"retrying":return["\u21BB","warn",`retrying ${E(e.what,t)} (attempt ${qe(e.attempt)}, in ${Js(e.delay_ms)})`];case"paused":return["\u23F8","warn",`paused: ${E(e.reason,t)}`];case"log":{let s=String(e.level??"info"),r=/^(error|fatal)$/i.test(s)?"bad":/^warn/i.test(s)?"warn":"dim";return[r==="bad"?"\u2718":r==="warn"?"!":"\xB7",r,`${E(s,10)}: ${E(e.message,t)}`]}default:return["?","dim",`${E(e.type,60)} (unknown event${n.schema>2?`, schema ${n.schema}`:""})`]}}function oi(n,t={}){let[e,s,r]=qu(n,t.textCharsMax??120),i=t.number!==void 0?`#${t.number} `:"",o=Iu(n.at);return t.color?`${i}${$a.dim}${o}${Sa} ${$a[s]}${e}${Sa} ${s==="bad"||s==="warn"?$a[s]+r+Sa:r}`:`${i}${o} ${e} ${r}`}function Ta(n,t){let e=t("NO_COLOR");return n&&(e===void 0||e==="")}var bg,$a,Sa,vg,mn=v((function(){de();Ft();bg=new Set(["agent_delta","budget_updated"]),$a={ok:"\x1B[32m",bad:"\x1B[31m",warn:"\x1B[33m",tool:"\x1B[36m",info:"\x1B[1m",dim:"\x1B[2m"},Sa="\x1B[0m",vg=/^\d{4}-\d\d-\d\d[Tt](\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?[Zz]$/;a(Iu,"timeOf");a(E,"oneLine");a(se,"short");a(qe,"num");a(Js,"secs");a(Pu,"tokens");a(_g,"toolInput");a(xg,"subtaskNote");a(qu,"describe");a(oi,"renderEvent");a(Ta,"useColor")}));var Bu={};W(Bu,{FEED_BEGINNING:()=>Ks,FEED_NOW:()=>Ea,feedAfter:()=>Uu,feedStartOf:()=>Vs,isAfterStart:()=>Aa});function Uu(n){return{from:"after",cursor:n}}function Vs(n,t){return n.start!==void 0?n.start:n.after?Uu(n.after):t}function Aa(n,t){return n.from!=="after"||ut(t,n.cursor)>0}var Ks,Ea,Xs=v((function(){Kt();Ks=Object.freeze({from:"beginning"}),Ea=Object.freeze({from:"now"});a(Uu,"feedAfter");a(Vs,"feedStartOf");a(Aa,"isAfterStart")}));function $g(n){return`#${n.number} (${n.dir})`}function ai(n,t){if(t.length===1)return t[0];let e=t.slice(0,10).map($g),s=e.length>1?`${e.slice(0,-1).join(", ")} and ${e[e.length-1]}`:e[0];throw new y("ambiguous-ref",`Cannot resolve task "${n}": it matches ${s}${t.length>10?" and more":""}`,{details:{candidates:t.map(r=>({number:r.number,dir:r.dir,id:r.id}))}})}function Sg(n,t){let e=n.toLowerCase();return!/^[0-9a-f-]+$/.test(e)||e.replace(/-/g,"").length<4?[]:t.filter(s=>s.id.toLowerCase().startsWith(e))}function Fe(n,t){let e=n.trim();if(e==="")throw new y("usage","A task reference cannot be empty");let s=/^#?(\d{1,15})$/.exec(e);if(s){let o=Number(s[1]),l=t.filter(u=>u.number===o);if(l.length>0)return ai(e,l);if(e.startsWith("#"))throw new y("not-found",`Cannot resolve task "${e}": no task has number ${o}`)}if(!s){let o=t.filter(l=>l.dir===e);if(o.length>0)return ai(e,o)}let r=t.filter(o=>o.id.toLowerCase()===e.toLowerCase());if(r.length>0)return ai(e,r);let i=Sg(e,t);if(i.length>0)return ai(e,i);throw new y("not-found",`Cannot resolve task "${e.slice(0,100)}": no task matches`)}var li=v((function(){A();a($g,"describe");a(ai,"decide");a(Sg,"byIdPrefix");a(Fe,"resolveRef")}));function Tg(n){return n.normalize("NFKD").replace(/[\u0300-\u036f]/g,"").toLowerCase().replace(/[^a-z0-9]+/g,"-").replace(/^-+|-+$/g,"").slice(0,40).replace(/-+$/,"")||"task"}function Eg(n,t){return`${Hu(n)}${Tg(t)}`}function Hu(n){return`${String(n).padStart(3,"0")}-`}function gn(n){let t=n.record.branch;return typeof t=="string"&&t!==""?t:`taskline/${n.dir}`}async function bt(n,t){let e=await Un(n.taskJsonPath(t));if(e===null)throw new y("bad-state",`Cannot read task ${t}: no task.json`);let s=e;if(typeof s!="object"||typeof s.id!="string"||!Number.isSafeInteger(s.number))throw new y("bad-state",`Cannot read task ${t}: task.json has no id or number`);if(s.number<1)throw new y("bad-state",`Cannot read task ${t}: task.json's number ${s.number} is not a task number (1 or more)`);return typeof s.title!="string"&&(s.title=t),typeof s.status!="string"&&(s.status="unknown"),{dir:t,id:s.id,number:s.number,record:s}}async function Ys(n){return(await we(n.tasksDir)).filter(t=>t.isDirectory&&!t.name.startsWith(".")).map(t=>t.name)}async function vt(n,t={}){let e=await Ys(n),s=[];return await Promise.all(e.map(async r=>{try{s.push(await bt(n,r))}catch(i){t.onProblem?.({dir:r,reason:i.message})}})),s.sort(zu)}async function Wu(n,t,e={}){let s=t.trim(),r=await Ys(n),i=/^#?(\d{1,15})$/.exec(s),o=i?Number(i[1]):null,l=o!==null?r.filter(h=>Ag(h)===o):r.includes(s)?[s]:[],u=new Set,c=a(h=>{u.has(h.dir)||e.onProblem?.(h),u.add(h.dir)},"onProblem");if(l.length>0){let h=[];for(let f of l)try{h.push(await bt(n,f))}catch(d){c({dir:f,reason:d.message})}if(h.some(f=>o===null?f.dir===s:f.number===o))return Fe(s,h.sort(zu))}return Fe(s,await vt(n,{onProblem:c}))}function zu(n,t){return n.number-t.number||(n.dir<t.dir?-1:n.dir>t.dir?1:0)}function Ag(n){let t=/^(\d{1,15})-/.exec(n);return t?Number(t[1]):NaN}async function Ng(n){let t=n.numbersDir;await Deno.mkdir(t,{recursive:!0});let e=(await vt(n)).reduce((r,i)=>Math.max(r,i.number),0)+1,s=a(async r=>{let i=Hu(r);for(let o of await Ys(n))if(o.startsWith(i)&&(await bt(n,o).catch(()=>null))?.number===r)return!0;return!1},"made");for(let r=0;r<Mg;r++){let i=`${t}/${e}`;try{(await Deno.open(i,{write:!0,createNew:!0})).close()}catch(o){if(!(o instanceof Deno.errors.AlreadyExists))throw new y("io",`Cannot reserve task number ${e} in ${t}: ${o.message}`);let l=(await Deno.stat(i).catch(()=>null))?.mtime?.getTime()??Date.now();Date.now()-l>Og?await Deno.remove(i).catch(()=>{}):e++;continue}if(await s(e)){await Deno.remove(i).catch(()=>{}),e++;continue}return{number:e,release:a(()=>Deno.remove(i).catch(()=>{}),"release")}}throw new y("bad-state",`Cannot reserve a task number in ${t}: too many taken at once`)}async function ci(n,t,e={}){if(t.trim()==="")throw new y("usage","A task needs a non-empty title");let s=e.number===void 0?await Ng(n):null;try{return await Cg(n,t,s?.number??e.number,e)}finally{await s?.release()}}async function Cg(n,t,e,s){let r=Eg(e,t),i={id:s.id??crypto.randomUUID(),number:e,title:t,...s.description!==void 0?{description:s.description}:{},status:s.status??"ready",created_at:s.createdAt??new Date().toISOString()};if(await Deno.mkdir(n.taskDir(r),{recursive:!0}),await Ce(n.taskJsonPath(r)))throw new y("bad-state",`Cannot create task ${r}: it exists already`);return await ge(n.taskJsonPath(r),JSON.stringify(i,null,2)+`
`),{dir:r,id:i.id,number:e,record:i}}async function Ue(n,t){await ge(n.taskJsonPath(t.dir),JSON.stringify(t.record,null,2)+`
`)}var Mg,Og,gt=v((function(){A();li();it();a(Tg,"slugify");a(Eg,"taskDirName");a(Hu,"numberPrefix");a(gn,"branchOf");a(bt,"readTask");a(Ys,"taskDirNames");a(vt,"listTasks");a(Wu,"findTask");a(zu,"byNumber");a(Ag,"leadingNumber");Mg=1e3,Og=1e4;a(Ng,"reserveNumber");a(ci,"createTask");a(Cg,"makeTask");a(Ue,"saveTask")}));function fi(n,t){return n.sec-t.sec||n.nanos-t.nanos||n.task.number-t.task.number||n.seq-t.seq}function di(n){let t=n/ui,e=n%ui;return e<0n&&(t-=1n,e+=ui),[Number(t),Number(e)]}function Ju(n){let[t,e]=di(n.ns);return{sec:t,nanos:e}}function Ku(n){return Lg.encode(`{"task":${JSON.stringify(n.id)},"number":${n.number},`)}function Ma(n,t,e){return{path:n,line:t,offset:e,reason:"its `at` is not a UTC timestamp of 1970 or later, so it has no event cursor; `events <TASK>` shows it"}}function pi(n,t,e,s){if(n.env.schema<2)return null;let r=pe(n.env,t.number);return r===null&&s?.(Ma(e,n.line,n.end??0)),r}var ui,Lg,Gs,hi,Gn,Zs=v((function(){Nt();Yt();De();Kt();a(fi,"compareItems");ui=1000000000n;a(di,"splitNs");a(Ju,"cursorNumbers");Lg=new TextEncoder;a(Ku,"taggedPrefix");Gs=class{static{a(this,"ByteItem")}task;prefix;bytes;start;end;sec;nanos;seq;type;line;fileEnd;#t;#e;constructor(t,e,s,r,i,o,l,u,c,h,f){this.task=t,this.prefix=e,this.bytes=s,this.start=r,this.end=i,this.sec=o,this.nanos=l,this.seq=u,this.type=c,this.line=h,this.fileEnd=f}get record(){if(this.#t===void 0){let t=pt(this.bytes.subarray(this.start,this.end-1)),e=X(t);this.#t={env:e.env,upgraded:e.upgraded,text:t,line:this.line,end:this.fileEnd}}return this.#t}get cursor(){return this.#e??={ns:BigInt(this.sec)*ui+BigInt(this.nanos),number:this.task.number,seq:this.seq}}get cursorText(){return Ot(this.cursor)}taggedText(){return pt(this.prefix)+pt(this.bytes.subarray(this.start+1,this.end-1))}},hi=class{static{a(this,"RecordItem")}task;prefix;record;cursor;sec;nanos;seq;type;bytes;start;end;#t;constructor(t,e,s,r){this.task=t,this.prefix=e,this.record=s,this.cursor=r,this.bytes=null,this.start=0,this.end=0,[this.sec,this.nanos]=di(r.ns),this.seq=r.seq,this.type=s.env.event.type}get cursorText(){return this.#t??=Ot(this.cursor)}get fileEnd(){return this.record.end??0}taggedText(){return ke(this.record,this.task)}},Gn=class{static{a(this,"LazyItem")}task;record;cursor;#t;constructor(t,e,s){this.task=t,this.record=e,this.cursor=s}get cursorText(){return this.#t??=Ot(this.cursor)}};a(Ma,"noCursorProblem");a(pi,"feedCursor")}));var mi,Vu=v((function(){mi=class{static{a(this,"BufferPool")}bytes;freeMax;#t;#e;constructor(t,e=4096){this.bytes=t,this.freeMax=e,this.#t=[],this.#e=new Map}take(t){return t>this.bytes?new Uint8Array(t):this.#t.pop()??new Uint8Array(this.bytes)}lend(t,e){t.length===this.bytes&&(e===0?this.#n(t):this.#e.set(t,e))}release(t){for(let e of t){let s=e.bytes;if(s===null)continue;let r=this.#e.get(s);r!==void 0&&(r>1?this.#e.set(s,r-1):(this.#e.delete(s),this.#n(s)))}}#n(t){this.#t.length<this.freeMax&&this.#t.push(t)}}}));function Xu(n,t){let e=n.time();if(e===!0)return n.sec<0?!1:(Be.sec=n.sec,Be.nanos=n.nanos,!0);if(e===!1)return!1;let s=pe({at:n.at()},t);return s===null?!1:([Be.sec,Be.nanos]=di(s.ns),!0)}var Rg,ht,Oa,gi,Be,jg,yi,Yu=v((function(){Nt();Is();ha();Gr();Yt();Kt();Zs();Rg=new TextEncoder,ht=Ct.ROOM_AT+4096,Oa=256,gi=class{static{a(this,"SourceReader")}lines=new Bn;foreign=new Jn;#t;constructor(t){this.#t=(t??[]).map(e=>Rg.encode(e)).filter(e=>e.length>=3&&e.length<Oa).slice(0,15),this.#t.forEach((e,s)=>this.lines.checker.memory.set(e,Ct.ROOM_AT+s*Oa)),this.filtered=t!==null&&t.length>0}filtered;hasNeedle(t,e){let s=this.lines.checker;for(let r=0;r<this.#t.length;r++)if(s.find(t,e,Ct.ROOM_AT+r*Oa,this.#t[r].length)>=0)return!0;return!1}},Be={sec:0,nanos:0};a(Xu,"placeOf");jg=64*1024*1024,yi=class{static{a(this,"ByteSource")}task;prefix;#t;#e;#n=[];#s=0;#r=!1;#i=0;#o=null;#a=0;#l=0;#c=!1;#u=0;#h=null;constructor(t,e){this.task=t,this.prefix=Ku(t),this.#t=e,this.#i=e.from??0;let s=e.start.from==="after"?e.start.cursor:null;this.#e=s?{...Ju(s),number:s.number,seq:s.seq}:null}get head(){return this.#n[this.#s]}next(){this.#s++}fill(){if(this.#n.length-this.#s>=this.#t.lookahead||this.#r)return this.#s<this.#n.length;let t=[];for(;!this.#r&&this.#n.length-this.#s+t.length<this.#t.lookahead;)this.#p(t);if(t.length>0){let e=this.#n.slice(this.#s);for(let s of t)e.push(s);e.sort(fi),this.#n=e,this.#s=0}return this.#s<this.#n.length}#p(t){let e=this.#t;if(this.#c)return this.#f();let s=this.#a,r=e.lineBytesMax??jg,i=Math.min(Math.max(e.chunkBytes,s),Math.max(e.chunkBytes,r+1-s),e.to-this.#i);if(i<=0)return this.#d();let o=s+i,l=e.pool?e.pool.take(o):new Uint8Array(o);s>0&&l.set(this.#o.subarray(0,s));let u;try{u=e.files.read(e.path,this.#i,l.subarray(s,o))}catch(g){if(e.pool?.lend(l,0),g instanceof Deno.errors.NotFound)return this.#d();if(e.onBad===void 0)throw g;return e.onBad(g),this.#d()}if(u===0)return e.pool?.lend(l,0),this.#d();let c=this.#i-s;this.#i+=u;let h=s+u,f=e.reader.lines.checker;f.grow(ht+h+16),f.memory.set(l.subarray(0,h),ht);let d=f.sol(ht,ht+h)-ht,p=h-d;p>r?(this.#c=!0,this.#u=c+d,this.#o=null,p=0):p>0&&((this.#o===null||this.#o.length<p)&&(this.#o=new Uint8Array(Math.max(p,4096))),this.#o.set(f.memory.subarray(ht+d,ht+h))),this.#a=p;let m=t.length;d>0&&this.#m(l,d,c,t);let w=0;for(let g=m;g<t.length;g++)t[g].bytes===l&&w++;e.pool?.lend(l,w),this.#i>=e.to&&this.#d()}#f(){let t=this.#t,e=Math.min(t.chunkBytes*8,t.to-this.#i);if(e<=0)return this.#d();let s=this.#h??=new Uint8Array(e),r;try{r=t.files.read(t.path,this.#i,s.subarray(0,e))}catch(o){if(o instanceof Deno.errors.NotFound)return this.#d();if(t.onBad===void 0)throw o;return t.onBad(o),this.#d()}if(r===0)return this.#d();let i=s.subarray(0,r).indexOf(10);if(i<0){this.#i+=r;return}this.#i+=i+1,this.#c=!1,this.#h=null,t.onProblem?.({path:t.path,line:++this.#l,offset:this.#u,reason:"line is longer than the reader's limit"}),this.#i>=t.to&&this.#d()}#d(){this.#r=!0,this.#t.files.release(this.#t.path)}#g(t,e){this.#t.onProblem?.(Ma(this.#t.path,t,e))}#m(t,e,s,r){let i=this.#t,o=i.reader,l=o.lines,u=o.foreign,c=l.checker,h=this.#e,f=this.task.number,d=0;for(;d<e;){let p=c.eol(ht+d,ht+e)-ht,m=++this.#l,w=d;if(d=p+1,p===w||o.filtered&&!o.hasNeedle(ht+w,ht+p))continue;let g;if(l.read(ht+w,ht+p)){if(l.schema<2)continue;if(!Xu(l,f)){this.#g(m,s+w);continue}g=new Gs(this.task,this.prefix,t,w,p+1,Be.sec,Be.nanos,l.seq,l.type,m,s+p+1)}else if(u.read(c.memory,ht+w,ht+p)){if(u.reset(),u.schema<2)continue;if(!Xu(u,f)){this.#g(m,s+w);continue}let b=u.out.slice(u.start,u.end);g=new Gs(this.task,this.prefix,b,0,b.length,Be.sec,Be.nanos,u.seq<0?0:u.seq,u.event.type,m,s+p+1)}else{let b=pt(t.subarray(w,p)),_=X(b);if(!_.ok){b.trim()!==""&&i.onProblem?.({path:i.path,line:m,offset:s,reason:_.reason});continue}if(_.env.schema<2)continue;let x=pe(_.env,f);if(x===null){this.#g(m,s+w);continue}let S={env:_.env,upgraded:_.upgraded,text:b,line:m,end:s+p+1};g=new hi(this.task,this.prefix,S,x)}h!==null&&(g.sec-h.sec||g.nanos-h.nanos||f-h.number||g.seq-h.seq)<=0||r.push(g)}}}}));var yn,Na=v((function(){yn=class{static{a(this,"Heap")}#t=[];#e;constructor(t){this.#e=t}get size(){return this.#t.length}get top(){return this.#t[0]}push(t){let e=this.#t;e.push(t);let s=e.length-1;for(;s>0;){let r=s-1>>1;if(!this.#e(e[s],e[r]))break;[e[s],e[r]]=[e[r],e[s]],s=r}}pop(){let t=this.#t,e=t[0],s=t.pop();return t.length>0&&s!==void 0&&(t[0]=s,this.#n(0)),e}replaceTop(t){this.#t.length!==0&&(t!==void 0&&(this.#t[0]=t),this.#n(0))}#n(t){let e=this.#t;for(;;){let s=2*t+1,r=s+1,i=t;if(s<e.length&&this.#e(e[s],e[i])&&(i=s),r<e.length&&this.#e(e[r],e[i])&&(i=r),i===t)return;[e[t],e[i]]=[e[i],e[t]],t=i}}}}));var Qs,Gu=v((function(){U();Qs=class{static{a(this,"OpenFiles")}#t=new Map;#e;constructor(t=256){this.#e=t}#n(t){let e=this.#t.get(t);if(e!==void 0)this.#t.delete(t);else{let s=Me(t);if(s===null)return null;if(e={file:s,pos:0},this.#t.size>=this.#e){let[r,i]=this.#t.entries().next().value;this.#t.delete(r),i.file.close()}}return this.#t.set(t,e),e}get(t){let e=this.#n(t);if(e===null)throw new Deno.errors.NotFound(`No such file: ${t}`);return e.pos=-1,e.file}completeEnd(t){let e=this.#n(t);return e===null?0:(e.pos=-1,zr(e.file,e.file.statSync().size)+1)}read(t,e,s){let r=this.#n(t);if(r===null)throw new Deno.errors.NotFound(t);r.pos!==e&&r.file.seekSync(e,Deno.SeekMode.Start);let i=0;for(;i<s.length;){let o=r.file.readSync(s.subarray(i));if(o===null||o===0)break;i+=o}return r.pos=e+i,i}release(t){this.#t.get(t)?.file.close(),this.#t.delete(t)}close(){for(let t of this.#t.values())t.file.close();this.#t.clear()}}}));var wi,Zu=v((function(){Kt();Zs();Xs();wi=class{static{a(this,"RecordSource")}task;#t;#e;#n;#s;#r;#i;#o;#a=[];#l=0;#c=!1;constructor(t,e,s){this.task=t,this.#t=e,this.#e=s.to,this.#n=s.start,this.#s=s.lookahead,this.#r=s.files,this.#i=s.onBad,this.#o=s.onProblem}get head(){return this.#a[this.#l]}fill(){if(this.#a.length-this.#l>=this.#s||this.#c)return this.#l<this.#a.length;let t=[];for(;!this.#c&&this.#a.length-this.#l+t.length<this.#s;){let e;try{e=this.#t.readSync({to:this.#e,files:this.#r})}catch(s){this.#i(s),this.#c=!0,this.#r.release(this.#t.path);break}for(let s of e.records){let r=pi(s,this.task,this.#t.path,this.#o);r===null||!Aa(this.#n,r)||t.push(new Gn(this.task,s,r))}(e.caughtUp||this.#t.offset>=this.#e)&&(this.#c=!0,this.#r.release(this.#t.path))}if(t.length>0){let e=this.#a.slice(this.#l);for(let s of t)e.push(s);e.sort((s,r)=>ut(s.cursor,r.cursor)),this.#a=e,this.#l=0}return this.#l<this.#a.length}next(){this.#l++}}}));var sh={};W(sh,{replayBytes:()=>bi,replayFeed:()=>wn,replayLight:()=>Qu,replayRecords:()=>ki,tellBadLog:()=>kn});function wn(n,t,e={}){let s={...e,start:Vs(e,Ks)};return e.bytes?bi(n,t,s):e.json?Qu(n,t,s):ki(n,t,s)}function ki(n,t,e={}){return th(n,t,e)}function Qu(n,t,e={}){return th(n,t,e,vu())}async function*th(n,t,e,s){let r=e.start??Ks;if(r.from==="now")return;let i=new yn(Pg),o=new Qs;try{for(let l of t){let u=n.logPath(l.dir),c=await eh(e,l,u);if(c===null)continue;let{from:h,to:f}=c,d=new Ie(u,{from:h,chunkBytes:e.chunkBytes??8*1024,prefilter:e.prefilter,onProblem:e.onProblem,light:s}),p=new wi(l,d,{to:f,start:r,lookahead:e.lookaheadItems??16,files:o,onBad:a(m=>kn(e,m,l),"onBad"),onProblem:e.onProblem});p.fill()&&i.push(p)}yield*nh(i,e)}finally{o.close()}}async function*bi(n,t,e={}){let s=e.start??Ks;if(s.from==="now")return;let r=new yn(Dg),i=new Qs,o=new gi(e.needles??null),l=e.chunkBytes??8*1024,u=e.reuseBuffers?new mi(2*l):void 0;try{for(let c of t){let h=n.logPath(c.dir),f=await eh(e,c,h,p=>i.completeEnd(p));if(f===null)continue;let d=new yi(c,{path:h,from:f.from,to:f.to,start:s,lookahead:e.lookaheadItems??16,chunkBytes:l,files:i,reader:o,pool:u,onProblem:e.onProblem,onBad:a(p=>kn(e,p,c),"onBad")});d.fill()&&r.push(d)}for(let c of nh(r,e))yield c,u?.release(c)}finally{i.close()}}function kn(n,t,e){if(!(t instanceof N))throw t;n.onBadLog?n.onBadLog(t,e):n.onProblem?.({path:t.path,line:0,offset:0,reason:t.message})}async function eh(n,t,e,s=Pe){let r;try{r=n.to?.get(t.dir)??await s(e)}catch(o){return kn(n,o,t),null}let i=n.from?.get(t.dir)??0;return r<=i?null:{from:i,to:r}}function*nh(n,t){let e=t.batchItemsMax??512,s=[];for(;n.size>0;){t.signal?.throwIfAborted();let r=n.top;s.push(r.head),r.next(),r.fill()?n.replaceTop():n.pop(),s.length>=e&&(yield s,s=[])}s.length>0&&(yield s)}function Dg(n,t){return fi(n.head,t.head)<0}function Pg(n,t){return ut(n.head.cursor,t.head.cursor)<0}var Zn=v((function(){Kt();U();Vu();Yu();Bs();Zs();Xs();Na();si();Gu();Zu();ba();a(wn,"replayFeed");a(ki,"replayRecords");a(Qu,"replayLight");a(th,"replaySources");a(bi,"replayBytes");a(kn,"tellBadLog");a(eh,"replayRange");a(nh,"merge");a(Dg,"lessBytes");a(Pg,"less")}));function Ca(n){let t=null;try{t=Deno.lstatSync(n)}catch{}let e=vi.get(n);if(e){let r=!1;try{let i=e.statSync();r=t!==null&&t.isFifo===!0&&i.ino===t.ino&&i.dev===t.dev}catch{}if(r)return;vi.delete(n);try{e.close()}catch{}}if(t===null||!t.isFifo)return;let s;try{s=Deno.openSync(n,{read:!0,write:!0})}catch{return}if(!s.statSync().isFifo){s.close();return}vi.set(n,s)}function rh(){return[...vi.keys()]}var vi,ih=v((function(){vi=new Map;a(Ca,"holdFifo");a(rh,"heldFifoPaths")}));function Fg(n,t){return n===""||!t.startsWith(n+"/")?null:t.slice(n.length+1).split("/")[0]||null}var Ig,qg,oh,Qn,La=v((function(){gt();ih();Ws();ri();Ig=256,qg=500,oh=2e3,Qn=class{static{a(this,"TaskDirs")}dirty=new Set;#t;#e;#n;#s=new Set;#r=new Set;#i=new Set;#o=new Map;#a=[];#l=new ne;#c=!0;#u=!1;#h="";#p=null;#f=null;#d=0;constructor(t,e){this.#t=t,this.#e=e,this.#n=e.pollIntervalMs??1e3}get size(){return this.#s.size}has(t){return this.#s.has(t)}watch(t){Xn(this.#t.tasksDir,e=>this.#g(e),{signal:t})}#g(t){for(let e of t){let s=Fg(this.#h,e);s!==null&&this.#s.has(s)?this.dirty.add(s):this.#c=!0}this.#l.wake()}wake(){this.#l.wake()}ignore(t){this.#s.delete(t),this.#o.delete(t),this.#i.add(t)}async scan(){let t=!this.#u;if(this.#u=!0,this.#h==="")try{this.#h=await Deno.realPath(this.#t.tasksDir)}catch{}let e=null;try{e=Deno.lstatSync(this.#t.tasksDir).mtime?.getTime()??null}catch{}if(!t&&e!==null&&e===this.#p&&this.#r.size===0&&Date.now()-e>oh)return;this.#p=e;let s=await Ys(this.#t),r=new Set(s);for(let i of this.#s)r.has(i)||(this.#s.delete(i),this.#o.delete(i),this.#e.onRemoved?.(i));for(let i of s){if(this.#s.has(i)||this.#i.has(i))continue;let o=await this.#e.onFound(i,t);if(o===null){this.#r.add(i);continue}if(this.#r.delete(i),!o){this.#i.add(i);continue}this.#s.add(i),this.dirty.add(i)}}async turn(){let t=Date.now();this.#f===null&&(this.#f=this.#d=t),t-this.#f>=this.#n&&(this.#f=t,this.#c=!0);let e=Math.max(this.#n,this.#s.size/qg*1e3);t-this.#d>=e&&this.#a.length===0&&(this.#d=t,this.#a=[...this.#s]),this.#c&&(this.#c=!1,await this.scan());let s=this.#a.splice(0,Ig);for(let r of s)this.dirty.add(r),this.#m(r)}async wait(t){if(this.#a.length>0){await new Promise(s=>setTimeout(s,0));return}let e=Date.now()-(this.#f??Date.now());await this.#l.wait(Math.max(1,this.#n-e),t)}#m(t){let e=this.#t.taskDir(t),s;try{s=Deno.lstatSync(e).mtime?.getTime()??0}catch{return}if(!(this.#o.get(t)===s&&Date.now()-s>oh)){this.#o.set(t,s);try{for(let r of Deno.readDirSync(e))!r.isFile&&!r.isDirectory&&!r.isSymlink&&Ca(`${e}/${r.name}`)}catch{}for(let r of rh())r.startsWith(`${e}/`)&&Ca(r)}}};a(Fg,"taskDirOfPath")}));var ah={};W(ah,{ProjectFollower:()=>bn});var Ug,Bg,bn,_i=v((function(){Kt();A();U();gt();Bs();Zs();Xs();si();Zn();La();Ws();Ug=2e3,Bg=8,bn=class{static{a(this,"ProjectFollower")}state;#t;#e=new Map;#n;#s=new Set;#r=new ne;#i=!1;#o=new AbortController;#a=null;constructor(t,e={}){this.state=t,this.#t=e,this.#n=new Qn(t,{pollIntervalMs:e.pollIntervalMs,onFound:a((s,r)=>this.#l(s,r),"onFound"),onRemoved:a(s=>{let r=this.#e.get(s);this.#e.delete(s),r&&this.#t.onRemoved?.(r.task)},"onRemoved")})}tasks(){return[...this.#e.values()].map(t=>t.task)}published(){return[...this.#e.values()].map(t=>({task:t.task,offset:t.published}))}async start(){this.#a||(await this.#n.scan(),this.#n.watch(this.#o.signal),this.#a=this.#u())}close(){if(!this.#i){this.#i=!0,this.#o.abort();for(let t of this.#s)t.closed=!0,t.wakeup.wake();this.#s.clear()}}async#l(t,e){let s;try{s=await bt(this.state,t)}catch{return null}if(this.#t.taskFilter&&!this.#t.taskFilter(s))return!1;let r=this.state.logPath(t),i=0,o;try{e&&(i=await Pe(r))}catch(u){kn(this.#t,u,s),o=u.message}let l={bad:o,task:s,tail:new Ie(r,{from:i,chunkBytes:64*1024,onProblem:this.#t.onProblem,onReset:a(u=>{l.reset=!0,this.#t.onReset?.(u)},"onReset")}),published:i};return this.#e.set(t,l),!0}async#c(t,e){let s;try{s=await bt(this.state,t)}catch{return!0}if(s.id===e.task.id)return!0;let r=e.task;return e.task=s,this.#t.onRemoved?.(r),this.#t.taskFilter&&!this.#t.taskFilter(s)?(this.#e.delete(t),this.#n.ignore(t),!1):!0}async#u(){let t=this.#t.pollIntervalMs??1e3;for(;!this.#i;)try{for(await this.#n.turn();this.#h();)await this.#r.wait(t,this.#o.signal);await this.#p(),await this.#n.wait(this.#o.signal)}catch(e){if(this.#i)return;this.#t.onProblem?.({path:this.state.tasksDir,line:0,offset:0,reason:e.message}),await new Promise(s=>setTimeout(s,t))}}#h(){let t=this.#t.queueItemsMax??1e4;for(let e of this.#s)if(e.lossless&&e.queue.length>=t)return!0;return!1}async#p(){let t=this.#n.dirty,e=[...t];t.clear();let s=[],r=[],i=a(async u=>{let c=this.#e.get(u);if(c){for(let h=0;h<64;h++){let f;try{f=await c.tail.read(),c.bad=void 0}catch(d){if(!(d instanceof N))throw d;c.bad!==d.message&&kn(this.#t,d,c.task),c.bad=d.message;break}if(c.reset&&(c.reset=!1,!await this.#c(u,c)))return;for(let d of f.records){let p=pi(d,c.task,c.tail.path,this.#t.onProblem);p&&s.push(new Gn(c.task,d,p))}if(f.atEnd)break;if(h===63||s.length>=Ug){t.add(u);break}}r.push([c,c.tail.offset])}},"readOne"),o=0,l=a(async()=>{for(;o<e.length;)await i(e[o++])},"worker");await Promise.all(Array.from({length:Math.min(Bg,e.length)},l)),t.size>0&&this.#n.wake(),s.sort((u,c)=>ut(u.cursor,c.cursor));for(let[u,c]of r)u.published=c;s.length>0&&this.#f(s)}#f(t){let e=this.#t.queueItemsMax??1e4;for(let s of this.#s){for(let r of t)s.prefilter&&!s.prefilter(r.record.text)||s.queue.push(r);s.queue.length>e&&!s.lossless&&(s.failure=new y("fell-behind",`The live feed fell ${s.queue.length} events behind; resume after the last cursor seen`),s.queue=[],this.#s.delete(s)),s.wakeup.wake()}}subscribe(t={}){if(!this.#a)throw new Error("ProjectFollower.subscribe before start");let e={queue:[],wakeup:new ne,lossless:t.lossless===!0,prefilter:t.prefilter,failure:null,closed:this.#i},s=new Map,r=[];for(let[h,f]of this.#e)s.set(h,f.published),r.push(f.task);this.#s.add(e);let i=this.state,o=a(()=>{this.#s.delete(e),l.wake()},"unsubscribe"),l=this.#r,u=this.#t.onProblem,c=Vs(t,Ea);return{async*[Symbol.asyncIterator](){try{if(c.from!=="now"){let h={start:c,to:s,onProblem:u,onBadLog:a(()=>{},"onBadLog"),signal:t.signal};yield*t.prefilter===void 0||t.needles!==void 0?bi(i,r,{...h,needles:t.needles}):ki(i,r,{...h,prefilter:t.prefilter})}for(;;){if(e.queue.length>0){let h=e.queue;e.queue=[],l.wake(),yield h;continue}if(e.failure)throw e.failure;if(e.closed)return;await e.wakeup.wait(6e4,t.signal)}}finally{o()}}}}}}));function uh(n,t){let e=n.length^t.length;for(let s=0;s<Math.max(n.length,t.length);s++)e|=(n[s]??0)^(t[s]??0);return e===0}function xi(n){let t;try{t=JSON.parse(n)}catch{return null}if(t===null||typeof t!="object")return null;let e=t;if(typeof e.task!="string"||!Number.isSafeInteger(e.number))return null;let{task:s,number:r,...i}=e,o=Go(i);return!o.ok||!sn(o.env.event.type)||o.env.seq!==void 0?null:le(o.env,{id:s,number:r})}async function Hg(n,t){try{await Deno.readTextFile(n)===t&&await Deno.remove(n)}catch{}}function Wg(n){let t=0;for(let r of n)t+=r.length;let e=new Uint8Array(t),s=0;for(let r of n)e.set(r,s),s+=r.length;return e}function zg(n){return n==="live.json"||/^live-[A-Za-z0-9_.-]{1,100}\.json$/.test(n)}function ts(n){let t=new tr(n.root);return t.connect(),{sink:a((e,s)=>{e.seq!==void 0||!sn(e.event.type)||t.send(le(e,{id:s.id,number:s.number}))},"sink"),close:a(()=>t.close(),"close")}}var ch,lh,Ra,Jg,tr,es=v((function(){K();me();Nt();it();ch=256*1024;a(uh,"sameBytes");a(xi,"parseLiveLine");lh=new TextEncoder,Ra=class{static{a(this,"LiveChannelSender")}path;#t=null;#e=!1;#n=0;#s=[];#r=0;#i=!1;#o=!1;#a;#l;dropped=0;constructor(t,e={}){this.path=t,this.#a=e.pendingBytesMax??256*1024,this.#l=e.retryMs??1e3}send(t){if(this.#o)return;if(this.#t||this.connect(),!this.#t&&!this.#e){this.dropped++;return}let e=lh.encode(JSON.stringify(t)+`
`);if(this.#r+e.length>this.#a){this.dropped++;return}this.#s.push(e),this.#r+=e.length,this.#t&&!this.#i&&this.#c()}connect(){this.#o||this.#t||this.#e||Date.now()<this.#n||(this.#e=!0,this.#n=Date.now()+this.#l,(async()=>{let t=await Deno.readTextFile(this.path),e=JSON.parse(t);if(!Number.isSafeInteger(e.port)||typeof e.key!="string")throw new Error;let s;try{s=await Deno.connect({hostname:"127.0.0.1",port:e.port})}catch(o){throw o instanceof Deno.errors.ConnectionRefused&&await Hg(this.path,t),o}let r=0,i=lh.encode(e.key+`
`);for(;r<i.length;)r+=await s.write(i.subarray(r));return s})().then(t=>{if(this.#e=!1,this.#o)return t.close();this.#t=t,this.#i||this.#c()},()=>{this.#e=!1,this.dropped+=this.#s.length,this.#s=[],this.#r=0}))}async#c(){this.#i=!0;try{for(;this.#s.length>0&&this.#t;){let t=this.#s.length===1?this.#s[0]:Wg(this.#s);this.#s=[],this.#r=0;let e=0;for(;e<t.length;)e+=await this.#t.write(t.subarray(e))}}catch{try{this.#t?.close()}catch{}this.#t=null,this.dropped+=this.#s.length,this.#s=[],this.#r=0}finally{this.#i=!1}}close(){this.#o=!0;try{this.#t?.close()}catch{}this.#t=null}};a(Hg,"removeStale");a(Wg,"concat");a(zg,"isLiveAnnouncement");Jg=256,tr=class{static{a(this,"LiveChannelFanout")}dir;#t=new Map;#e;#n=0;#s=!1;#r=!1;#i=[];#o;constructor(t,e={},s=()=>!0){this.dir=t,this.#e=e,this.#o=s}get dropped(){let t=0;for(let e of this.#t.values())t+=e.dropped;return t}connect(){this.#r||this.#s||Date.now()<this.#n||(this.#s=!0,this.#n=Date.now()+(this.#e.retryMs??1e3),we(this.dir).then(t=>{let e=new Set;for(let r of t)r.isFile&&zg(r.name)&&this.#o(r.name)&&e.add(`${this.dir}/${r.name}`);if(this.#s=!1,this.#r)return;for(let[r,i]of this.#t)e.has(r)||(i.close(),this.#t.delete(r));for(let r of e){let i=this.#t.get(r);i||(i=new Ra(r,this.#e),this.#t.set(r,i)),i.connect()}let s=this.#i;this.#i=null;for(let r of s??[])for(let i of this.#t.values())i.send(r)},()=>{this.#s=!1,this.#i=null}))}send(t){if(!this.#r){if(this.connect(),this.#i!==null&&this.#s){this.#i.length<Jg&&this.#i.push(t);return}for(let e of this.#t.values())e.send(t)}}close(){this.#r=!0;for(let t of this.#t.values())t.close();this.#t.clear()}};a(ts,"liveChannelSink")}));var ph={};W(ph,{LIVE_CONNECTIONS_MAX:()=>fh,LIVE_KEY_WITHIN_MS:()=>dh,listenLiveChannel:()=>er});async function er(n,t,e,s={}){let r;try{r=Deno.listen({hostname:"127.0.0.1",port:0});let c={port:r.addr.port,key:t};await Deno.writeTextFile(n,JSON.stringify(c)+`
`,{mode:384}),await Deno.chmod(n,384).catch(()=>{})}catch(c){return s.onWarning?.(`cannot open the live channel (${c.message}): agent_delta events of other processes will not be streamed`),{close:a(()=>Promise.resolve(),"close"),port:0}}let i=hh.encode(t),o=new Set,l=a(async c=>{let h=new et({lineBytesMax:ch}),f=new Uint8Array(64*1024),d=!1,p=setTimeout(()=>{if(!d)try{c.close()}catch{}},s.keyWithinMs??dh);try{for(;;){let m=await c.read(f);if(m===null)break;let{lines:w}=h.push(f.subarray(0,m));for(let g of w){if(!d){if(!uh(hh.encode(g),i))throw new Error("wrong key");d=!0;continue}let b=xi(g);b&&e(b)}}}catch{}clearTimeout(p),o.delete(c);try{c.close()}catch{}},"serveConn"),u=(async()=>{try{for await(let c of r){if(o.size>=fh){c.close();continue}o.add(c),l(c)}}catch{}})();return{port:r.addr.port,async close(){try{(await Deno.readTextFile(n)).includes(t)&&await Deno.remove(n)}catch{}try{r.close()}catch{}for(let c of o)try{c.close()}catch{}o.clear(),await u}}}var fh,dh,hh,$i=v((function(){Yt();es();fh=256,dh=5e3,hh=new TextEncoder;a(er,"listenLiveChannel")}));var kh={};W(kh,{EVENTS_HELP:()=>Kg,eventsCommand:()=>Xg,parseTypes:()=>gh});function gh(n){let t=zo(n),e=new Set(Vt),s=t.filter(r=>!e.has(r));if(s.length>0)throw new y("usage",`--type: unknown event type${s.length>1?"s":""} ${s.map(r=>`"${r.slice(0,40)}"`).join(", ")}; known types: ${Vt.join(", ")}`);return[...new Set(t)]}async function Xg(n,t){Ae();let{values:e,positionals:s}=j("events",t,{after:{type:"string"},run:{type:"string"},all:{type:"boolean"},json:{type:"boolean"},since:{type:"string"},type:{type:"string",multiple:!0},task:{type:"string",multiple:!0},"after-cursor":{type:"string"},follow:{type:"boolean",short:"f"},"exit-status":{type:"boolean"},verbose:{type:"boolean",short:"v"}});if(n.json=e.json===!0,s.length>1)throw new y("usage",`taskline events: name at most one task, not ${s.length} (${s.slice(0,3).join(" ")})`);let r=gh(e.type),i=e.since===void 0?null:ii(String(e.since)),o=n.json?null:await Promise.resolve().then(()=>(mn(),Fu)),l=o!==null&&o.useColor(n.io.stdout.isTerminal,n.io.env),u=n.json||e.verbose===!0?new Set:new Set([...o.VERBOSE_TYPES].filter(d=>!r.includes(d))),c={view:o,types:r,sinceNs:i,color:l,hidden:u,follow:e.follow===!0};if(s.length===0){for(let p of["after","run","all","exit-status"])if(e[p]!==void 0)throw new y("usage",`taskline events: --${p} needs a task (taskline events <TASK> --${p} ...)`);let d=e["after-cursor"]===void 0?null:Rn(String(e["after-cursor"]));return await Gg(n,{...c,refs:zo(e.task),afterCursor:d})}for(let d of["task","after-cursor"])if(e[d]!==void 0)throw new y("usage",`taskline events: --${d} is for the events of every task, not with a task`);let h=Ur("after",e.after);if(e.all&&(h!==void 0||e.run!==void 0||c.follow))throw new y("usage","taskline events: --all does not go with --after, --run or --follow");let f=await n.task(s[0]);return await Yg(n,f,{...c,after:h,run:e.run,all:e.all===!0,exitStatus:e["exit-status"]===!0})}async function Yg(n,t,e){let s=new pn({types:e.types,sinceNs:e.sinceNs}),r=a(f=>s.keeps(null,f),"keep"),i=n.io.stdout,o=new Si(i),l=a(async f=>{for(let d of f)if(d.light===!0&&"mem"in d){let p=o.bytes(d.mem,d.start,d.end);p!==void 0&&await p}else d.light===!0||n.json?await o.text(je(d)+`
`):e.hidden.has(d.env.event.type)||await o.text(e.view.renderEvent(d.env,{color:e.color})+`
`);await o.end()},"print");if(e.all){let{openReplay:f}=await Promise.resolve().then(()=>(cn(),ru)),d=await f(n.state,t,{all:!0,prefilter:s.prefilter,onProblem:n.problem,signal:n.io.signal});for await(let p of d.batches)await l(p.records.filter(m=>r(m.env)));return 0}let u=await Mu(n.state,t,{after:e.after,run:e.run,follow:e.follow,keep:a(f=>r(f.env),"keep"),needles:s.needles??void 0,json:n.json,exactOutcome:e.exitStatus,onProblem:n.problem,onReset:a(f=>void n.warn(`${f.path} was ${f.reason} (it had ${f.offset} bytes read): reading it again from its start`),"onReset"),signal:n.io.signal}),c=yh(),h=e.follow?await wh(n,e,f=>f.task===t.id&&r(f),f=>c(async()=>{await o.text(e.view.renderEvent(f,{color:e.color})+`
`),await o.end(),await i.flush()})):null;try{for await(let f of u.batches){let d=a(async()=>{await l(f),e.follow&&await i.flush()},"step");await(h?c(d):d())}}finally{await h?.close()}return u.outcome()==="interrupted"&&(await i.flush(),await n.warn(`run ${u.run()?.slice(0,8)} of task #${t.number} has no run_finished and no process runs it (its process died): stopped following it`)),e.exitStatus?Au(u.outcome()):0}async function Gg(n,t){let[{FEED_BEGINNING:e,FEED_NOW:s,feedAfter:r},{ProjectFollower:i},{replayBytes:o}]=await Promise.all([Promise.resolve().then(()=>(Xs(),Bu)),Promise.resolve().then(()=>(_i(),ah)),Promise.resolve().then(()=>(Zn(),sh))]),l=new pn({types:t.types,sinceNs:t.sinceNs}),u=null;if(t.refs.length>0){u=new Set;for(let g of t.refs)u.add((await n.task(g)).id)}else await n.state.requireExists();let c=n.io.stdout,h=new Si(c),f=a(async g=>{for(let b of g){let _=b;if(_.sec!==void 0){if(!l.keepsAt(b.task,_.type,_.sec,_.nanos))continue}else if(!l.keeps(b.task,b.record.env))continue;if(n.json)if(_.bytes){let x=h.bytes(_.prefix,0,_.prefix.length);x!==void 0&&await x,x=h.bytes(_.bytes,_.start+1,_.end),x!==void 0&&await x}else await h.text((_.taggedText?_.taggedText():ke(b.record,b.task))+`
`);else t.hidden.has(b.record.env.event.type)||await h.text(t.view.renderEvent(b.record.env,{color:t.color,number:b.task.number})+`
`)}await h.end()},"print"),d=u===null?void 0:g=>u.has(g.id);if(!t.follow){let g=(await n.tasks()).filter(b=>d===void 0||d(b));for await(let b of o(n.state,g,{start:t.afterCursor!==null?r(t.afterCursor):e,reuseBuffers:!0,needles:l.needles,onProblem:n.problem,onBadLog:n.badLog,signal:n.io.signal}))await f(b);return n.status(0)}let p=yh(),m=await wh(n,t,g=>l.keeps(null,g)&&(u===null||u.has(g.task)),g=>p(async()=>{await h.text(t.view.renderEvent(g,{color:t.color,number:g.number})+`
`),await h.end(),await c.flush()})),w=new i(n.state,{taskFilter:d,onProblem:n.problem,onBadLog:n.badLog,onReset:a(g=>void n.warn(`${g.path} was ${g.reason}: reading it again from its start`),"onReset"),onRemoved:a(g=>void n.warn(`Task #${g.number} (${g.dir}) was discarded while it was followed`),"onRemoved")});try{await w.start();let g=t.afterCursor!==null?r(t.afterCursor):t.sinceNs!==null?e:s,b=w.subscribe({start:g,prefilter:l.prefilter,needles:l.needles,signal:n.io.signal,lossless:!0});for await(let _ of b){let x=a(async()=>{await f(_),await c.flush()},"step");await(m?p(x):x())}}finally{w.close(),await m?.close()}return 0}function yh(){let n=Promise.resolve();return t=>n=n.then(t,t)}async function wh(n,t,e,s){if(n.json||t.hidden.has("agent_delta")||t.types.length>0&&!t.types.includes("agent_delta"))return null;let{listenLiveChannel:r}=await Promise.resolve().then(()=>($i(),ph));return await r(n.state.liveListenerPath(`events-${Deno.pid}`),crypto.randomUUID().replaceAll("-",""),i=>{i.event.type==="agent_delta"&&e(i)&&s(i).catch(()=>{})},{onWarning:a(i=>void n.warn(i),"onWarning")})}var Kg,Si,mh,Vg,bh=v((function(){Kt();K();A();Ou();rt();De();_a();U();Kg=`Usage: taskline events <TASK> [options]
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

Human lines: "HH:MM:SS.mmm <symbol> <what happened>", times in UTC.`;a(gh,"parseTypes");Si=class{static{a(this,"LineOut")}out;#t;#e;#n;#s;#r;#i;constructor(t){this.out=t,this.#t=null,this.#e=0,this.#n=0,this.#s=new Uint8Array(mh),this.#r=0,this.#i=""}bytes(t,e,s){if(this.#t===t&&e===this.#n){this.#n=s;return}if(this.#i!=="")return this.#o(t,e,s);if(this.#t!==null){if(this.#n-this.#e>mh-this.#r)return this.#l().then(()=>this.#a(t,e,s));this.#s.set(this.#t.subarray(this.#e,this.#n),this.#r),this.#r+=this.#n-this.#e}this.#a(t,e,s)}async#o(t,e,s){await this.end(),this.#a(t,e,s)}#a(t,e,s){this.#t=t,this.#e=e,this.#n=s}async text(t){(this.#t!==null||this.#r>0)&&await this.#l(),this.#i+=t,this.#i.length>=64*1024&&await this.#u()}async end(){(this.#t!==null||this.#r>0)&&await this.#l(),this.#i!==""&&await this.#u()}async#l(){if(this.#r>0&&(await this.#c(this.#s.subarray(0,this.#r)),this.#r=0),this.#t!==null){let t=this.#t;this.#t=null,await this.#c(t.subarray(this.#e,this.#n))}}#c(t){return this.out.writeBytes?this.out.writeBytes(t):this.out.write(Vg.decode(t))}#u(){let t=this.#i;return this.#i="",this.out.write(t)}},mh=512*1024,Vg=new TextDecoder;a(Xg,"eventsCommand");a(Yg,"taskForm");a(Gg,"feedForm");a(yh,"serialized");a(wh,"liveDeltas")}));function Zg(n){let t=Rs[n],e={type:{const:n}},s=["type"];for(let[r,i]of Object.entries(t))e[r]=i.schema,!i.optional&&i.default0_5===void 0&&s.push(r);return{type:"object",required:s,properties:e}}var vh,_h=v(()=>{K();Pn();a(Zg,"eventSchema");vh={$schema:"https://json-schema.org/draft/2020-12/schema",$id:"https://taskline.dev/schema/envelope-2.json",title:"taskline event envelope, schema 2",description:"One line of .taskline/tasks/<task dir>/events.jsonl and of `taskline events --json`. Fields added in 0.5 are optional when reading; unknown event types and fields are ignored.",type:"object",required:["schema","at","event"],properties:{schema:{const:2,description:"Event format version."},seq:{type:"integer",minimum:1,description:"Position in the run; absent for ephemeral and run-less events."},at:{type:"string",format:"date-time",description:"Publication time (RFC 3339)."},event:{$ref:"#/$defs/event"}},$defs:{event:{type:"object",required:["type"],properties:{type:{type:"string",minLength:1}},allOf:Vt.map(n=>({if:{properties:{type:{const:n}},required:["type"]},then:{$ref:`#/$defs/${n}`}}))},...Object.fromEntries(Vt.map(n=>[n,Zg(n)]))}}});var xh={};W(xh,{SCHEMA_HELP:()=>Qg,schemaCommand:()=>t0});async function t0(n,t){return await n.io.stdout.write(JSON.stringify(vh,null,2)+`
`),0}var Qg,$h=v(()=>{_h();Qg=`Usage: taskline schema

Prints the JSON Schema (2020-12) of one line of events.jsonl (schema 2).`;a(t0,"schemaCommand")});function Ti(){return{run:"",started_at:"",validations:[],validation_fix_attempts:0,pending_validation_fix:!1,usage:H(),active_ms:0,pending_approval:null,approvals:[]}}function ns(n){return typeof n=="number"&&Number.isFinite(n)?n:0}function ja(n){let t=Ti();if(n===null||typeof n!="object"||Array.isArray(n))return t;let e=n,s=e.usage??{},r={...e,run:typeof e.run=="string"?e.run:"",started_at:typeof e.started_at=="string"?e.started_at:"",validations:Array.isArray(e.validations)?e.validations:[],validation_fix_attempts:ns(e.validation_fix_attempts),pending_validation_fix:e.pending_validation_fix===!0,usage:{input_tokens:ns(s.input_tokens),output_tokens:ns(s.output_tokens),cache_read_tokens:ns(s.cache_read_tokens),cache_write_tokens:ns(s.cache_write_tokens)},active_ms:ns(e.active_ms),pending_approval:e.pending_approval==="spec"||e.pending_approval==="plan"||e.pending_approval==="merge"?e.pending_approval:null,approvals:Array.isArray(e.approvals)?e.approvals:[]};return typeof r.status!="string"&&delete r.status,typeof r.current_phase!="string"&&delete r.current_phase,r}async function ss(n,t){try{return ja(await Un(n.runJsonPath(t)))}catch(e){if(e instanceof SyntaxError)return Ti();throw e}}async function Sh(n,t,e){await ge(n.runJsonPath(t),JSON.stringify(e,null,2)+`
`)}var nr=v((function(){K();it();a(Ti,"emptyRunState");a(ns,"num");a(ja,"normalizeRunState");a(ss,"loadRunState");a(Sh,"saveRunState")}));function Ei(n){let t=n.startsWith("\uFEFF")?" "+n.slice(1):n,e=[],s=0,r=0,i="",o=a((u,c)=>{e.push(t.slice(r,u),t.slice(u,c).replace(/[^\n]/g," ")),r=c},"blank");for(;s<t.length;){let u=t[s];if(u==='"'){for(s++;s<t.length&&t[s]!=='"'&&t[s]!==`
`;)s+=t[s]==="\\"?2:1;s++,i='"'}else if(u==="/"&&t[s+1]==="/"){let c=t.indexOf(`
`,s);o(s,c<0?t.length:c),s=c<0?t.length:c}else if(u==="/"&&t[s+1]==="*"){let c=t.indexOf("*/",s+2);if(c<0)return{ok:!1,message:"a comment is not closed",line:Th(t,s)};o(s,c+2),s=c+2}else if(u===","){let c=s+1;for(;;){for(;c<t.length&&/\s/.test(t[c]);)c++;if(t.startsWith("//",c))c=t.indexOf(`
`,c)<0?t.length:t.indexOf(`
`,c);else if(t.startsWith("/*",c)&&t.indexOf("*/",c+2)>=0)c=t.indexOf("*/",c+2)+2;else break}(t[c]==="}"||t[c]==="]")&&i!==","&&i!=="["&&i!=="{"&&o(s,s+1),i=",",s++}else/\s/.test(u)||(i=u),s++}e.push(t.slice(r));let l=e.join("");if(l.trim()==="")return{ok:!0,value:void 0};try{return{ok:!0,value:JSON.parse(l)}}catch(u){return{ok:!1,message:u.message.replace(/\s*(?:in JSON )?at position \d+.*$/s,"").replace(/, ".*" is not valid JSON$/s,""),line:Th(l,e0(l))}}}function e0(n){let t=0,e=a(()=>{for(;t<n.length&&` 	
\r`.includes(n[t]);)t++},"ws"),s=a(()=>{throw t},"fail"),r=a(o=>{e(),o>512&&s();let l=n[t];if(l==="{"||l==="["){let c=l==="{"?"}":"]";if(t++,e(),n[t]===c){t++;return}for(;;)if(l==="{"&&(e(),n[t]!=='"'&&s(),i(),e(),n[t]!==":"&&s(),t++),r(o+1),e(),n[t]===",")t++;else if(n[t]===c){t++;return}else s()}if(l==='"')return i();let u=/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|^true|^false|^null/.exec(n.slice(t,t+400));u||s(),t+=u[0].length},"value"),i=a(()=>{for(t++;(t>=n.length||n.charCodeAt(t)<32)&&s(),n[t]!=='"';)n[t]==="\\"?/^u[0-9a-fA-F]{4}/.test(n.slice(t+1,t+6))?t+=6:'"\\/bfnrt'.includes(n[t+1]??"x")?t+=2:s():t++;t++},"string");try{return r(0),e(),t}catch(o){return typeof o=="number"?o:0}}function Th(n,t){let e=1;for(let s=n.indexOf(`
`);s>=0&&s<t;s=n.indexOf(`
`,s+1))e++;return e}var Da=v((function(){a(Ei,"parseJsonc");a(e0,"errorOffset");a(Th,"lineOf")}));function Ut(){return{pipeline:{approvals:[],trace_outputs:!0,trace_max_chars:1e5,max_validation_fix_attempts:2,max_tokens:null,max_duration_secs:null,project_memory:!0,validation_commands:[],isolate_subtasks:!0,auto_merge:!1},pricing:{},pricing_currency:"USD",server:{host:"127.0.0.1",port:7777},security:{web_allowed_domains:[],search_url:null},fleet:{project:null,stream:"TASKLINE"}}}function vn(n){return n!==null&&typeof n=="object"&&!Array.isArray(n)}function s0(n,t="config.jsonc"){let e=Ei(n);if(!e.ok)throw new y("bad-state",`Cannot read ${t}: ${e.message}${e.line>0?` at line ${e.line}`:""}`);let s=e.value,r=Ut(),i=[];if(s===void 0)return{settings:r,warnings:i};if(!vn(s))throw new y("bad-state",`Cannot read ${t}: not an object`);let o=a((l,u)=>i.push(`${t}: ${l} must be ${u}; using the default`),"wrong");for(let[l,u]of Object.entries(s))switch(l){case"pipeline":if(!vn(u)){o("pipeline","an object");break}for(let[c,h]of Object.entries(u)){let f=Object.hasOwn(Ah,c)?Ah[c]:void 0;f?f[0](h)?r.pipeline[c]=h:o(`pipeline.${c}`,f[1]):i.push(`${t}: unknown key pipeline.${c}`)}break;case"pricing":if(!vn(u)){o("pricing","an object");break}for(let[c,h]of Object.entries(u)){if(!vn(h)){o(`pricing.${c}`,"an object of prices");continue}let f={input:0,output:0,cache_read:0,cache_write:0},d=!0;for(let[p,m]of Object.entries(h))p in f?typeof m!="number"||m<0?d=!1:f[p]=m:i.push(`${t}: unknown key pricing.${c}.${p}`);d?r.pricing[c]=f:o(`pricing.${c}`,"non-negative prices per million tokens")}break;case"pricing_currency":typeof u=="string"&&u!==""?r.pricing_currency=u:o(l,"a currency code");break;case"server":if(!vn(u)){o("server","an object");break}for(let[c,h]of Object.entries(u))c==="host"&&typeof h=="string"?r.server.host=h:c==="port"&&Number.isSafeInteger(h)&&h>=0?r.server.port=h:c==="host"||c==="port"?o(`server.${c}`,"a host or a port"):i.push(`${t}: unknown key server.${c}`);break;case"security":if(!vn(u)){o("security","an object");break}for(let[c,h]of Object.entries(u))c==="web_allowed_domains"&&Mh(h)?r.security.web_allowed_domains=h:c==="search_url"&&(h===null||typeof h=="string")?r.security.search_url=h:c==="web_allowed_domains"||c==="search_url"?o(`security.${c}`,"a list of domains or a URL"):i.push(`${t}: unknown key security.${c}`);break;case"fleet":if(!vn(u)){o("fleet","an object");break}for(let[c,h]of Object.entries(u))c==="project"&&(h===null||typeof h=="string"&&h!=="")?r.fleet.project=h:c==="stream"&&typeof h=="string"&&/^[A-Za-z0-9_-]{1,64}$/.test(h)?r.fleet.stream=h:c==="project"||c==="stream"?o(`fleet.${c}`,"a name"):i.push(`${t}: unknown key fleet.${c}`);break;default:i.push(`${t}: unknown key ${l}`)}return{settings:r,warnings:i}}async function He(n){let t;try{t=await Jr(n.configPath,{root:n.root})}catch(e){if(e instanceof N)return{settings:Ut(),warnings:[`${e.message}; the default settings are used`]};throw new y("io",`Cannot read ${n.configPath}: ${e.message}`)}return t===null?{settings:Ut(),warnings:[]}:s0(new TextDecoder().decode(t),n.configPath)}var Ai,n0,Eh,Mh,Ah,_e=v((function(){Da();A();U();a(Ut,"defaultSettings");Ai=a(n=>typeof n=="boolean","isBool"),n0=a(n=>Number.isSafeInteger(n)&&n>=0,"isNonNegInt"),Eh=a(n=>n===null||typeof n=="number"&&n>0,"isPosOrNull"),Mh=a(n=>Array.isArray(n)&&n.every(t=>typeof t=="string"),"isStrings"),Ah={approvals:[n=>Array.isArray(n)&&n.every(t=>t==="spec"||t==="plan"||t==="merge"),'a list of "spec", "plan", "merge"'],trace_outputs:[Ai,"true or false"],trace_max_chars:[n=>Number.isSafeInteger(n)&&n>0,"a positive integer"],max_validation_fix_attempts:[n0,"a non-negative integer"],max_tokens:[Eh,"a positive number or null"],max_duration_secs:[Eh,"a positive number or null"],project_memory:[Ai,"true or false"],validation_commands:[Mh,"a list of strings"],isolate_subtasks:[Ai,"true or false"],auto_merge:[Ai,"true or false"]};a(vn,"isObject");a(s0,"parseSettings");a(He,"loadSettings")}));function Nh(n){return Ch(n,r0)}function rr(n){let t=n.length;for(let e=0;e<n.length-1;e++){let s=n.charCodeAt(e);if(s>=55296&&s<=56319){let r=n.charCodeAt(e+1);r>=56320&&r<=57343&&(t--,e++)}}return t}function Ch(n,t){if(n.length<=t)return n;let e=0;for(let s=0;s<t&&e<n.length;s++){let r=n.charCodeAt(e),i=n.charCodeAt(e+1);e+=r>=55296&&r<=56319&&i>=56320&&i<=57343?2:1}return n.slice(0,e)}function Oh(n,t){return`[taskline: output cut to the first ${n} of ${t} characters]`}function i0(n,t){if(n.length<=t)return n;let e=rr(n);if(e<=t)return n;let s=Math.max(0,t-Oh(t,e).length-2),r=Ch(n,s),i=r===""||r.endsWith(`
`)?"":`
`;return`${r}${i}${Oh(s,e)}
`}async function Lh(n,t,e,s={}){if(!/^[0-9a-f]{12}$/.test(t.call)||/[/\\]|^\.\.?$/.test(t.run))return null;let r=n.traceFile(t.dir,t.run,t.call),i=`${n.toolOutputDir}/${t.dir}/${t.run}`,o=i0(e,s.maxChars??1e5);try{sr.has(i)||(Deno.mkdirSync(i,{recursive:!0}),o0(i));try{ln(r,o)}catch(u){if(!(u instanceof Deno.errors.NotFound))throw u;Deno.mkdirSync(i,{recursive:!0}),ln(r,o)}return`${n.root.split("/").filter(u=>u!==""&&u!==".").pop()??".taskline"}/tool-output/${t.dir}/${t.run}/${t.call}.txt`}catch{return sr.delete(i),await Deno.remove(r).catch(()=>{}),null}}function o0(n){sr.size>=1024&&sr.clear(),sr.add(n)}var r0,sr,Pa=v((function(){it();r0=200;a(Nh,"previewOf");a(rr,"charCount");a(Ch,"cutChars");a(Oh,"cutMarker");a(i0,"traceFileText");a(Lh,"writeTraceOutput");sr=new Set;a(o0,"rememberDir")}));async function a0(n,t){if(await Gt(n)===null)return 0;let e=await ye(Deno.open(n,{read:!0,write:!0}));if(e===null)return 0;try{let s=(await e.stat()).size;if(s===0)return 0;let r=await qn(e,s);if(r===s-1)return s;let i=await ce(e,r+1,s-(r+1)),o=new TextDecoder().decode(i);return X(o).ok?(await e.seek(0,Deno.SeekMode.End),await e.write(Mi.encode(`
`)),t?.(`${n}: completed a last line that lacked its newline`),s+1):(await e.truncate(r+1),t?.(`${n}: removed a torn last line of ${i.length} bytes left by an interrupted write`),r+1)}finally{e.close()}}async function l0(n,t,e,s,r){let i=n.logPath(t.dir),o=await Fn(i,{to:e});if(o===null||o.type==="run_finished")return e;let l=await Kr(i,o.run,e);return l===null||l.event.type==="run_finished"?e:await c0(i,o,e,s,r)}async function c0(n,t,e,s,r){let{run:i,seq:o}=t,l=jh(s,i)?{...s,started_at:s.started_at||await Ia(n,i,e)}:await Dh(n,i,e,s),u=`Run ${i} ended without run_finished (its process died); finished as failed by the next run`,c=[{type:"log",run:i,level:"error",message:u},{type:"run_finished",run:i,success:!1,status:"failed",usage:{...l.usage},active_ms:l.active_ms,started_at:l.started_at}].map((d,p)=>te({schema:2,seq:o+1+p,at:r.clock.now(),event:d})+`
`).join(""),h=Mi.encode(c),f=await Deno.open(n,{write:!0,append:!0});try{let d=0;for(;d<h.length;)d+=f.writeSync(h.subarray(d))}catch(d){try{f.truncateSync(e)}catch{}throw new y("io",`Cannot append to ${n}: ${d.message}`,{cause:d})}finally{f.close()}return r.onRepair?.(u),e+h.length}function jh(n,t){if(n.run!=="")return n.run===t;let e=n.usage;return n.active_ms>0||e.input_tokens>0||e.output_tokens>0||e.cache_read_tokens>0||e.cache_write_tokens>0}async function Dh(n,t,e,s){let r={...s,run:t,started_at:"",usage:H(),active_ms:0};return await Oe(n,'"run_finished"',i=>{let o=X(i);if(o.ok&&o.env.event.type==="run_finished"&&q(o.env.event)===t){let l=o.env.event;return r.usage={...l.usage},r.active_ms=l.active_ms,o.upgraded||(r.started_at=l.started_at),!0}return!1},{to:e}),r.started_at===""&&(r.started_at=await Ia(n,t,e)),r}async function Ia(n,t,e){let s=a(r=>r.includes(t)&&r.includes('"run_started"'),"prefilter");for await(let r of kt(n,{to:e,prefilter:s})){let i=r.records.find(o=>o.env.event.type==="run_started"&&q(o.env.event)===t);if(i)return i.env.at}return""}var Mi,Rh,We,Oi=v((function(){U();me();K();de();Nt();Vn();A();be();Ne();nr();it();gt();_e();Pa();Mi=new TextEncoder,Rh=1024*1024,We=class n{static{a(this,"RunRecorder")}state;task;run;mode;settings;#t;#e;#n;#s;#r;#i=new Set;#o;#a=!1;#l=!1;#c=0;#u;constructor(t){this.state=t.state,this.task=t.task,this.run=t.run,this.mode=t.mode,this.settings=t.settings,this.#t=t.file,this.#e=t.lock,this.#n=t.size,this.#s=t.seq,this.#r=t.clock,this.#o=t.runState,this.#u=t.sink}static async open(t,e,s={}){let r=s.mode??"new",i=await zs(t,e.dir);try{e.record=(await bt(t,e.dir)).record;let o=t.logPath(e.dir),l=await a0(o,s.onRepair),u,c=0,h=await ss(t,e.dir);if(r==="new")l=await l0(t,e,l,h,{clock:s.clock??Yo,onRepair:s.onRepair}),u=s.runId??crypto.randomUUID(),h={...h,...Ti(),run:u,status:void 0};else{let d=await Fn(o,{to:l}),p=d??await qt(o,{to:l});if(!p)throw new y("not-found",`Cannot resume task #${e.number}: it has no run yet`);u=p.run,c=d?.seq??0,jh(h,u)?(h.started_at===""||h.run==="")&&(h={...h,run:u,started_at:h.started_at||await Ia(o,u,l)}):h=await Dh(o,u,l,h)}let f=await Deno.open(o,{write:!0,append:!0,create:!0});return new n({state:t,task:e,run:u,mode:r,settings:s.settings??Ut(),file:f,lock:i,size:l,seq:c,clock:s.clock??Yo,runState:h,sink:s.sink??null})}catch(o){throw i.release(),o}}get seq(){return this.#s}get runState(){return this.#o}get finished(){return this.#l}subscribe(t){return this.#i.add(t),()=>this.#i.delete(t)}emit(t){return this.emitAll([t])[0]}emitAll(t,e={}){if(!this.#t)throw new Error("RunRecorder.emit after close");if(this.#l)throw new Error(`RunRecorder.emit(${t[0]?.type}) after run_finished`);let s=e.texts,r=new Array(t.length),i=[],o=0,l=this.#s;for(let u=0;u<t.length;u++){let c=t[u],h=c.type,f=c.run,d=c;if(f!==this.run){let{type:g,run:b,..._}=c;d={type:h,run:f??this.run,..._}}let p=this.#r.now(u>0);if(sn(h)){r[u]={schema:2,at:p,event:d};continue}let m={schema:2,seq:++l,at:p,event:d},w=`{"schema":${2},"seq":${l},"at":${JSON.stringify(p)},"event":${this.#d(d,f===void 0||f===this.run?s?.[u]:void 0)}}
`;i.push(w),o+=w.length,r[u]=m}i.length>0&&this.#m(i,o),this.#s=l;for(let u of r)u.event.type==="agent_finished"?this.#g(u.event.usage):u.event.type==="phase_started"&&typeof u.event.phase=="string"&&(this.#o.current_phase=u.event.phase),this.#k(u);return r}#h=new Map;#p;#f="";#d(t,e){if(e===void 0)return JSON.stringify(t);let s=this.#h.get(t.type);return s===void 0&&(s=`{"type":${JSON.stringify(t.type)},`,this.#h.size<256&&this.#h.set(t.type,s)),e.startsWith(s)?(this.#f===""&&(this.#f=`"run":${JSON.stringify(this.run)},`),s+this.#f+e.slice(s.length)):JSON.stringify(t)}start(){if(this.mode==="append")throw new Error("RunRecorder.start in append mode");if(this.#a)throw new Error("RunRecorder.start twice");let t=this.emit({type:"run_started",task:this.task.id});return this.#a=!0,this.#c=performance.now(),this.#o.started_at===""&&(this.#o.started_at=t.at),t}async toolReturned(t){return this.emit(await this.keepOutput(t))}async keepOutput(t){let e=this.settings.pipeline.trace_outputs?await Lh(this.state,{dir:this.task.dir,run:this.run,call:t.call},t.output,{maxChars:this.settings.pipeline.trace_max_chars}):null;return{type:"tool_returned",role:t.role,tool:t.tool,is_error:t.is_error,duration_ms:t.duration_ms,preview:Nh(t.output),call:t.call,subtask:t.subtask,exit_code:t.exit_code??null,timed_out:t.timed_out??!1,output_chars:rr(t.output),output_file:e}}activeMs(){let t=this.#a?Math.round(performance.now()-this.#c):0;return this.#o.active_ms+t}async finish(t){if(!this.#a)throw new Error("RunRecorder.finish before start");let e=t.segmentMs;this.#o.active_ms=e!==void 0&&Number.isFinite(e)&&e>=0?this.#o.active_ms+Math.round(e):this.activeMs(),this.#a=!1;let s=this.emit({type:"run_finished",success:t.success,status:t.status,usage:{...this.#o.usage},active_ms:this.#o.active_ms,started_at:this.#o.started_at});return this.#l=!0,this.#o.status=t.status,await this.saveState(),s}async saveState(){await Sh(this.state,this.task.dir,this.#o)}async close(t){if(this.#t)try{if(this.#a&&!this.#l){if(t?.message)try{this.emit({type:"log",level:"error",message:t.message})}catch{}await this.finish({success:!1,status:t?.status??"failed"})}}finally{this.#t.close(),this.#t=null,this.#e?.release(),this.#e=null}}#g(t){let e=this.#o.usage;e.input_tokens+=t.input_tokens??0,e.output_tokens+=t.output_tokens??0,e.cache_read_tokens+=t.cache_read_tokens??0,e.cache_write_tokens+=t.cache_write_tokens??0}#m(t,e){let s;if(e*3<=Rh){let o=this.#p??=new Uint8Array(Rh),l=0;for(let u of t)l+=Mi.encodeInto(u,o.subarray(l)).written;s=o.subarray(0,l)}else s=Mi.encode(t.join(""));let r=this.#t,i=0;try{for(;i<s.length;)i+=r.writeSync(s.subarray(i))}catch(o){try{i>0&&r.truncateSync(this.#n)}catch{}throw new y("io",`Cannot append to ${this.state.logPath(this.task.dir)}: ${o.message}`,{cause:o})}this.#n+=s.length}#k(t){for(let e of this.#i)try{e(t)}catch{}if(this.#u)try{this.#u(t,this.task)}catch{}}};a(a0,"repairTail");a(l0,"finishDeadRun");a(c0,"finishRun");a(jh,"describesRun");a(Dh,"stateFromLog");a(Ia,"firstStartOf")}));async function qa(n,t,e,s={}){let r=e.approved?"approve":"reject",i;try{i=await We.open(n,t,{mode:"append",settings:s.settings})}catch(o){throw o instanceof y&&o.code==="not-found"?new y("nothing-pending",`Cannot ${r} task #${t.number}: it has no run, so nothing waits for approval`):o instanceof y&&o.code==="task-running"?new y("task-running",`Cannot ${r} task #${t.number}: a process is running it, so nothing waits for approval`):o}try{let o=i.runState,l=o.pending_approval;if(!l||o.run!==i.run)throw new y("nothing-pending",`Cannot ${r} task #${t.number}: nothing is pending (its run ${i.run.slice(0,8)} does not wait for an approval)`);let u=i.emit({type:"approval_resolved",gate:l,approved:e.approved,comment:e.comment});o.pending_approval=null,o.approvals=[...o.approvals,{gate:l,approved:e.approved,comment:e.comment,at:u.at}];let c=o.engine,h=!c||typeof c!="object";return c&&typeof c=="object"&&typeof c.gate_phase=="number"&&(e.approved?(c.next_phase=c.gate_phase+1,c.rework=null):(c.next_phase=c.gate_phase,c.rework={gate:l,comment:e.comment}),c.gate_phase=null),await i.saveState(),{gate:l,run:i.run,envelope:u,recorded:h}}finally{await i.close()}}var Ph=v(()=>{A();Oi();a(qa,"resolveApproval")});async function Ih(n,t){let e=JSON.stringify({...t,lesson:t.lesson.slice(0,u0)});await Gt(n.memoryPath,{root:n.root}),await Deno.writeTextFile(n.memoryPath,e+`
`,{append:!0,create:!0})}async function*Fa(n,t={}){let e=await nt(n.memoryPath,{root:n.root});if(e!==null)try{let s=new et({}),r=new Uint8Array(64*1024),i=0;for(;;){let o=await e.read(r);if(o===null)break;for(let l of s.push(r.subarray(0,o)).lines)if(i++,l.trim()!=="")try{let u=JSON.parse(l);u&&typeof u=="object"&&typeof u.lesson=="string"?yield u:t.onProblem?.(i,"not a lesson object")}catch{t.onProblem?.(i,"not JSON")}}}finally{e.close()}}async function qh(n){let t=0;for await(let e of Fa(n))t++;return await ye(Deno.remove(n.memoryPath)),t}var u0,Ua=v(()=>{Yt();U();it();u0=2e3;a(Ih,"appendLesson");a(Fa,"readLessons");a(qh,"clearMemory")});var Ni,Ba=v(()=>{Ni={name:"builtin",description:"A small feature: spec, plan, two subtasks, a validation fix, QA and merge.",tick_ms:100,lesson:"Run the test suite before integrating subtasks; the first validation usually fails.",phases:[{name:"spec",gate:"spec",artefact:{kind:"spec"},agents:[{role:"spec_writer",model:"claude-sonnet-4-5",usage:{input_tokens:2400,output_tokens:600,cache_read_tokens:1200},steps:[{text:"Reading the task and the code it touches before writing the spec."},{parallel:!0,tools:[{tool:"read_file",input:{path:"README.md"},output:`# Project

A small web service.
`,duration_ms:300},{tool:"read_file",input:{path:"src/server.ts"},output:`export function serve() {
  // routes
}
`,duration_ms:100},{tool:"grep",input:{pattern:"login",path:"src"},output:`src/server.ts:12: // TODO login
`,duration_ms:200}]},{text:"The spec: a login route, a session cookie, and tests for both."}]}]},{name:"plan",gate:"plan",artefact:{kind:"plan"},agents:[{role:"planner",model:"claude-sonnet-4-5",usage:{input_tokens:1800,output_tokens:500},steps:[{thinking:"Two parts that touch different files: they can be built separately.",text:"Plan: 1. the login route; 2. the session cookie."}]}]},{name:"build",checkpoint:{message:"taskline: checkpoint before build",files:[]},subtasks:[{title:"Add the login route",attempts:[{agents:[{role:"coder",model:"claude-sonnet-4-5",usage:{input_tokens:5200,output_tokens:1400,cache_read_tokens:3e3},steps:[{text:"Adding the route and its handler."},{tools:[{tool:"write_file",input:{path:"src/login.ts",content:`export function login() {}
`},output:"wrote 28 bytes to src/login.ts"},{tool:"bash",input:{command:"deno test src/login_test.ts",timeout_secs:120},output:`running 2 tests
ok | 2 passed | 0 failed
`,exit_code:0,duration_ms:600}]}]}],commit:{message:"taskline: add the login route",files:["src/login.ts","src/login_test.ts"]}}]},{title:"Add the session cookie",attempts:[{status:"failed",agents:[{role:"coder",model:"claude-sonnet-4-5",usage:{input_tokens:3100,output_tokens:700},steps:[{tools:[{tool:"bash",input:{command:"deno test src/session_test.ts",timeout_secs:120},output:`error: TS2304: Cannot find name 'Cookie'.
`,exit_code:1,duration_ms:500}]},{text:"The cookie type is missing; this attempt cannot finish."}]}]},{agents:[{role:"coder",model:"claude-sonnet-4-5",usage:{input_tokens:3600,output_tokens:900,cache_read_tokens:2e3},steps:[{retry:{what:"provider call",attempts:1,delay_ms:400}},{tools:[{tool:"edit_file",input:{path:"src/session.ts",old:"",new:"import { Cookie }"},output:"edited src/session.ts"}]},{text:"Imported the cookie type; the session tests pass."}]}],commit:{message:"taskline: add the session cookie",files:["src/session.ts"]}}]}]},{name:"validate",validations:[{command:"deno test",exit_codes:[1,0]}]},{name:"qa",gate:"merge",artefact:{kind:"qa_report",round:1},agents:[{role:"qa_reviewer",model:"claude-opus-4-1",usage:{input_tokens:4e3,output_tokens:800,cache_read_tokens:2500},steps:[{text:"Round 1: approved, no issues."}]}],summary:"round 1: approved (0 issues)"},{name:"merge",merge:{base:"main"},summary:"merged into main"}]}});async function h0(n){try{return await Deno.stat(n),!0}catch{return!1}}function Ci(n,t,e,s={}){let r=n.cancelPath(t),i=!1,o=!1,l=!1,u=a(async()=>{if(!(i||o||l)){l=!0;try{await h0(r)&&(o=!0,i||e())}finally{l=!1}}},"check"),c=setInterval(u,s.pollIntervalMs??50),h=null;try{if(s.watch===!1)throw new Error("polling only");h=Deno.watchFs(n.taskDir(t),{recursive:!1}),(async()=>{try{for await(let f of h)f.paths.some(d=>d.endsWith("/cancel.request"))&&await u()}catch{}})()}catch{}return u(),()=>{if(!i){i=!0,clearInterval(c);try{h?.close()}catch{}}}}async function rs(n,t){await Deno.remove(n.cancelPath(t)).catch(()=>{})}var Ha=v(()=>{a(h0,"exists");a(Ci,"watchCancel");a(rs,"clearCancelRequest")});function Bh(n){return{scenario:n,next_phase:0,gate_phase:null,rework:null,subtask_ids:{},paused_by:null}}function ir(n){return n instanceof Bt?n:new Bt("interrupt","interrupted")}function is(n){return n.input_tokens+n.output_tokens}function p0(n){return{...H(),...n??{}}}function m0(n,t){return{input_tokens:Math.floor(n.input_tokens*t),output_tokens:Math.floor(n.output_tokens*t),cache_read_tokens:Math.floor(n.cache_read_tokens*t),cache_write_tokens:Math.floor(n.cache_write_tokens*t)}}function Fh(){let n=crypto.getRandomValues(new Uint8Array(6));return Array.from(n,t=>t.toString(16).padStart(2,"0")).join("")}function Uh(n){let t="",e=2166136261;for(let s=0;t.length<40;s++){for(let r=0;r<n.length;r++)e^=n.charCodeAt(r)+s,e=Math.imul(e,16777619)>>>0;t+=e.toString(16).padStart(8,"0")}return t.slice(0,40)}function g0(n){let t=[];return n.subtasks&&t.push(`${n.subtasks} subtask(s) done`),n.validations&&t.push(`${n.validations} validation(s) passed`),n.agents&&t.push(`${n.agents} agent session(s)`),t.join(", ")||"done"}var Bt,_n,f0,d0,Li,Hh=v(()=>{K();gt();Bt=class extends Error{static{a(this,"StopRun")}name="StopRun";kind;constructor(t,e){super(e),this.kind=t}},_n=class extends Error{static{a(this,"RunFailure")}name="RunFailure"};a(Bh,"startPosition");f0="claude-sonnet-4-5",d0=6e5;a(ir,"stopOf");a(is,"tokensOf");a(p0,"fullUsage");a(m0,"scaleUsage");a(Fh,"newCallId");a(Uh,"fakeHash");Li=class{static{a(this,"Engine")}rec;pos;#t;#e;#n;#s;#r;#i=new AbortController;#o=H();#a;#l;constructor(t,e,s={}){this.rec=t,this.pos=e,this.#t=s.speed&&s.speed>0?s.speed:1,this.#e=s.approvals??[],this.#n=s.maxValidationFixAttempts??2,this.#s=s.tokenLimit??null,this.#r=s.durationLimitMs??null,this.#a=e.scenario.tick_ms??100,this.#l=s.autoMerge??!0;let r=s.signal;r&&(r.aborted?this.#i.abort(ir(r.reason)):r.addEventListener("abort",()=>this.#i.abort(ir(r.reason)),{once:!0}))}tokens(){return is(this.rec.runState.usage)+is(this.#o)}async play(){let t=this.#c();try{this.#h();let e=this.pos.scenario.phases;for(;this.pos.next_phase<e.length;){let s=this.pos.next_phase,r=e[s];if(await this.#d(r,s),this.pos.next_phase=s+1,this.pos.rework=null,await this.rec.saveState(),this.#p(),r.gate&&this.#e.includes(r.gate))return this.pos.gate_phase=s,this.rec.emit({type:"approval_requested",gate:r.gate}),{kind:"approval",gate:r.gate};this.#h()}return{kind:"done"}}catch(e){if(e instanceof Bt)return e.kind==="budget"&&this.#p(),{kind:"stopped",stop:e.kind,message:e.message};if(e instanceof _n)return{kind:"failed",message:e.message};throw e}finally{t!==void 0&&clearTimeout(t)}}#c(){if(this.#r===null)return;let t=Math.max(0,this.#r-this.rec.activeMs());return setTimeout(()=>{this.#i.abort(new Bt("budget",this.#u()))},Math.min(t,2147e6))}#u(){let t=[];return this.#s!==null&&this.tokens()>=this.#s&&t.push(`${this.tokens()} of ${this.#s} tokens used`),this.#r!==null&&this.rec.activeMs()>=this.#r&&t.push(`${(this.rec.activeMs()/1e3).toFixed(1)} s of ${this.#r/1e3} s active time used`),`budget reached: ${t.join(", ")||"limit reached"}`}#h(){if(this.#i.signal.aborted)throw ir(this.#i.signal.reason);let t=this.#s!==null&&this.tokens()>=this.#s,e=this.#r!==null&&this.rec.activeMs()>=this.#r;if(t||e){let s=new Bt("budget",this.#u());throw this.#i.abort(s),s}}#p(){this.rec.emit({type:"budget_updated",tokens:is(this.rec.runState.usage),token_limit:this.#s,active_ms:this.rec.activeMs(),duration_limit_ms:this.#r})}#f(t){let e=this.#i.signal;if(e.aborted)return Promise.reject(ir(e.reason));let s=Math.min(d0,Math.max(0,t/this.#t));return s<1?Promise.resolve():new Promise((r,i)=>{let o=a(()=>{clearTimeout(l),i(ir(e.reason))},"onAbort"),l=setTimeout(()=>{e.removeEventListener("abort",o),r()},s);e.addEventListener("abort",o,{once:!0})})}async#d(t,e){this.rec.emit({type:"phase_started",phase:t.name}),await this.rec.saveState();let s={agents:0,subtasks:0,validations:0},r=t.summary;try{this.pos.rework&&this.rec.emit({type:"log",level:"info",message:`reworking ${t.name} after the ${this.pos.rework.gate} gate was rejected: ${this.pos.rework.comment??"no reason given"}`});let i=t.repeat??1;for(let o=0;o<i;o++){t.checkpoint&&this.#m(t.checkpoint,null,`checkpoint/${e}`);for(let c of t.agents??[])await this.#b(c,null),s.agents++;let l=t.subtasks??[],u=l.map((c,h)=>this.#g(c,`${e}/${h}`));for(let c of u)this.rec.emit({type:"subtask_updated",subtask:c,status:"pending"});for(let c=0;c<l.length;c++)await this.#k(l[c],u[c]),s.subtasks++;for(let c of t.validations??[])await this.#y(c),s.validations++;if(t.artefact&&this.rec.emit({type:"artefact_written",artefact:t.artefact}),t.merge&&!this.#l?r="ready for human review and merge (auto_merge is off)":t.merge&&(await this.#f(this.#a),this.rec.emit({type:"merged",commit:t.merge.commit??Uh(`${this.rec.run}/merge`),branch:t.merge.branch??gn(this.rec.task),base:t.merge.base??"main"})),t.fail)throw new _n(`phase ${t.name} failed: ${t.fail}`)}}catch(i){let o=i instanceof Bt?i.kind==="budget"?"stopped: budget reached":"stopped: cancelled":i.message;throw this.rec.emit({type:"phase_finished",phase:t.name,success:!1,summary:o}),i}this.rec.emit({type:"phase_finished",phase:t.name,success:!0,summary:r??g0(s)})}#g(t,e){if(t.id)return t.id;let s=this.pos.subtask_ids[e];if(s)return s;let r=crypto.randomUUID();return this.pos.subtask_ids[e]=r,r}#m(t,e,s){let r=t.hash??Uh(`${this.rec.run}/${s}/${t.message}`);return this.rec.emit({type:"committed",subtask:e,commit:r,message:t.message.split(`
`)[0],files:t.files??[]}),r}async#k(t,e){for(let s=0;s<t.attempts.length;s++){let r=t.attempts[s];this.rec.emit({type:"subtask_updated",subtask:e,status:"in_progress"});for(let l of r.agents??[])await this.#b(l,e);let i=r.status==="failed",o=!i;if(i)this.rec.emit({type:"subtask_updated",subtask:e,status:"failed"});else{let l=this.#m(r.commit??{message:`taskline: ${t.title}`,files:[]},e,`${e}/${s}`),u=r.conflicts??[];this.rec.emit({type:"subtask_integrated",subtask:e,commit:l,conflicts:u}),o=u.length===0,this.rec.emit({type:"subtask_updated",subtask:e,status:o?"done":"conflicted"})}if(this.#p(),this.#h(),o)return;if(s+1<t.attempts.length){let l=r.delay_ms??this.#a*4;this.rec.emit({type:"retrying",what:`subtask "${t.title}"`,attempt:s+2,delay_ms:Math.round(l/this.#t)}),await this.#f(l)}}throw new _n(`subtask "${t.title}" failed after ${t.attempts.length} attempt(s)`)}async#y(t){let e=t.exit_codes??[0];for(let s=0;;s++){await this.#f(this.#a*2);let r=s<e.length?e[s]:0,i=r===0;this.rec.emit({type:"validation_finished",command:t.command,integration:t.integration??!1,passed:i,exit_code:r});let o=this.rec.runState;if(o.validations.push({command:t.command,passed:i,exit_code:r}),i){await this.rec.saveState();return}if(o.validation_fix_attempts>=this.#n)throw await this.rec.saveState(),new _n(`validation "${t.command}" failed (exit ${r}) and the run's ${this.#n} automatic fix(es) are used up`);o.validation_fix_attempts++,o.pending_validation_fix=!0,await this.rec.saveState(),await this.#b(t.fix??{role:"fixer",usage:{input_tokens:900,output_tokens:250},steps:[{text:`The command \`${t.command}\` failed; fixing what it reports.`}]},null),this.#m({message:`taskline: fix ${t.command}`,files:[]},null,`fix/${o.validation_fix_attempts}`),o.pending_validation_fix=!1,await this.rec.saveState()}}async#b(t,e){let s=t.role,r=p0(t.usage),i=t.steps??[];this.rec.emit({type:"agent_started",role:s,subtask:e,model:t.model??f0});let o=0;try{for(let l of i)await this.#w(l,s,e),o++,this.#o=m0(r,o/i.length),this.#h()}catch(l){let u=this.#o;this.#o=H();let c=l instanceof Bt?l.kind==="budget"?"budget":"cancelled":"error";throw this.rec.emit({type:"agent_finished",role:s,steps:o,usage:u,stop:JSON.stringify({reason:c})}),l}this.#o=H(),this.rec.emit({type:"agent_finished",role:s,steps:o,usage:r,stop:JSON.stringify({reason:"completed"})})}async#w(t,e,s){if(await this.#f(t.delay_ms??this.#a),t.retry){let r=t.retry.attempts??1,i=t.retry.delay_ms??this.#a*4;for(let o=1;o<=r;o++)this.rec.emit({type:"retrying",what:t.retry.what,attempt:o+1,delay_ms:Math.round(i/this.#t)}),await this.#f(i)}if(t.thinking&&await this.#_(t.thinking,"thinking",e,s,t),t.text!==void 0&&(await this.#_(t.text,"text",e,s,t),this.rec.emit({type:"agent_text",role:e,text:t.text})),t.tools&&await this.#x(t.tools,t.parallel===!0,e,s),t.fail)throw new _n(t.fail)}async#_(t,e,s,r,i){let o=i.chunk_chars??12;for(let l=0;l<t.length;l+=o)l>0&&await this.#f(this.#a/5),this.rec.emit({type:"agent_delta",role:s,subtask:r,delta:{kind:e,text:t.slice(l,l+o)}})}async#x(t,e,s,r){if(!e){for(let o of t){let l=Fh();this.rec.emit({type:"tool_called",role:s,tool:o.tool,input:o.input??{},call:l,subtask:r}),await this.#T([{spec:o,call:l}],s,r)}return}let i=t.map(o=>({spec:o,call:Fh()}));for(let o of i)this.rec.emit({type:"tool_called",role:s,tool:o.spec.tool,input:o.spec.input??{},call:o.call,subtask:r});await this.#T([...i].sort((o,l)=>this.#$(o.spec)-this.#$(l.spec)),s,r)}#$(t){return t.duration_ms??this.#a*2}async#T(t,e,s){let r=0,i=performance.now();for(let o=0;o<t.length;o++){let{spec:l,call:u}=t[o],c=this.#$(l);try{await this.#f(c-r)}catch(d){let p=Math.round(performance.now()-i);for(let m of t.slice(o))await this.rec.toolReturned({role:e,tool:m.spec.tool,call:m.call,subtask:s,output:"[taskline: the call was stopped before it finished]",is_error:!0,duration_ms:p,exit_code:null,timed_out:!1});throw d}r=c;let h=(l.output??"").repeat(l.output_repeat??1),f=l.exit_code??null;await this.rec.toolReturned({role:e,tool:l.tool,call:u,subtask:s,output:h,is_error:l.is_error??(f!==null&&f!==0),duration_ms:Math.round(c/this.#t),exit_code:f,timed_out:l.timed_out??!1})}}};a(g0,"describePhase")});function y0(n){if(!n||typeof n!="object")return null;let t=n;return!t.scenario||!Array.isArray(t.scenario.phases)||typeof t.next_phase!="number"?null:{scenario:t.scenario,next_phase:t.next_phase,gate_phase:typeof t.gate_phase=="number"?t.gate_phase:null,rework:t.rework??null,subtask_ids:t.subtask_ids&&typeof t.subtask_ids=="object"?t.subtask_ids:{},paused_by:t.paused_by??null}}async function Wh(n,t,e){let s=e.resume===!0,r=await We.open(n,t,{mode:s?"resume":"new",settings:e.settings,onRepair:e.onRepair,sink:e.sink}),i=a(()=>{},"stopWatch");try{let o=t.record.status,l;if(s){let _=y0(r.runState.engine);if(!_||r.runState.run!==r.run)throw new y("wrong-state",`Cannot resume task #${t.number}: its run ${r.run.slice(0,8)} comes from \`taskline record\`; continue it with \`taskline record ${t.number} --resume\` or start over with \`taskline run ${t.number} --restart\``);if(r.runState.pending_approval)throw new y("wrong-state",`Cannot resume task #${t.number}: it waits for approval of the ${r.runState.pending_approval} gate; answer with \`taskline approve ${t.number}\` or \`taskline reject ${t.number} --reason TEXT\``);if(o===yt.done)throw new y("wrong-state",`Cannot resume task #${t.number}: its run is done; start a new run with \`taskline run ${t.number}\``);l=_}else{if(o===yt.paused&&!e.restart)throw new y("wrong-state",`Cannot start a new run of task #${t.number}: its run is paused; continue it with \`taskline run ${t.number} --resume\` or start over with --restart`);l=Bh(e.scenario??Ni)}await rs(n,t.dir),e.onEnvelope&&r.subscribe(e.onEnvelope);let u=e.maxTokens!==void 0?e.maxTokens:e.settings.pipeline.max_tokens,c=e.maxDurationSecs!==void 0?e.maxDurationSecs:e.settings.pipeline.max_duration_secs,h=c===null?null:Math.round(c*1e3),f=new AbortController,d=a(()=>f.abort(new Bt("interrupt",e.interruptMessage??"interrupted (Ctrl-C)")),"onInterrupt");e.signal?.aborted&&d(),e.signal?.addEventListener("abort",d,{once:!0}),i=Ci(n,t.dir,()=>{f.abort(new Bt("cancel","cancelled by `taskline cancel`"))});let p=r.start();e.onStart?.({run:r.run,seq:p.seq??r.seq});let m=a((_,x,S)=>({run_status:_,last_error:x,run:r.run,task:{id:t.id,number:t.number,dir:t.dir,status:t.record.status},pending_approval:r.runState.pending_approval,tokens:is(r.runState.usage),token_limit:u,active_ms:r.runState.active_ms,duration_limit_ms:h,seq:r.seq,exit_code:S}),"summary");if(l.scenario.workspace_error){let _=`Cannot open the workspace of task #${t.number} (branch ${t.record.branch??`taskline/${t.dir}`}): the scenario simulates a workspace that cannot be opened`;return r.emit({type:"log",level:"error",message:_}),await r.finish({success:!1,status:o}),m("failed",_,1)}r.runState.engine=l,l.paused_by=null,await r.saveState(),t.record.status=yt.running,await Ue(n,t);let w=new Li(r,l,{speed:e.speed,approvals:e.settings.pipeline.approvals,maxValidationFixAttempts:e.settings.pipeline.max_validation_fix_attempts,autoMerge:e.settings.pipeline.auto_merge,tokenLimit:u,durationLimitMs:h,signal:f.signal}),g;try{g=await w.play()}catch(_){g={kind:"failed",message:`internal error: ${_.message}`}}e.signal?.removeEventListener("abort",d),i();let b;switch(g.kind){case"done":{await r.finish({success:!0,status:yt.done}),t.record.status=yt.done,b=m("done",null,0);break}case"approval":{r.runState.pending_approval=g.gate,l.paused_by="approval",r.emit({type:"paused",reason:`waiting for approval of the ${g.gate}`}),await r.finish({success:!1,status:yt.paused}),t.record.status=yt.paused,b=m("awaiting_approval",null,2);break}case"stopped":{g.stop==="budget"?(l.paused_by="budget",r.emit({type:"paused",reason:g.message}),await r.finish({success:!1,status:yt.paused}),t.record.status=yt.paused,b=m("budget_exhausted",g.message,2)):(r.emit({type:"log",level:"warn",message:`run stopped: ${g.message}`}),await r.finish({success:!1,status:yt.cancelled}),t.record.status=yt.cancelled,b=m("cancelled",g.message,130));break}case"failed":{r.emit({type:"log",level:"error",message:g.message}),await r.finish({success:!1,status:yt.failed}),t.record.status=yt.failed,b=m("failed",g.message,1);break}}return await Ue(n,t),b.task.status=t.record.status,g.kind==="done"&&e.settings.pipeline.project_memory&&await Ih(n,{at:new Date().toISOString(),task:t.id,number:t.number,title:t.record.title,run:r.run,lesson:l.scenario.lesson??`#${t.number} "${t.record.title}" was done in ${l.scenario.phases.length} phase(s) with ${r.runState.validation_fix_attempts} validation fix(es) and ${is(r.runState.usage)} tokens.`}),b}catch(o){throw await r.close({message:`run failed: ${o.message}`}).catch(()=>{}),r.finished&&t.record.status===yt.running&&(t.record.status=yt.failed,await Ue(n,t).catch(()=>{})),o}finally{i(),await rs(n,t.dir),await r.close()}}var yt,zh=v(()=>{A();Ua();Oi();gt();Ba();Ha();Hh();yt={running:"running",done:"done",failed:"failed",paused:"paused",cancelled:"cancelled"};a(y0,"positionOf");a(Wh,"runTask")});async function as(n,t){if(typeof t.title!="string"||t.title.trim()==="")throw new y("usage","Cannot create a task: it needs a title");if(t.title.length>Jh)throw new y("usage",`Cannot create a task: its title has more than ${Jh} characters`);if(t.description!==void 0){if(typeof t.description!="string")throw new y("usage","Cannot create a task: its description must be text");if(t.description.length>ji)throw new y("usage",`Cannot create a task: its description has more than ${ji} characters`)}return await n.requireExists(),await ci(n,t.title,{...t.description!==void 0?{description:t.description}:{}})}async function ls(n,t,e=null,s={}){return Vh(e,`Cannot approve task #${t.number}: the comment`),await qa(n,await Wa(n,t),{approved:!0,comment:e===null||e===""?null:e},s)}async function cs(n,t,e,s={}){if(typeof e!="string"||e.trim()==="")throw new y("usage",`Cannot reject task #${t.number}: a rejection needs a reason`);return Vh(e,`Cannot reject task #${t.number}: the reason`),await qa(n,await Wa(n,t),{approved:!1,comment:e},s)}function or(n,t){let e=t.envelope.event;return{task:{id:n.id,number:n.number,dir:n.dir},run:t.run,gate:t.gate,approved:e.approved===!0,comment:e.comment??null,seq:t.envelope.seq}}function Vh(n,t){if(n!==null){if(typeof n!="string")throw new y("usage",`${t} must be text`);if(n.length>ji)throw new y("usage",`${t} has more than ${ji} characters`)}}async function Wa(n,t){let e=`Cannot find task #${t.number}: it was removed`;try{return await Le(bt(n,t.dir),e)}catch(s){throw s instanceof y&&(s.code==="bad-state"||s.code==="bad-state-file")?new y("not-found",e):s}}async function us(n,t){if(!await Lt(n,t.dir))throw new y("not-running",`Cannot cancel task #${t.number}: no process is running it`);await ge(n.cancelPath(t.dir),JSON.stringify({at:new Date().toISOString()})+`
`)}function Di(n,t){return{task:{id:n.id,number:n.number,dir:n.dir},requested:!0,stopped:t}}async function Xh(n,t,e){let s=Date.now()+e.timeoutMs;for(;;){if(!await Lt(n,t.dir))return!0;if(Date.now()>=s)return!1;await new Promise(r=>setTimeout(r,e.pollIntervalMs??50))}}function hs(n,t){let e=a(c=>{let h=n[c];if(h==null)return!1;if(typeof h!="boolean")throw new y("usage",`${t[c]} takes true or false, not ${Ri(h)}`);return h},"flag"),s=e("resume"),r=e("restart"),i;if(n.scenario!==void 0&&n.scenario!==null){if(typeof n.scenario!="string"||n.scenario==="")throw new y("usage",`${t.scenario} takes a name, not ${Ri(n.scenario)}`);i=n.scenario}if(s&&(i!==void 0||r))throw new y("usage",`${t.resume} plays the run's own scenario; it does not go with ${t.scenario} or ${t.restart}`);let o=1;if(n.speed!==void 0&&n.speed!==null&&(o=typeof n.speed=="number"||typeof n.speed=="string"?Number(n.speed):NaN,!Number.isFinite(o)||o<=0||n.speed===""))throw new y("usage",`${t.speed} takes a positive number, not ${Ri(n.speed)}`);let l;if(n.maxTokens!==void 0&&n.maxTokens!==null){let c=typeof n.maxTokens=="number"||typeof n.maxTokens=="string"?String(n.maxTokens):"";if(!/^\d{1,15}$/.test(c)||Number(c)===0)throw new y("usage",`${t.maxTokens} takes a positive integer, not ${Ri(n.maxTokens)}`);l=Number(c)}let u;if(n.maxDuration!==void 0&&n.maxDuration!==null){let c=n.maxDuration;u=Kh(typeof c=="number"||typeof c=="string"?String(c):"",t.maxDuration)}return{resume:s,restart:r,speed:o,...i!==void 0?{scenario:i}:{},...l!==void 0?{maxTokens:l}:{},...u!==void 0?{maxDurationSecs:u}:{}}}function Ri(n){let t=typeof n=="string"?`"${n}"`:JSON.stringify(n)??String(n);return t.length>42?t.slice(0,40)+"\u2026":t}function Kh(n,t="--max-duration"){let e=n.trim();if(/^\d+(\.\d+)?$/.test(e)){let r=Number(e);if(r>0)return r}let s=/^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(e);if(s&&e!==""){let r=Number(s[1]??0)*86400+Number(s[2]??0)*3600+Number(s[3]??0)*60+Number(s[4]??0);if(r>0)return r}throw new y("usage",`${t} takes seconds or a time such as 90s, 15m, 1h30m, not "${e.slice(0,40)}"`)}async function za(n,t,e,s){let r=Promise.withResolvers(),i=Wh(n,await Wa(n,t),{...s,resume:e.resume,restart:e.restart,speed:e.speed,...e.maxTokens!==void 0?{maxTokens:e.maxTokens}:{},...e.maxDurationSecs!==void 0?{maxDurationSecs:e.maxDurationSecs}:{},onStart:a(l=>r.resolve(l),"onStart")});return i.then(()=>r.reject(new Error("the run ended before it started")),l=>r.reject(l)),{...await r.promise,resume:e.resume,done:i}}var Jh,ji,Pi,os,xn=v(()=>{A();be();it();gt();Ph();zh();Jh=1e3,ji=32*1024;a(as,"newTask");a(ls,"approveTask");a(cs,"rejectTask");a(or,"decisionJson");a(Vh,"checkText");a(Wa,"fresh");a(us,"requestCancel");a(Di,"cancelJson");a(Xh,"waitStopped");Pi={resume:"--resume",restart:"--restart",scenario:"--scenario",speed:"--speed",maxTokens:"--max-tokens",maxDuration:"--max-duration"};a(hs,"checkRunRequest");a(Ri,"show");a(Kh,"parseDurationSecs");a(za,"startRun");os=class{static{a(this,"RunHost")}state;#t;#e=new AbortController;#n=new Map;constructor(t,e){this.state=t,this.#t=e}get active(){return this.#n.size}async start(t,e,s){if(this.#e.signal.aborted)throw new y("wrong-state",`Cannot run task #${t.number}: shutting down`);let r=await za(this.state,t,e,{settings:await this.#t.settings(),signal:this.#e.signal,interruptMessage:this.#t.closeMessage,...s?{scenario:s}:{},...this.#t.sink?{sink:this.#t.sink}:{},...this.#t.onRepair?{onRepair:this.#t.onRepair}:{}}),i=`${t.dir}/${r.run}/${r.seq}`,o=r.done.then(l=>this.#t.onEnd?.(t,l),l=>this.#t.onEnd?.(t,l instanceof Error?l:new Error(String(l)))).finally(()=>this.#n.delete(i));return this.#n.set(i,o),r}async close(){this.#e.abort(),await Promise.all([...this.#n.values()])}}});var w0,ar,k0,b0,v0,Yh,_0,x0,$0,S0,Gh,Zh=v(()=>{w0={type:"object",additionalProperties:!1,properties:{input_tokens:{type:"integer",minimum:0},output_tokens:{type:"integer",minimum:0},cache_read_tokens:{type:"integer",minimum:0},cache_write_tokens:{type:"integer",minimum:0}}},ar={type:"integer",minimum:0,maximum:36e5},k0={type:"object",additionalProperties:!1,required:["tool"],properties:{tool:{type:"string",minLength:1},input:{},output:{type:"string"},output_repeat:{type:"integer",minimum:1,maximum:1e5},is_error:{type:"boolean"},exit_code:{type:["integer","null"]},timed_out:{type:"boolean"},duration_ms:ar}},b0={type:"object",additionalProperties:!1,minProperties:1,properties:{text:{type:"string"},thinking:{type:"string"},chunk_chars:{type:"integer",minimum:1},tools:{type:"array",items:{$ref:"#/$defs/tool_call"},minItems:1},parallel:{type:"boolean"},retry:{type:"object",additionalProperties:!1,required:["what"],properties:{what:{type:"string"},attempts:{type:"integer",minimum:1,maximum:20},delay_ms:ar}},fail:{type:"string"},delay_ms:ar}},v0={type:"object",additionalProperties:!1,required:["role"],properties:{role:{type:"string",minLength:1},model:{type:"string"},usage:w0,steps:{type:"array",items:{$ref:"#/$defs/step"}}}},Yh={type:"object",additionalProperties:!1,required:["message"],properties:{message:{type:"string",minLength:1},files:{type:"array",items:{type:"string"}},hash:{type:"string",pattern:"^[0-9a-f]{7,64}$"}}},_0={type:"object",additionalProperties:!1,properties:{agents:{type:"array",items:{$ref:"#/$defs/agent"}},status:{enum:["done","failed"]},commit:Yh,conflicts:{type:"array",items:{type:"string"}},delay_ms:ar}},x0={type:"object",additionalProperties:!1,required:["title","attempts"],properties:{id:{type:"string",pattern:"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"},title:{type:"string"},attempts:{type:"array",items:_0,minItems:1}}},$0={type:"object",additionalProperties:!1,required:["command"],properties:{command:{type:"string",minLength:1},integration:{type:"boolean"},exit_codes:{type:"array",items:{type:"integer"},minItems:1},fix:{$ref:"#/$defs/agent"}}},S0={type:"object",additionalProperties:!1,required:["name"],properties:{name:{type:"string",pattern:"^[a-z][a-z0-9_]*$"},repeat:{type:"integer",minimum:1,maximum:1e5},checkpoint:Yh,agents:{type:"array",items:{$ref:"#/$defs/agent"}},subtasks:{type:"array",items:x0},validations:{type:"array",items:$0},artefact:{oneOf:[{type:"object",additionalProperties:!1,required:["kind"],properties:{kind:{enum:["spec","plan"]}}},{type:"object",additionalProperties:!1,required:["kind","round"],properties:{kind:{const:"qa_report"},round:{type:"integer",minimum:1}}}]},merge:{type:"object",additionalProperties:!1,properties:{commit:{type:"string"},branch:{type:"string"},base:{type:"string"}}},gate:{enum:["spec","plan","merge"]},summary:{type:"string"},fail:{type:"string"}}},Gh={$schema:"https://json-schema.org/draft/2020-12/schema",$id:"https://taskline.dev/schema/scenario.json",title:"taskline scenario",description:"A scripted run of the taskline engine: phases, agents, tools, subtasks.",type:"object",additionalProperties:!1,required:["phases"],properties:{$schema:{type:"string"},name:{type:"string"},description:{type:"string"},tick_ms:ar,workspace_error:{type:"boolean"},lesson:{type:"string"},phases:{type:"array",items:S0,minItems:1}},$defs:{step:b0,agent:v0,tool_call:k0}}});async function T0(n){if(!Ii){let{Ajv2020:e}=await import("ajv/dist/2020.js");Ii=new e({allErrors:!0,strict:!1}).compile(Gh)}return Ii(n)?[]:(Ii.errors??[]).slice(0,5).map(e=>{let s=e.params?.additionalProperty?` (${e.params.additionalProperty})`:"";return`${e.instancePath||"/"} ${e.message??"is invalid"}${s}`})}async function Ja(n,t){let e=Ei(n);if(!e.ok)throw new y("usage",`Cannot read scenario ${t}: ${e.message}${e.line>0?` at line ${e.line}`:""}`);return await E0(e.value,t)}async function E0(n,t){let e=await T0(n);if(e.length>0)throw new y("usage",`Cannot use scenario ${t}: ${e.join("; ")} (see docs/scenario.md)`);return n}var Ii,Qh=v(()=>{Da();A();Zh();Ii=null;a(T0,"validate");a(Ja,"parseScenario");a(E0,"checkScenario")});async function qi(n,t,e={}){if(t==="builtin")return Ni;if(t==="-"){if(!e.readStdin)throw new y("usage",'Cannot read the scenario "-" here: name a scenario of .taskline/scenarios/ or "builtin"');return await Ja(await e.readStdin(),"on stdin")}let s=t;!t.includes("/")&&!/\.jsonc?$/.test(t)&&(s=`${n.root}/scenarios/${t}.jsonc`);let r=s.replace(/^\.\//,""),i=n.root.replace(/^\.\//,"");if(!r.startsWith(`${i}/`)||r.split("/").includes(".."))throw new y("usage",`Cannot read scenario ${t.slice(0,200)}: taskline reads only inside ${i}/; put it in ${i}/scenarios/ or pass it on stdin with \`--scenario -\``);let o;try{let l=`Cannot read scenario ${r}: no such file`,[u,c]=await Promise.all([Le(Deno.realPath(r),l),Deno.realPath(n.root)]);if(!u.startsWith(`${c}/`))throw new y("usage",`Cannot read scenario ${r}: it leads outside ${i}/`);if(e.scenariosOnly&&!u.startsWith(`${c}/scenarios/`))throw new y("usage",`Cannot read scenario ${r}: a run request plays only scenarios of ${i}/scenarios/`);if(!(await Le(Deno.stat(u),l)).isFile)throw new y("usage",`Cannot read scenario ${r}: it is not a regular file`);o=await Le(Deno.readTextFile(u),l)}catch(l){throw l instanceof y?l:l instanceof Deno.errors.NotADirectory?new y("not-found",`Cannot read scenario ${r}: no such file`):new y("usage",`Cannot read scenario ${r}: ${l.message}`)}return await Ja(o,r)}var Ka=v(()=>{A();it();Ba();Qh();a(qi,"loadScenario")});async function Fi(n,t,e){let s=[],r=0;for await(let l of n){if(r+=l.length,r>t)throw new y("usage",`${e} on stdin is larger than ${Math.round(t/1024/1024)} MiB`);s.push(l)}let i=new Uint8Array(r),o=0;for(let l of s)i.set(l,o),o+=l.length;return new TextDecoder().decode(i)}function ef(n){return n instanceof Deno.errors.BrokenPipe||n instanceof Error&&/broken pipe|os error 32/i.test(n.message)}var tf,Va,A0,M0,Xa,lr=v((function(){A();tf=new TextEncoder,Va=512*1024,A0=64*1024,M0=3,Xa=class{static{a(this,"WriterSink")}#t;#e=0;#n;#s=null;#r=null;#i;#o;#a;#l=!1;#c=0;#u;isTerminal;constructor(t,e={}){this.#i=t,this.#a=e.sync??!1,this.#u=e.writeBehind??!1,this.isTerminal=e.isTerminal??!1,this.#o=e.bufferBytes??64*1024}async write(t){let e=this.#t??=new Uint8Array(Va);if(t.length*3>e.length-this.#e&&(await this.#h(),t.length*3>this.#t.length)){await this.writeBytes(tf.encode(t));return}this.#e+=tf.encodeInto(t,this.#t.subarray(this.#e)).written,this.#e>=this.#o&&await this.#h()}async writeBytes(t){if(!this.#l&&t.length>=this.#o){await this.flush(),await this.#d(t);return}let e=0;for(;e<t.length;){let s=this.#t??=new Uint8Array(Va);this.#e===s.length&&await this.#h();let r=Math.min(t.length-e,this.#t.length-this.#e);this.#t.set(t.subarray(e,e+r),this.#e),this.#e+=r,e+=r}this.#e>=this.#o&&await this.#h()}async flush(){this.#e>0&&await this.#h(),this.#s!==null&&await this.#s,this.#p()}async#h(){if(this.#e===0)return;if(!this.#l){let s=this.#t.subarray(0,this.#e);this.#e=0,await this.#d(s);return}this.#s!==null&&await this.#s,this.#p();let t=this.#t,e=t.subarray(0,this.#e);this.#t=this.#n??new Uint8Array(Va),this.#n=void 0,this.#e=0,this.#s=this.#f(e).then(()=>{this.#n=t},s=>{this.#r=s}).finally(()=>{this.#s=null})}#p(){if(this.#r===null)return;let t=this.#r;throw this.#r=null,t}async#f(t){let e=0;for(;e<t.length;)e+=await this.#i.write(t.subarray(e))}async#d(t){let e=0,s=this.#i.writeSync;if(this.#a&&s){let r=this.#u?performance.now():0;for(;e<t.length;)e+=s.call(this.#i,t.subarray(e));if(this.#u&&t.length>=A0){let i=performance.now()-r>t.length/2e6;this.#c=i?this.#c+1:0,this.#c>=M0&&(this.#l=!0)}return}for(;e<t.length;)e+=await this.#i.write(t.subarray(e))}};a(Fi,"readStdinText");a(ef,"isBrokenPipe")}));var nf={};W(nf,{RUN_HELP:()=>O0,runCommand:()=>R0});function C0(n){let t=n.event,e=n.at.slice(11,19);switch(t.type){case"run_started":return`${e} \u25B6 run ${String(t.run).slice(0,8)} started (seq ${n.seq})`;case"phase_started":return`${e}   phase ${t.phase}`;case"phase_finished":return`${e}   phase ${t.phase} ${t.success?"done":"failed"}: ${t.summary}`;case"subtask_updated":return t.status==="pending"?null:`${e}     subtask ${String(t.subtask).slice(0,8)} ${t.status}`;case"validation_finished":return`${e}     ${t.passed?"\u2713":"\u2717"} ${t.command} (exit ${t.exit_code})`;case"committed":return`${e}     commit ${String(t.commit).slice(0,8)} ${t.message}`;case"merged":return`${e}     merged ${t.branch} into ${t.base}`;case"retrying":return`${e}     retrying ${t.what} (attempt ${t.attempt})`;case"approval_requested":return`${e} ? waiting for approval of the ${t.gate} gate`;case"paused":return`${e} \u23F8 paused: ${t.reason}`;case"log":return t.level==="error"||t.level==="warn"?`${e} ! ${t.message}`:null;case"run_finished":return`${e} \u25A0 run finished: ${t.status}${t.success?"":" (not successful)"}`;default:return null}}function L0(n){let t=n.task.number;switch(n.run_status){case"done":return`Task #${t} is done.`;case"awaiting_approval":return`Task #${t} waits for approval of the ${n.pending_approval} gate: \`taskline approve ${t}\` or \`taskline reject ${t} --reason TEXT\`, then \`taskline run ${t} --resume\`.`;case"budget_exhausted":return`Task #${t} paused, ${n.last_error}. Raise the budget (--max-tokens, --max-duration or pipeline.max_tokens, pipeline.max_duration_secs) and run \`taskline run ${t} --resume\`.`;case"cancelled":return`Task #${t}: run ${n.last_error}. Continue it with \`taskline run ${t} --resume\`.`;case"failed":return`Task #${t} failed: ${n.last_error}`}}async function R0(n,t){let{values:e,positionals:s}=j("run",t,{scenario:{type:"string"},resume:{type:"boolean"},restart:{type:"boolean"},speed:{type:"string"},"max-tokens":{type:"string"},"max-duration":{type:"string"},json:{type:"boolean"}});if(n.json=e.json===!0,s.length!==1)throw new y("usage","taskline run: name one task, for example `taskline run 3`");let r=hs({resume:e.resume===!0,restart:e.restart===!0,scenario:e.scenario,speed:e.speed,maxTokens:e["max-tokens"],maxDuration:e["max-duration"]},Pi),i=await n.task(s[0]),o=await n.settings(),l=r.scenario!==void 0?await qi(n.state,r.scenario,{readStdin:a(()=>Fi(n.io.stdin,N0,"The scenario"),"readStdin")}):void 0,u=n.io.stdout,c=Promise.resolve(),h=a(p=>{c=c.then(()=>u.write(p+`
`)).then(()=>u.flush()).catch(()=>{})},"print"),f=ts(n.state),d=await(async()=>await(await za(n.state,i,r,{...l?{scenario:l}:{},settings:o,signal:n.io.signal,onRepair:a(m=>void n.warn(m),"onRepair"),sink:f.sink,onEnvelope:a(m=>{if(n.json)h(te(m));else{let w=C0(m);w!==null&&h(w)}},"onEnvelope")})).done)().finally(()=>f.close());return h(n.json?JSON.stringify(d):L0(d)),await c,d.exit_code}var O0,N0,sf=v(()=>{Vn();A();xn();Ka();rt();es();lr();O0=`Usage: taskline run <TASK> [options]

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
                            a summary {"run_status","last_error","run","task",...}`,N0=16*1024*1024;a(C0,"human");a(L0,"hint");a(R0,"runCommand")});function D0(n){return n===null?"null":Array.isArray(n)?"array":typeof n=="number"?Number.isInteger(n)?"integer":"number":typeof n}function cr(n){let t=[];if(n.type!==void 0){let r=new Set(Array.isArray(n.type)?n.type:[n.type]);r.has("number")&&r.add("integer");let i=[...Array.isArray(n.type)?n.type:[n.type]].join(" or "),o=r.size===1?[...r][0]:"";o==="string"?t.push(l=>typeof l=="string"?null:`is not ${i}`):o==="boolean"?t.push(l=>typeof l=="boolean"?null:`is not ${i}`):t.push(l=>r.has(D0(l))?null:`is not ${i}`)}if(typeof n.minLength=="number"){let r=n.minLength;t.push(i=>typeof i=="string"&&i.length<r?"is empty":null)}if(typeof n.pattern=="string"){let r=new RegExp(n.pattern);t.push(i=>typeof i=="string"&&!r.test(i)?`does not match ${n.pattern}`:null)}if(typeof n.minimum=="number"){let r=n.minimum;t.push(i=>typeof i=="number"&&i<r?`is below ${r}`:null)}if(Array.isArray(n.enum)){let r=n.enum;t.push(i=>r.includes(i)?null:`is not one of ${r.join(", ")}`)}if(n.const!==void 0&&t.push(r=>r===n.const?null:`is not ${n.const}`),n.format==="date-time"&&t.push(r=>typeof r=="string"&&dt(r)===null?"is not an RFC 3339 time":null),n.items&&typeof n.items=="object"){let r=cr(n.items);t.push(i=>{if(!Array.isArray(i))return null;for(let o=0;o<i.length;o++){let l=r(i[o]);if(l)return`[${o}] ${l}`}return null})}let s=a((r,i)=>{if(!r&&!i)return null;let o=Object.entries(r??{}).map(([l,u])=>[l,cr(u)]);return l=>{if(l===null||typeof l!="object"||Array.isArray(l))return null;let u=l;for(let c of i??[])if(u[c]===void 0)return`lacks ${c}`;for(let[c,h]of o){if(u[c]===void 0)continue;let f=h(u[c]);if(f)return`.${c} ${f}`}return null}},"objectCheck")(n.properties,n.required);if(s&&t.push(s),n.if&&n.then){let r=cr(n.if),i=cr(n.then);t.push(o=>r(o)===null?i(o):null)}return t.length===0?()=>null:t.length===1?t[0]:r=>{for(let i of t){let o=i(r);if(o)return o}return null}}function P0(n){let t=Object.keys(n).sort().join(","),e=JSON.stringify(n.type);return t==="type"&&e==='"string"'?1:t==="minLength,type"&&e==='"string"'&&n.minLength===1?2:t==="type"&&e==='["string","null"]'?3:t==="type"&&e==='"boolean"'?4:t==="type"&&e==='"number"'?5:0}function I0(n,t){switch(n){case 1:return typeof t=="string";case 2:return typeof t=="string"&&t!=="";case 3:return t===null||typeof t=="string";case 4:return typeof t=="boolean";case 5:return typeof t=="number";default:return!1}}function af(n){return Object.hasOwn(rf,n)?rf[n]:void 0}function q0(n,t){let e=af(n);return Object.entries(t).filter(([s])=>s!=="run"&&!e?.has(s)).map(([s,r])=>({name:s,kind:P0(r.schema),check:cr(r.schema),required:!r.optional&&r.default0_5===void 0,default0_5:r.default0_5}))}function lf(n,t){if(n===null||typeof n!="object"||Array.isArray(n))return{ok:!1,reason:"not a JSON object"};let e=n,s=e.type;if(typeof s!="string")return{ok:!1,reason:"no string type"};let r=F0.get(s);if(r===void 0){if(!j0.test(s))return{ok:!1,reason:`type ${JSON.stringify(s.slice(0,80))} is not a plain name (1 to 64 of A-Z a-z 0-9 _ . : -)`};let{type:c,run:h,...f}=e;return{ok:!0,event:t===void 0?{type:s,...f}:{type:s,run:t,...f}}}let i,o=!1;if(s==="tool_returned"&&e.output!==void 0){if(typeof e.output!="string")return{ok:!1,reason:"tool_returned.output is not string"};if(typeof e.call!="string")return{ok:!1,reason:"tool_returned with output lacks call (the trace store keeps an output by its call)"};i=e.output,o=!0}let l=t===void 0?{type:s}:{type:s,run:t};for(let c of r){if(o&&of.has(c.name))continue;let h=e[c.name];if(h===void 0){if(c.required)return{ok:!1,reason:`${s} lacks ${c.name}`};c.default0_5&&(l[c.name]=c.default0_5());continue}let f=c.kind!==0&&I0(c.kind,h)?null:c.check(h);if(f){let d=f.startsWith(".")||f.startsWith("[")?"":" ";return{ok:!1,reason:`${s}.${c.name}${d}${f}`}}l[c.name]=h}let u=af(s);for(let c in e)c==="type"||c==="run"||Object.hasOwn(l,c)||u?.has(c)||o&&(c==="output"||of.has(c))||Object.defineProperty(l,c,{value:e[c],enumerable:!0,writable:!0,configurable:!0});return i===void 0?{ok:!0,event:l}:{ok:!0,event:l,output:i}}var j0,rf,of,F0,cf=v(()=>{Pn();de();j0=/^[A-Za-z0-9_.:-]{1,64}$/,rf={run_started:new Set(["task"]),run_finished:new Set(["usage","active_ms","started_at"])},of=new Set(["preview","output_chars","output_file"]);a(D0,"typeName");a(cr,"compile");a(P0,"kindOf");a(I0,"inlineOk");a(af,"setByTaskline");a(q0,"rulesOf");F0=new Map(Object.entries(Rs).map(([n,t])=>[n,q0(n,t)]));a(lf,"checkEventInput")});function tt(n){return n!==null&&typeof n=="object"&&!Array.isArray(n)}function Q(n,t=""){return typeof n=="string"?n:t}var Ya,Ui=v(()=>{Ya=["taskline","claude-code","codex"];a(tt,"isObject");a(Q,"str")});function ur(n){if(typeof n=="string")return n;if(!Array.isArray(n))return n!==null&&typeof n=="object"?ur([n]):"";let t=[];for(let e of n){if(typeof e=="string"){t.push(e);continue}if(e===null||typeof e!="object")continue;let s=e;typeof s.text=="string"&&(s.type==="text"||s.type===void 0)?t.push(s.text):typeof s.type=="string"&&t.push(`[${s.type}]`)}return t.join(`
`)}var Ga=v(()=>{a(ur,"contentText")});function Ht(n){return typeof n=="number"&&Number.isFinite(n)&&n>0?Math.floor(n):0}function hr(n,t){return n.input_tokens+=t.input_tokens,n.output_tokens+=t.output_tokens,n.cache_read_tokens+=t.cache_read_tokens,n.cache_write_tokens+=t.cache_write_tokens,n}function Bi(n,t){return{input_tokens:Math.max(0,n.input_tokens-t.input_tokens),output_tokens:Math.max(0,n.output_tokens-t.output_tokens),cache_read_tokens:Math.max(0,n.cache_read_tokens-t.cache_read_tokens),cache_write_tokens:Math.max(0,n.cache_write_tokens-t.cache_write_tokens)}}function U0(n,t){return n.input_tokens<t.input_tokens||n.output_tokens<t.output_tokens||n.cache_read_tokens<t.cache_read_tokens||n.cache_write_tokens<t.cache_write_tokens}function Za(n){if(n===null||typeof n!="object")return H();let t=n;return{input_tokens:Ht(t.input_tokens),output_tokens:Ht(t.output_tokens),cache_read_tokens:Ht(t.cache_read_input_tokens),cache_write_tokens:Ht(t.cache_creation_input_tokens)}}function uf(n){if(n===null||typeof n!="object"||Array.isArray(n))return null;let t=H(),e=0;for(let s of Object.values(n)){if(s===null||typeof s!="object")continue;let r=s;e++,hr(t,{input_tokens:Ht(r.inputTokens),output_tokens:Ht(r.outputTokens),cache_read_tokens:Ht(r.cacheReadInputTokens),cache_write_tokens:Ht(r.cacheCreationInputTokens)})}return e>0?t:null}function hf(n){if(n===null||typeof n!="object")return H();let t=n,e=Ht(t.cached_input_tokens),s=Ht(t.cache_write_input_tokens);return{input_tokens:Math.max(0,Ht(t.input_tokens)-e-s),output_tokens:Ht(t.output_tokens),cache_read_tokens:e,cache_write_tokens:s}}var B0,fs,Hi=v(()=>{K();a(Ht,"count");a(hr,"addUsage");a(Bi,"subtractUsage");a(U0,"below");B0=1024,fs=class{static{a(this,"RunningTotals")}#t=new Map;#e=new Map;added(t,e){let s=this.#t.get(t);return this.#n(this.#t,t,{...e}),s===void 0||U0(e,s)?{...e}:Bi(e,s)}addedCost(t,e){let s=this.#e.get(t);return this.#n(this.#e,t,e),s===void 0||e<s?e:e-s}#n(t,e,s){!t.has(e)&&t.size>=B0&&t.delete(t.keys().next().value),t.set(e,s)}};a(Za,"anthropicUsage");a(uf,"modelUsageTotal");a(hf,"openaiUsage")});function J0(){let n=crypto.getRandomValues(new Uint8Array(6)),t="";for(let e of n)t+=(e<16?"0":"")+e.toString(16);return t}function K0(n){let t=n.trim().split(`
`,1)[0]??"";return t.length>df?t.slice(0,df-1)+"\u2026":t}var ff,H0,W0,z0,df,Qa,ds,tl=v(()=>{K();Hi();ff=65536,H0=1024,W0=1e5,z0=20,df=200,Qa="agent";a(J0,"randomCall");a(K0,"summaryOf");ds=class{static{a(this,"RunBuilder")}mainRole;finalLine;#t;#e;#n=new Map;#s=!1;#r=null;#i=new Map;#o=H();#a=0;#l=0;#c=0;#u=!0;constructor(t,e,s={}){this.mainRole=t,this.finalLine=e,this.#t=s.now??(()=>performance.now()),this.#e=s.newCall??J0}get sessionOpen(){return this.#s}get sessions(){return this.#a}startSession(t,e){this.#s||(this.#s=!0,this.#a++,this.#r={role:this.mainRole,messages:new Map,usage:H()},this.#o=H(),t.push({event:{type:"phase_started",phase:Qa}}),t.push({event:{type:"agent_started",role:this.mainRole,subtask:null,model:e}}))}hasSubagent(t){return this.#i.has(t)}roleOf(t){return t===null?this.mainRole:this.#i.get(t)?.role??this.mainRole}startSubagent(t,e,s,r){!this.#s||this.#i.has(e)||(this.#i.size>=H0&&this.endSubagent(t,this.#i.keys().next().value,"given_up"),this.#i.set(e,{role:s,messages:new Map,usage:H()}),t.push({event:{type:"agent_started",role:s,subtask:null,model:r}}))}endSubagent(t,e,s="completed"){let r=this.#i.get(e);r&&(this.#i.delete(e),hr(this.#o,r.usage),t.push({event:{type:"agent_finished",role:r.role,steps:r.messages.size,usage:r.usage,stop:JSON.stringify({reason:s})}}))}message(t,e,s){let r=t===null?this.#r:this.#i.get(t);if(!r)return;let i=r.messages.get(e);i?r.usage=hr(Bi(r.usage,i),s):hr(r.usage,s),(r.messages.size<W0||i)&&r.messages.set(e,s)}text(t,e,s){s!==""&&t.push({event:{type:"agent_text",role:e,text:s}})}delta(t,e,s,r){r!==""&&t.push({event:{type:"agent_delta",role:e,subtask:null,delta:{kind:s,text:r}}})}log(t,e,s){t.push({event:{type:"log",level:e,message:s}})}called(t,e,s,r,i){if(this.#n.has(e))return;if(this.#n.size>=ff){let[l,u]=this.#n.entries().next().value;this.#n.delete(l),this.log(t,"warn",`call ${u.call} (${u.tool}, the agent's ${l}) given up without its result: more than ${ff} calls were open`)}let o=this.#e();this.#n.set(e,{call:o,tool:r,role:s,at:this.#t()}),t.push({event:{type:"tool_called",role:s,tool:r,input:i??null,call:o,subtask:null}})}isOpen(t){return this.#n.has(t)}returned(t,e,s){let r=this.#n.get(e);return r?(this.#n.delete(e),t.push({event:{type:"tool_returned",role:r.role,tool:r.tool,is_error:s.is_error,duration_ms:Math.max(0,Math.round(this.#t()-r.at)),call:r.call,subtask:null,exit_code:s.exit_code??null,timed_out:s.timed_out??!1},output:s.output}),!0):(this.log(t,"warn",`a result for the agent's call ${JSON.stringify(e.slice(0,80))} whose call is not in the input: not recorded`),!1)}endSession(t,e){if(!this.#s)return;let s=e.reason??(e.success?"completed":"failed");for(let l of[...this.#i.keys()])this.endSubagent(t,l,e.success?"session_ended":s);this.#p(t),e.success||(this.#l++,this.log(t,"error",e.error??e.summary));let r=this.#r,i=e.usage??(e.totalUsage?Bi(e.totalUsage,this.#o):r.usage),o={type:"agent_finished",role:r.role,steps:e.steps??r.messages.size,usage:i,stop:JSON.stringify({reason:s})};e.costUsd!==void 0&&Number.isFinite(e.costUsd)&&e.costUsd>=0&&(o.cost_usd=e.costUsd),t.push({event:o}),t.push({event:{type:"phase_finished",phase:Qa,success:e.success,summary:K0(e.summary)}}),e.durationMs!==void 0&&Number.isFinite(e.durationMs)&&e.durationMs>=0?this.#c+=e.durationMs:this.#u=!1,this.#s=!1,this.#r=null}finish(t,e){let s=!1;if(e==="eof"&&(this.#s||this.#a===0)){s=!0;let i=`standard input closed before ${this.finalLine}`;this.#s?this.endSession(t,{success:!1,summary:i,reason:"input_ended"}):this.log(t,"error",i)}else if(this.#s){let i=e==="cancel"?"cancelled":"interrupted";this.#h(t,i)}let r=!s&&e==="eof"&&this.#l===0&&this.#a>0;return{success:r,status:r?"done":"failed",activeMs:this.#u&&this.#a>0?this.#c:null}}#h(t,e){for(let r of[...this.#i.keys()])this.endSubagent(t,r,e);this.#p(t);let s=this.#r;t.push({event:{type:"agent_finished",role:s.role,steps:s.messages.size,usage:s.usage,stop:JSON.stringify({reason:e})}}),t.push({event:{type:"phase_finished",phase:Qa,success:!1,summary:e}}),this.#u=!1,this.#s=!1,this.#r=null}#p(t){if(this.#n.size===0)return;let e=[...this.#n.entries()].slice(0,z0).map(([r,i])=>`${i.call} (${i.tool}, the agent's ${r.slice(0,80)})`),s=this.#n.size-e.length;this.log(t,"warn",`${this.#n.size} call(s) had no result when the session ended: ${e.join(", ")}${s>0?` and ${s} more`:""}`),this.#n.clear()}}});var pf,V0,X0,Y0,fr,el=v(()=>{Ui();Ga();tl();Hi();pf="claude_code",V0=new Set(["Task","Agent"]),X0=4096,Y0=64,fr=class{static{a(this,"ClaudeCodeAdapter")}#t;#e;#n=null;#s=new Map;#r=!1;#i=new fs;constructor(t={}){this.#t=new ds(pf,"Claude Code's final line (its result)",t),this.#e=t.model??""}take(t,e){if(tt(t))switch(t.type){case"system":t.subtype==="init"&&this.#a(t,e);return;case"assistant":this.#c(t,e);return;case"user":this.#u(t,e);return;case"stream_event":this.#p(t,e);return;case"result":this.#f(t,e);return}}finish(t,e){return this.#t.finish(t,e)}#o(t,e,s){this.#t.sessionOpen||(this.#r=!1,this.#n=typeof s=="string"?s:null,this.#t.startSession(t,Q(e)||this.#e))}#a(t,e){let s=typeof t.session_id=="string"?t.session_id:null;if(this.#t.sessionOpen){if(s===this.#n)return;this.#t.endSession(e,{success:!1,summary:"a new session began before Claude Code's result",reason:"input_ended"})}this.#o(e,t.model,s)}#l(t,e,s,r){if(!this.#t.hasSubagent(e)){let i=this.#s.get(e)??(Q(s.subagent_type)||"subagent");i=i.slice(0,Y0),i===pf&&(i=`${i} subagent`),this.#t.startSubagent(t,e,i,Q(r))}return this.#t.roleOf(e)}#c(t,e){let s=t.message;if(!tt(s))return;this.#o(e,s.model,t.session_id);let r=typeof t.parent_tool_use_id=="string"?t.parent_tool_use_id:null,i=r===null?this.#t.mainRole:this.#l(e,r,t,s.model);if(typeof s.id=="string"&&tt(s.usage)&&this.#t.message(r,s.id,Za(s.usage)),typeof t.error=="string"&&this.#t.log(e,"warn",`Claude Code reported an error from the model's API: ${t.error}`),!!Array.isArray(s.content))for(let o of s.content){if(!tt(o))continue;let l=o.type;if(l==="text")typeof o.text=="string"&&this.#t.text(e,i,o.text);else if(l==="thinking")!this.#r&&typeof o.thinking=="string"&&this.#t.delta(e,i,"thinking",o.thinking);else if(l==="tool_use"||l==="server_tool_use"||l==="mcp_tool_use"){if(typeof o.id!="string"||typeof o.name!="string")continue;V0.has(o.name)&&tt(o.input)&&(this.#s.size>=X0&&this.#s.clear(),this.#s.set(o.id,Q(o.input.subagent_type)||"subagent")),this.#t.called(e,o.id,i,o.name,o.input)}else typeof l=="string"&&l.endsWith("_tool_result")&&typeof o.tool_use_id=="string"&&this.#h(e,o.tool_use_id,o)}}#u(t,e){let s=t.message;if(!(!tt(s)||!Array.isArray(s.content)))for(let r of s.content)!tt(r)||r.type!=="tool_result"||typeof r.tool_use_id=="string"&&(this.#o(e,"",t.session_id),this.#h(e,r.tool_use_id,r))}#h(t,e,s){let r=s.content,i=s.is_error===!0||tt(r)&&typeof r.type=="string"&&r.type.endsWith("_error");this.#t.endSubagent(t,e,i?"failed":"completed");let o=r===void 0||typeof r=="string"||Array.isArray(r)?ur(r):JSON.stringify(r);this.#t.returned(t,e,{is_error:i,output:o})}#p(t,e){let s=t.event;if(!tt(s))return;let r=s.type==="message_start"&&tt(s.message)?s.message:null;if(this.#o(e,r?.model,t.session_id),this.#r=!0,s.type!=="content_block_delta"||!tt(s.delta))return;let i=typeof t.parent_tool_use_id=="string"?t.parent_tool_use_id:null,o=this.#t.roleOf(i),l=s.delta;l.type==="text_delta"&&typeof l.text=="string"?this.#t.delta(e,o,"text",l.text):l.type==="thinking_delta"&&typeof l.thinking=="string"&&this.#t.delta(e,o,"thinking",l.thinking)}#f(t,e){this.#o(e,"",t.session_id);let s=Q(t.session_id,this.#n??""),r=Q(t.subtype,"success"),i=t.is_error!==!0&&r==="success",o=Array.isArray(t.errors)?t.errors.filter(d=>typeof d=="string"):[],l=Q(t.result),u=o.join("; ")||l||"no message",c=`Claude Code failed (${r}): ${u}`,h=uf(t.modelUsage),f={success:i,summary:i?l||"completed":c,error:c,totalUsage:h?this.#i.added(s,h):void 0,usage:h?void 0:tt(t.usage)?Za(t.usage):void 0,costUsd:typeof t.total_cost_usd=="number"?this.#i.addedCost(s,t.total_cost_usd):void 0,durationMs:typeof t.duration_ms=="number"?t.duration_ms:void 0};this.#t.endSession(e,f)}}});var Wi,G0,dr,nl=v(()=>{Ui();Ga();tl();Hi();Wi="codex",G0=65536,dr=class{static{a(this,"CodexAdapter")}#t;#e;#n="";#s="";#r=null;#i=new Set;#o=new fs;constructor(t={}){this.#t=new ds(Wi,"Codex's final line (turn.completed)",t),this.#e=t.model??""}take(t,e){if(tt(t))switch(t.type){case"thread.started":this.#t.sessionOpen&&this.#t.endSession(e,{success:!1,summary:"a new thread began before Codex's turn.completed",reason:"input_ended",steps:1}),this.#n=Q(t.thread_id),this.#a(e);return;case"turn.started":this.#a(e);return;case"item.started":case"item.updated":case"item.completed":if(!tt(t.item))return;this.#a(e),this.#l(t.item,t.type==="item.completed",e);return;case"item.plan.delta":this.#a(e),typeof t.delta=="string"&&this.#t.delta(e,Wi,"text",t.delta);return;case"error":this.#a(e),this.#r=Q(t.message,"error"),this.#t.log(e,"warn",`Codex reported an error: ${this.#r}`);return;case"turn.completed":this.#a(e),this.#t.endSession(e,{success:!0,summary:this.#s||"turn completed",usage:this.#o.added(this.#n,hf(t.usage)),steps:1});return;case"turn.failed":{this.#a(e);let r=`Codex turn failed: ${(tt(t.error)?Q(t.error.message):"")||this.#r||"no message"}`;this.#t.endSession(e,{success:!1,summary:r,error:r,steps:1});return}}}finish(t,e){if(e==="eof"&&this.#t.sessionOpen&&this.#r!==null){let s=`Codex turn failed: ${this.#r}`;this.#t.endSession(t,{success:!1,summary:s,error:`${s} (standard input closed before ${this.#t.finalLine})`,steps:1})}return this.#t.finish(t,e)}#a(t){this.#t.sessionOpen||(this.#s="",this.#r=null,this.#i.clear(),this.#t.startSession(t,this.#e))}#l(t,e,s){let r=t.id;if(typeof r!="string")return;let i=Wi;switch(t.type){case"agent_message":case"plan":e&&typeof t.text=="string"&&(this.#t.text(s,i,t.text),t.type==="agent_message"&&(this.#s=t.text));return;case"reasoning":e&&typeof t.text=="string"&&this.#t.delta(s,i,"thinking",t.text);return;case"error":e&&this.#t.log(s,"warn",`Codex reported an error: ${Q(t.message,"error")}`);return;case"command_execution":{if(this.#c(s,r,"shell",{command:t.command??null}),!e)return;let o=typeof t.exit_code=="number"&&Number.isInteger(t.exit_code)?t.exit_code:null,l=Q(t.status),u=Q(t.aggregated_output);u===""&&l==="declined"&&(u="declined"),this.#u(s,r,{is_error:l==="failed"||l==="declined"||o!==null&&o!==0,output:u,exit_code:o});return}case"file_change":{if(!Array.isArray(t.changes))return;for(let o of t.changes){if(!tt(o)||typeof o.path!="string")continue;let l=`${r}\0${o.path}`,u=Q(o.kind,"update");this.#c(s,l,u==="add"?"write_file":"edit_file",{path:o.path,kind:u}),e&&this.#u(s,l,{is_error:t.status==="failed",output:typeof o.diff=="string"?o.diff:`${u} ${o.path}`})}return}case"mcp_tool_call":{if(this.#c(s,r,`mcp__${Q(t.server)}__${Q(t.tool)}`,t.arguments??null),!e)return;let o=tt(t.error)?Q(t.error.message,"error"):null,l=tt(t.result)?t.result:null,u=o??(l?ur(l.content):"");u===""&&l&&l.structured_content!=null&&(u=JSON.stringify(l.structured_content)),this.#u(s,r,{is_error:o!==null||t.status==="failed",output:u});return}case"web_search":{let o={query:t.query??null};t.action!==void 0&&(o.action=t.action),this.#c(s,r,"web_search",o),e&&this.#u(s,r,{is_error:!1,output:Q(t.query)});return}case"collab_tool_call":{if(this.#c(s,r,Q(t.tool,"collab_tool_call"),{receiver_thread_ids:t.receiver_thread_ids??null,prompt:t.prompt??null}),!e)return;this.#u(s,r,{is_error:t.status==="failed",output:JSON.stringify(t.agents_states??{},null,2)});return}}}#c(t,e,s,r){this.#i.has(e)||this.#t.isOpen(e)||this.#t.called(t,e,Wi,s,r)}#u(t,e,s){this.#i.has(e)||(this.#i.size>=G0&&this.#i.clear(),this.#i.add(e),this.#t.returned(t,e,s))}}});function mf(n,t={}){return n==="claude-code"?new fr(t):new dr(t)}var gf=v(()=>{el();nl();Ui();el();nl();a(mf,"agentAdapter")});var wf={};W(wf,{RECORD_HELP:()=>Q0,RECORD_LINE_BYTES_MAX:()=>rl,producedEvents:()=>yf,recordCommand:()=>ty});async function ty(n,t){let{values:e,positionals:s}=j("record",t,{resume:{type:"boolean"},restart:{type:"boolean"},json:{type:"boolean"},from:{type:"string"},model:{type:"string"}});n.json=e.json===!0;let r=e.from??"taskline";if(!Ya.includes(r))throw new y("usage",`taskline record: unknown --from ${JSON.stringify(r.slice(0,80))}; the formats are taskline (bare taskline events, the default), claude-code (claude -p --output-format stream-json --verbose) and codex (codex exec --json)`);let i=r;if(e.model!==void 0&&i==="taskline")throw new y("usage","taskline record: --model names the model of an agent's output (--from claude-code or codex); taskline events name it in agent_started");if(s.length!==1)throw new y("usage","taskline record: name one task, for example `taskline record 3 < events.jsonl`");let o=e.resume===!0;if(o&&e.restart)throw new y("usage","taskline record: --resume and --restart do not go together");let l=await n.task(s[0]),u=await n.settings(),c=ts(n.state),h;try{h=await We.open(n.state,l,{mode:o?"resume":"new",settings:u,onRepair:a(d=>void n.warn(d),"onRepair"),sink:c.sink})}catch(d){throw c.close(),d}let f=a(()=>{},"stopWatch");try{let d=l.record.status;if(o&&h.runState.run===h.run&&h.runState.pending_approval)throw new y("wrong-state",`Cannot resume task #${l.number}: it waits for approval of the ${h.runState.pending_approval} gate; answer with \`taskline approve ${l.number}\` or \`taskline reject ${l.number} --reason TEXT\``);if(o&&d==="done")throw new y("wrong-state",`Cannot resume task #${l.number}: its run is done; record a new run with \`taskline record ${l.number}\``);if(!o&&d==="paused"&&!e.restart)throw new y("wrong-state",`Cannot start a new run of task #${l.number}: its run is paused; continue it with \`taskline record ${l.number} --resume\` or start over with --restart`);await rs(n.state,l.dir);let p=n.io.stdout,m=n.json;m&&h.subscribe(st=>{m&&p.write(te(st)+`
`).catch(()=>m=!1)});let w=a(async()=>{m&&await p.flush().catch(()=>m=!1)},"flushOut"),g=n.io.stdin.getReader(),b={why:null},_=a(st=>{b.why===null&&(b.why=st,g.cancel().catch(()=>{}))},"stopNow"),x=a(()=>_("interrupt"),"onAbort");n.io.signal.aborted&&x(),n.io.signal.addEventListener("abort",x,{once:!0}),f=Ci(n.state,l.dir,()=>_("cancel"),{watch:!1}),h.start(),l.record.status="running",await Ue(n.state,l),await h.saveState(),await w();let S=i==="taskline"?null:mf(i,{model:e.model??""}),O=[],C=a(async(st,At,Mt)=>{for(let On of await yf(h,st))At.push(On),Mt.push(void 0)},"addProduced"),M=0,z=!1,Y=a(async(st,At)=>{M++,M<=sl&&await n.warn(`line ${st} of stdin not written: ${At}`)},"reject"),lt,St=Promise.resolve(),Mn=a(()=>{lt??=setTimeout(()=>{lt=void 0,St=St.then(()=>h.saveState()).catch(()=>{})},Z0)},"saveSoon"),Tt=a(st=>{let At=h.runState;for(let Mt of st)Mt.type==="agent_finished"||Mt.type==="phase_started"?Mn():Mt.type==="approval_requested"&&(At.pending_approval=Mt.gate,Mn())},"applyToRunState"),B=new et({lineBytesMax:rl}),R=0,Et=!1,J=null,D=0,ct=!1;try{for(;J===null&&b.why===null;){let st=await g.read();if(b.why!==null)break;let At;st.done?(ct=!0,At=Uint8Array.of(10)):At=st.value;let Mt=[],On=[];for(let Os of B.push(At).lines){if(R++,J!==null){D++;continue}if(Os===In){await Y(R,`longer than ${rl} bytes`);continue}if(Os===js){await Y(R,"not valid UTF-8");continue}let Fr=Os.endsWith("\r")?Os.slice(0,-1):Os;if(Fr.trim()==="")continue;let Ns;try{Ns=JSON.parse(Fr)}catch(Dt){await Y(R,`not JSON (${Dt.message.slice(0,120)})`);continue}if(S!==null){O.length=0,S.take(Ns,O),O.length>0&&await C(O,Mt,On);continue}let Cs=lf(Ns,h.run);if(!Cs.ok){await Y(R,Cs.reason);continue}let Bo=Ns.run;!z&&typeof Bo=="string"&&Bo!==h.run&&(z=!0,await n.warn(`line ${R} of stdin names run ${Bo.slice(0,40)}; taskline sets run to ${h.run} in every event`));let en=Cs.event,Zp=!Et;if(Et=!0,en.type==="run_started"){Zp||await Y(R,"run_started only as the first event (a resumed run is `taskline record --resume`)");continue}if(en.type==="run_finished"){J={success:en.success,status:en.status};continue}if(Cs.output!==void 0){let Dt=en,Rc=await h.keepOutput({role:Dt.role,tool:Dt.tool,call:Dt.call,subtask:Dt.subtask,output:Cs.output,is_error:Dt.is_error,duration_ms:Dt.duration_ms,exit_code:Dt.exit_code,timed_out:Dt.timed_out}),{type:Uk,...tm}=Rc,Ho={type:Rc.type,run:h.run,...tm};for(let Wo in Dt)Wo in Ho||(Ho[Wo]=Dt[Wo]);Mt.push(Ho),On.push(void 0);continue}Mt.push(en);let Qp=ey(Ns,en)&&!Fr.includes("\r");On.push(Qp?Fr:void 0)}if(Mt.length>0&&(h.emitAll(Mt,{texts:On}),Tt(Mt)),await w(),ct)break}}finally{clearTimeout(lt),await St,n.io.signal.removeEventListener("abort",x),f(),ct||await g.cancel().catch(()=>{}),g.releaseLock()}let Te;if(S!==null){O.length=0;let st=S.finish(O,b.why??"eof"),At=[];await C(O,At,[]),At.length>0&&h.emitAll(At),b.why===null&&(J={success:st.success,status:st.status},Te=st.activeMs??void 0)}let tn;if(J!==null?(await h.finish({...J,segmentMs:Te}),l.record.status=J.status,tn=J.success?0:J.status==="paused"?2:1):b.why==="cancel"?(h.emit({type:"log",level:"warn",message:"run stopped: cancelled by `taskline cancel`"}),await h.finish({success:!1,status:"cancelled"}),l.record.status="cancelled",tn=130):(h.emit({type:"log",level:"error",message:b.why==="interrupt"?"taskline record was interrupted (Ctrl-C or SIGTERM) before the input's run_finished":"standard input closed without run_finished"}),await h.finish({success:!1,status:"failed"}),l.record.status="failed",tn=b.why==="interrupt"?130:1),await Ue(n.state,l),await w(),M>sl&&await n.warn(`${M} lines of stdin were not written (the first ${sl} are listed above)`),D>0&&await n.warn(`${D} line(s) after run_finished were not read`),!n.json){let st=l.record.status;await p.write(`Task #${l.number}: run ${h.run.slice(0,8)} finished ${st} at seq ${h.seq}${M>0?` (${M} line(s) of stdin not written)`:""}
`)}return tn}catch(d){throw await h.close({message:`record failed: ${d.message}`}).catch(()=>{}),h.finished&&l.record.status==="running"&&(l.record.status="failed",await Ue(n.state,l).catch(()=>{})),d}finally{f(),await rs(n.state,l.dir),await h.close(),c.close()}}async function yf(n,t){let e=[];for(let s of t){if(s.output===void 0){e.push(s.event);continue}let r=s.event;e.push(await n.keepOutput({role:r.role,tool:r.tool,call:r.call,subtask:null,output:s.output,is_error:r.is_error,duration_ms:r.duration_ms,exit_code:r.exit_code,timed_out:r.timed_out}))}return e}function ey(n,t){let e=Object.keys(t),s=0;for(let i of e)i!=="run"&&(e[s++]=i);let r=0;for(let i in n)if(r>=s||e[r++]!==i)return!1;return r===s}var rl,sl,Z0,Q0,kf=v(()=>{Nt();Vn();Yt();A();Ha();cf();Oi();gt();es();gf();rt();rl=16*1024*1024,sl=100,Z0=200,Q0=`Usage: taskline record <TASK> [--from FORMAT] [--model NAME] [--resume] [--restart] [--json]

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
  --json      print each envelope as written (agent_delta included), one a line`;a(ty,"recordCommand");a(yf,"producedEvents");a(ey,"sameKeys")});var il={};W(il,{APPROVE_HELP:()=>ny,REJECT_HELP:()=>sy,approveCommand:()=>ry,rejectCommand:()=>iy});async function bf(n,t,e){let s=e?"approve":"reject",{values:r,positionals:i}=j(s,t,{comment:{type:"string"},reason:{type:"string"},json:{type:"boolean"}});if(n.json=r.json===!0,i.length!==1)throw new y("usage",`taskline ${s}: name one task, for example \`taskline ${s} 3\``);if(e&&r.reason!==void 0)throw new y("usage","taskline approve: use --comment (--reason is for reject)");if(!e&&r.comment!==void 0)throw new y("usage","taskline reject: use --reason (--comment is for approve)");let o=e?r.comment:r.reason;if(!e&&(typeof o!="string"||o.trim()===""))throw new y("usage","taskline reject: say why with --reason TEXT");let l=await n.task(i[0]),u=await n.settings(),c=e?await ls(n.state,l,typeof o=="string"?o:null,{settings:u}):await cs(n.state,l,String(o),{settings:u}),h=l.number;return n.json?await n.io.stdout.write(JSON.stringify(or(l,c))+`
`):await n.io.stdout.write(`${e?"Approved":"Rejected"} the ${c.gate} gate of task #${h} (run ${c.run.slice(0,8)}). Continue with \`${c.recorded?`<your engine> | taskline record ${h} --resume`:`taskline run ${h} --resume`}\`.
`),0}function ry(n,t){return bf(n,t,!0)}function iy(n,t){return bf(n,t,!1)}var ny,sy,ol=v(()=>{A();xn();rt();ny=`Usage: taskline approve <TASK> [--comment TEXT] [--json]

Approves the gate a paused run waits for (approval_resolved is recorded in
that run). Continue the run with \`taskline run <TASK> --resume\` (a run of
your own engine with \`taskline record <TASK> --resume\`).
Fails when nothing is pending or a process runs the task.`,sy=`Usage: taskline reject <TASK> --reason TEXT [--json]

Rejects the gate a paused run waits for: the work goes back to the phase
before the gate, which is played again on \`taskline run <TASK> --resume\` (a run
of your own engine goes on with \`taskline record <TASK> --resume\`).
Fails when nothing is pending or a process runs the task.`;a(bf,"decide");a(ry,"approveCommand");a(iy,"rejectCommand")});var vf={};W(vf,{CANCEL_HELP:()=>oy,cancelCommand:()=>ly});async function ly(n,t){let{values:e,positionals:s}=j("cancel",t,{"no-wait":{type:"boolean"},json:{type:"boolean"}});if(n.json=e.json===!0,s.length!==1)throw new y("usage","taskline cancel: name one task, for example `taskline cancel 3`");let r=await n.task(s[0]);await us(n.state,r);let i=e["no-wait"]?!1:await Xh(n.state,r,{timeoutMs:ay}),o=r.number;return n.json?await n.io.stdout.write(JSON.stringify(Di(r,i))+`
`):i?await n.io.stdout.write(`Cancelled the run of task #${o}.
`):await n.io.stdout.write(`Asked task #${o} to stop${e["no-wait"]?"":"; it has not stopped yet"}.
`),0}var oy,ay,_f=v(()=>{A();xn();rt();oy=`Usage: taskline cancel <TASK> [--no-wait] [--json]

Asks the process that runs the task to stop; it ends the run with
run_finished (status cancelled) and exits 130. Waits up to 10 s for it to
stop unless --no-wait. Fails when no process runs the task.`,ay=1e4;a(ly,"cancelCommand")});var Sf={};W(Sf,{GITIGNORE_LINES:()=>ll,INIT_HELP:()=>cy,SETTING_DOCS:()=>al,defaultConfigText:()=>$f,initCommand:()=>uy});function xf(n,t){let e=n.split(" "),s=[],r="";for(let i of e)r!==""&&t.length+3+r.length+1+i.length>96?(s.push(r),r=i):r=r===""?i:`${r} ${i}`;return r!==""&&s.push(r),s.map(i=>`${t}// ${i}
`).join("")}function $f(){let n=Ut(),t=`// taskline settings (JSON with comments). Every setting is listed at its default;
// change a value to override it. Unknown keys give a warning naming the key.
{
`,e=Object.entries(n);return e.forEach(([s,r],i)=>{let o=i===e.length-1;if(r!==null&&typeof r=="object"&&!Array.isArray(r)&&s!=="pricing"){t+=`  "${s}": {
`;let l=Object.entries(r);l.forEach(([u,c],h)=>{t+=xf(al[`${s}.${u}`]??"","    "),t+=`    "${u}": ${JSON.stringify(c)}${h===l.length-1?"":","}
`}),t+=`  }${o?"":","}
`}else t+=xf(al[s]??"","  "),t+=`  "${s}": ${JSON.stringify(r)}${o?"":","}
`}),t+`}
`}async function uy(n,t){let{values:e}=j("init",t,{json:{type:"boolean"}});n.json=e.json===!0;let s=n.state,r=[],i=[];for(let l of[s.root,s.tasksDir,`${s.root}/scenarios`])await Ce(l)?i.push(`${l}/`):(await Deno.mkdir(l,{recursive:!0}),r.push(`${l}/`));await Ce(s.configPath)?i.push(s.configPath):(await Deno.writeTextFile(s.configPath,$f(),{createNew:!0}),r.push(s.configPath));let o=`${s.root}/.gitignore`;if(await Ce(o)){let l=await Deno.readTextFile(o),u=new Set(l.split(`
`).map(h=>h.trim())),c=ll.filter(h=>!u.has(h));if(c.length>0){let h=l===""||l.endsWith(`
`)?"":`
`;await Deno.writeTextFile(o,`${l}${h}${c.join(`
`)}
`),r.push(`${o} (added ${c.join(", ")})`)}else i.push(o)}else await Deno.writeTextFile(o,`# written by taskline init: local files that are not shared
`+ll.join(`
`)+`
`),r.push(o);if(n.json)await n.io.stdout.write(JSON.stringify({created:r,kept:i})+`
`);else{for(let l of r)await n.io.stdout.write(`created ${l}
`);for(let l of i)await n.io.stdout.write(`kept    ${l}
`);await n.io.stdout.write(r.length===0?`Nothing to do: this project is set up already.
`:'Next: `taskline task new "<title>"`, then `taskline run 1`.\n')}return 0}var cy,al,ll,Tf=v(()=>{_e();it();rt();cy=`Usage: taskline init [--json]

Creates .taskline/ in the current directory (the project root) with
config.jsonc (every setting, commented, at its default), .gitignore, tasks/
and scenarios/. Files that exist are kept, so it is safe to run twice.`,al={"pipeline.approvals":'Gates that wait for a human: any of "spec", "plan", "merge". The run pauses (exit 2) until `taskline approve` or `taskline reject`.',"pipeline.trace_outputs":"Keep the complete output of every tool call in .taskline/tool-output/ (the trace store).","pipeline.trace_max_chars":"Longest kept output file, in characters; a longer output is cut and ends with a marker line.","pipeline.max_validation_fix_attempts":"Automatic fixes of failed validation commands over the whole run.","pipeline.max_tokens":"Pause the run after this many tokens (input + output), resumes included; null is off. `taskline run --max-tokens` sets it for one invocation.","pipeline.max_duration_secs":"Pause the run after this much active time in seconds, resumes included; null is off. `taskline run --max-duration` sets it for one invocation.","pipeline.project_memory":"Append a lesson of each finished task to .taskline/memory.jsonl (`taskline memory list`).","pipeline.validation_commands":"Commands that must pass before a task is done.","pipeline.isolate_subtasks":"Run each subtask attempt in its own worktree and branch `<task branch>--s<N>-a<attempt>`.","pipeline.auto_merge":"Merge the task branch into its base when the task is done.",pricing:'Prices per million tokens keyed "<provider>/<model>", e.g. {"anthropic/claude-sonnet-4-5": {"input": 3, "output": 15, "cache_read": 0.3, "cache_write": 3.75}}; none by default, so no cost is shown.',pricing_currency:"Currency of the prices.","server.host":"Address `taskline serve` binds to (loopback only).","server.port":"Port of `taskline serve`; 0 takes a free port.","security.web_allowed_domains":"Domains the agents' web tool may fetch.","fleet.project":"Name of this project on the stream of `taskline ship`; null is the name of the project's directory.","fleet.stream":"JetStream stream of `taskline ship` and `taskline mirror`.","security.search_url":"Search endpoint of the agents' search tool; null is none."},ll=["tool-output/","server.token","*.lock","cancel.request","cache/","live.json","live-*.json","nats.token","nats.nkey","nats.creds"];a(xf,"comment");a($f,"defaultConfigText");a(uy,"initCommand")});function ps(n,t){return t?"running":n==="running"?"interrupted":n}var cl=v(()=>{a(ps,"shownStatus")});var Mf={};W(Mf,{TASK_HELP:()=>hy,parseImport:()=>Af,taskCommand:()=>gy});function pr(n,t){return{id:n.id,number:n.number,title:n.record.title,status:n.record.status,dir:n.dir,branch:gn(n),created_at:n.record.created_at,running:t}}async function dy(n,t){if(t==="-")return await Fi(n.io.stdin,fy,"The import");let e=t.replace(/^\.\//,""),s=n.state.root.replace(/^\.\//,"");if(!e.startsWith(`${s}/`)||e.split("/").includes(".."))throw new y("usage",`Cannot import ${t}: taskline reads only inside ${s}/; move the file there or pipe it with \`taskline task import - < ${t}\``);return await Le(Deno.readTextFile(e),`Cannot import ${e}: no such file`)}function Af(n,t){let e;try{e=JSON.parse(n)}catch(r){throw new y("usage",`Cannot import ${t}: not JSON (${r.message})`)}let s=Array.isArray(e)?e:e&&typeof e=="object"&&Array.isArray(e.tasks)?e.tasks:null;if(!s)throw new y("usage",`Cannot import ${t}: expected a list of tasks or {"tasks": [...]}`);if(s.length>Ef)throw new y("usage",`Cannot import ${t}: more than ${Ef} tasks`);return s.map((r,i)=>{let o=r;if(!o||typeof o!="object"||typeof o.title!="string"||o.title.trim()==="")throw new y("usage",`Cannot import ${t}: task ${i+1} has no "title"`);if(o.description!==void 0&&typeof o.description!="string")throw new y("usage",`Cannot import ${t}: task ${i+1}: "description" must be text`);if(o.status!==void 0&&typeof o.status!="string")throw new y("usage",`Cannot import ${t}: task ${i+1}: "status" must be text`);return{title:o.title,...typeof o.description=="string"?{description:o.description}:{},...typeof o.status=="string"?{status:o.status}:{}}})}async function py(n,t,e){let s=[];for await(let r of kt(n.state.logPath(t.dir),{prefilter:a(i=>i.includes('"phase_'),"prefilter"),onProblem:n.problem}))for(let i of r.records){let o=i.env.event;if(q(i.env.event)===e){if(o.type==="phase_started")s.push({phase:String(o.phase),state:"running",summary:null});else if(o.type==="phase_finished"){let l=[...s].reverse().find(u=>u.phase===o.phase&&u.state==="running");l&&(l.state=o.success?"done":"failed",l.summary=String(o.summary))}}}return s.length>1e3&&s.splice(0,s.length-1e3),s}async function my(n,t){let e=await n.task(t),s=await Lt(n.state,e.dir),r=await qt(n.state.logPath(e.dir)),i=await ss(n.state,e.dir),o=null;if(r){let c=i.run===r.run;o={id:r.run,pending_approval:c?i.pending_approval:null,tokens:c?i.usage.input_tokens+i.usage.output_tokens:null,usage:c?i.usage:null,active_ms:c?i.active_ms:null,validation_fix_attempts:c?i.validation_fix_attempts:null,phases:await py(n,e,r.run)}}let l=n.io.stdout;if(n.json)return await l.write(JSON.stringify({...pr(e,s),description:e.record.description??null,task:e.record,run:o})+`
`),0;let u=[`#${e.number} ${e.record.title}`,`  status:   ${ps(e.record.status,s)}${s?" (a process is running it)":e.record.status==="running"?" (task.json says running, but no process runs it: its process died)":""}`,`  id:       ${e.id}`,`  dir:      ${n.state.taskDir(e.dir)}`,`  branch:   ${gn(e)}`,`  created:  ${e.record.created_at}`];if(e.record.description&&u.push(`  description: ${e.record.description}`),o){u.push(`  run:      ${o.id}`),o.pending_approval&&u.push(`  waits for approval of the ${o.pending_approval} gate`),o.tokens!==null&&u.push(`  tokens:   ${o.tokens}, active ${((o.active_ms??0)/1e3).toFixed(1)} s`);for(let c of o.phases)u.push(`    ${c.phase.padEnd(12)} ${c.state}${c.summary?`: ${c.summary}`:""}`)}else u.push("  run:      none yet");return await l.write(u.map(c=>L(c)).join(`
`)+`
`),0}async function gy(n,t){let[e,...s]=t,{values:r,positionals:i}=j(`task ${e??""}`.trim(),s,{description:{type:"string"},json:{type:"boolean"}});n.json=r.json===!0;let o=n.io.stdout,l=a(u=>{if(i.length!==1)throw new y("usage",`taskline task ${e}: name ${u}`);return i[0]},"one");if(r.description!==void 0&&e!=="new")throw new y("usage",`taskline task ${e}: --description is for task new`);switch(e){case"new":{let u=l('the title, for example `taskline task new "Add login"`'),c=await as(n.state,{title:u,...r.description!==void 0?{description:String(r.description)}:{}});return n.json?await o.write(JSON.stringify(pr(c,!1))+`
`):await o.write(L(`Created task #${c.number} ${c.record.title} (${c.dir})`)+`
`),0}case"list":{if(i.length>0)throw new y("usage","taskline task list takes no task");let u=await n.tasks(),c=await Promise.all(u.map(async d=>pr(d,await Lt(n.state,d.dir))));if(n.json)return await o.write(JSON.stringify(c)+`
`),0;if(c.length===0)return await o.write('No tasks yet: `taskline task new "<title>"`.\n'),0;let h=a(d=>L(ps(d.status,d.running))+(d.running?"*":""),"shown"),f=Math.max(6,...c.map(d=>ve(h(d))));for(let d of c){let p=h(d)+" ".repeat(f-ve(h(d)));await o.write(`#${String(d.number).padEnd(4)} ${p}  ${L(d.title)}
`)}return c.some(d=>d.running)&&await o.write(`(* a process is running it)
`),0}case"show":return await my(n,l("one task, for example `taskline task show 3`"));case"import":{let u=l("a file inside .taskline/ or - for stdin");await n.state.requireExists();let c=Af(await dy(n,u),u==="-"?"stdin":u),h=[];for(let f of c){let d=await ci(n.state,f.title,{...f.description!==void 0?{description:f.description}:{},...f.status!==void 0?{status:f.status}:{}});h.push(pr(d,!1))}if(n.json)await o.write(JSON.stringify(h)+`
`);else{for(let f of h)await o.write(L(`Created task #${f.number} ${f.title} (${f.dir})`)+`
`);h.length===0&&await o.write(`The document has no tasks.
`)}return 0}case"discard":{let u=await n.task(l("one task, for example `taskline task discard 3`")),c;try{c=await zs(n.state,u.dir)}catch(h){throw h instanceof y&&h.code==="task-running"?new y("task-running",`Cannot discard task #${u.number}: a process is running it; stop it first with \`taskline cancel ${u.number}\``):h}try{await ye(Deno.remove(`${n.state.toolOutputDir}/${u.dir}`,{recursive:!0})),await Deno.remove(n.state.taskDir(u.dir),{recursive:!0}),await Deno.remove(`${n.state.root}/cache/history/${u.dir}.json`).catch(()=>{})}finally{c.release()}return n.json?await o.write(JSON.stringify({discarded:pr(u,!1)})+`
`):await o.write(L(`Discarded task #${u.number} ${u.record.title}`)+`
`),0}default:throw new y("usage",`taskline task: say what to do: new, list, show, import or discard${e?` (not "${e}")`:""}`)}}var hy,fy,Ef,Of=v(()=>{Ft();A();be();cl();Ne();nr();gt();it();K();xn();rt();lr();hy=`Usage: taskline task <new|list|show|import|discard> ...

  task new <TITLE> [--description TEXT] [--json]   creates a task (status ready)
  task list [--json]                                every task, by number
  task show <TASK> [--json]                         one task, its current run and phases
  task import <FILE|-> [--json]                     tasks from a JSON document: a list of
                                                    {"title", "description"?, "status"?}, or
                                                    {"tasks": [...]}. FILE must be inside
                                                    .taskline/; - reads stdin
  task discard <TASK> [--json]                      removes the task and its tool outputs
                                                    (refused while a process runs it)`,fy=16*1024*1024,Ef=1e4;a(pr,"rowOf");a(dy,"readInput");a(Af,"parseImport");a(py,"phasesOf");a(my,"show");a(gy,"taskCommand")});var Nf={};W(Nf,{MEMORY_HELP:()=>yy,memoryCommand:()=>by});function wy(){try{return Deno.stdin.isTerminal()}catch{return!1}}async function ky(n,t){await n.io.stderr.write(t),await n.io.stderr.flush();let e=n.io.stdin.getReader();try{let{value:s}=await e.read(),r=new TextDecoder().decode(s??new Uint8Array).trim().toLowerCase();return r==="y"||r==="yes"}finally{e.releaseLock()}}async function by(n,t){let[e,...s]=t,{values:r,positionals:i}=j(`memory ${e??""}`.trim(),s,{json:{type:"boolean"},yes:{type:"boolean",short:"y"}});if(n.json=r.json===!0,i.length>0)throw new y("usage",`taskline memory ${e}: unexpected "${i[0]}"`);await n.state.requireExists();let o=n.io.stdout,l=a((u,c)=>void n.warn(`${n.state.memoryPath}: line ${u}: skipped (${c})`),"warn");switch(e){case"list":{if(r.yes)throw new y("usage","taskline memory list: --yes is for clear");let u=[],c=0;for await(let h of Fa(n.state,{onProblem:l}))c++,n.json?u.push(h):await o.write(`${String(h.at).slice(0,10)} #${h.number} ${h.title}: ${h.lesson}
`);return n.json?await o.write(JSON.stringify(u)+`
`):c===0&&await o.write(`No lessons yet: finished tasks add them.
`),0}case"clear":{if(!r.yes){if(!wy())throw new y("usage","taskline memory clear: refusing without --yes because nobody can confirm (stdin is not a terminal)");if(!await ky(n,`Remove every lesson in ${n.state.memoryPath}? [y/N] `))return await o.write(`Kept the lessons.
`),1}let u=await qh(n.state);return n.json?await o.write(JSON.stringify({removed:u})+`
`):await o.write(`Removed ${u} lesson(s).
`),0}default:throw new y("usage",`taskline memory: say list or clear${e?` (not "${e}")`:""}`)}}var yy,Cf=v(()=>{A();Ua();rt();yy=`Usage: taskline memory <list|clear> [options]

  memory list [--json]   the lessons of finished tasks, oldest first
  memory clear [--yes]   removes every lesson; asks first on a terminal, and
                         without a terminal refuses unless --yes is given

Lessons are written when pipeline.project_memory is on (the default).`;a(wy,"stdinIsTerminal");a(ky,"ask");a(by,"memoryCommand")});var Df={};W(Df,{DOCTOR_HELP:()=>vy,diagnose:()=>jf,doctorCommand:()=>$y});async function _y(n,t,e,s){let r=n.logPath(t.dir),i=new Set,o;try{let m=await nt(r);if(m===null)return{runs:i};o=m}catch(m){let w=m instanceof N;return s.push({level:"error",check:"log",file:r,line:null,message:w?`cannot read the log: ${m.what}`:`cannot read the log: ${m.message}`,fix:w?"replace it with the task's log (a regular file), or remove it; other tasks are read as usual":"check the file's permissions"}),{runs:i}}let l=0,u=a(m=>{l++,l<=ul&&s.push(m)},"add"),c=new Map,h=new Map,f=0,d=0,p=0;try{let m=new et({}),w=new Uint8Array(1024*1024);for(;;){let g=await o.read(w);if(g===null)break;for(let b of m.push(w.subarray(0,g)).lines){if(p++,b.trim()==="")continue;let _=X(b);if(!_.ok){u({level:"error",check:"log",file:r,line:p,message:`broken line: ${_.reason}`,fix:`repair or remove line ${p} (readers skip it with a warning)`});continue}let x=_.env;if(x.schema>2){f++===0&&(d=p);continue}let S=q(x.event);if(S&&i.add(S),x.event.type==="run_started"&&S&&h.set(S,p),x.event.type==="run_finished"&&S&&h.delete(S),x.schema<2||typeof x.seq!="number")continue;let O=S??"",C=c.get(O)??{seq:0,line:0},M=S?`run ${S.slice(0,8)}`:"run-less events";x.seq<=C.seq?u({level:"error",check:"log",file:r,line:p,message:`seq ${x.seq} of ${M} repeats or goes back (line ${C.line} has seq ${C.seq})`,fix:`remove the duplicate line ${p}, or restore the log from a backup`}):x.seq!==C.seq+1&&S&&u({level:"error",check:"log",file:r,line:p,message:`seq of ${M} jumps from ${C.seq} to ${x.seq}: ${x.seq-C.seq-1} event(s) are missing`,fix:"the log was edited or copied in part; restore it from a backup"}),x.seq>C.seq&&c.set(O,{seq:x.seq,line:p})}}m.pendingBytes>0&&(p++,e||u({level:"error",check:"log",file:r,line:p,message:`torn last line: ${m.pendingBytes} bytes without a newline`,fix:`the next \`taskline run ${t.number}\` repairs it (completes or cuts the line); or remove line ${p}`}))}finally{o.close()}if(f>0&&s.push({level:"warning",check:"log",file:r,line:d,message:`${f} line(s) of a schema above ${2}, written by a newer taskline`,fix:"upgrade taskline to read them; this version shows them as unknown events"}),!e)for(let[m,w]of h)u({level:"error",check:"log",file:r,line:w,message:`run ${m.slice(0,8)} started here and has no run_finished, and no process runs the task (its process was killed)`,fix:`continue it with \`taskline run ${t.number} --resume\`, or start over with \`taskline run ${t.number} --restart\``});return l>ul&&s.push({level:"error",check:"log",file:r,line:null,message:`${l-ul} more finding(s) in this log not listed`,fix:"fix the ones listed and run doctor again"}),{runs:i}}async function Rf(n){let t=0,e=0;for(let s of await we(n)){let r=`${n}/${s.name}`;if(s.isDirectory){let i=await Rf(r);t+=i.files,e+=i.bytes}else s.isFile&&(t++,e+=(await Deno.stat(r)).size)}return{files:t,bytes:e}}function xy(n){return`${(n/1024/1024).toFixed(1)} MiB`}async function jf(n){let t=[];try{let{warnings:c}=await He(n);for(let h of c)t.push({level:"warning",check:"settings",file:n.configPath,line:null,message:h.replace(`${n.configPath}: `,""),fix:"correct or remove the key (`taskline init` documents every setting)"})}catch(c){t.push({level:"error",check:"settings",file:n.configPath,line:null,message:c.message,fix:"repair the file; every command uses the defaults until then"})}let e=await vt(n,{onProblem:a(c=>t.push({level:"error",check:"task",file:n.taskJsonPath(c.dir),line:null,message:c.reason,fix:`restore task.json or remove ${n.taskDir(c.dir)}`}),"onProblem")}),s=new Map,r=new Map;for(let c of e){let h=r.get(c.number);h?t.push({level:"warning",check:"task",file:n.taskJsonPath(c.dir),line:null,message:`task number ${c.number} is also used by ${h}`,fix:"give one of them another number in its task.json"}):r.set(c.number,c.dir);let f=await Lt(n,c.dir),{runs:d}=await _y(n,c,f,t);s.set(c.dir,d)}let i=new Set((await we(n.tasksDir)).map(c=>c.name));for(let c of await we(n.toolOutputDir)){let h=`${n.toolOutputDir}/${c.name}`;if(!c.isDirectory)continue;if(!i.has(c.name)){t.push({level:"warning",check:"trace",file:h,line:null,message:"trace files of a task that no longer exists",fix:`remove ${h}/`});continue}let f=s.get(c.name)??new Set;for(let d of await we(h))d.isDirectory&&!f.has(d.name)&&t.push({level:"warning",check:"trace",file:`${h}/${d.name}`,line:null,message:"trace files of a run that is not in the task's log",fix:`remove ${h}/${d.name}/`})}let o=await Rf(n.toolOutputDir);t.push({level:o.bytes>Lf?"warning":"info",check:"trace",file:n.toolOutputDir,line:null,message:`the trace store holds ${o.files} file(s), ${xy(o.bytes)}`,fix:o.bytes>Lf?"discard old tasks (`taskline task discard`) or set pipeline.trace_outputs to false":"nothing to do"});let l=await Cn(n.root),u=Uc(l);return t.push({level:u.length>0?"warning":"info",check:"permissions",file:n.root,line:null,message:u.length>0?`this process holds more than taskline's four permissions: ${u.join(", ")} (holds ${Jo(l)})`:`this process holds ${Jo(l)}`,fix:u.length>0?"run taskline as `deno task install` installs it, with --allow-read=.taskline --allow-write=.taskline --allow-net=127.0.0.1,localhost,[::1] --allow-env and nothing else":"nothing to do"}),{findings:t,tasks:e.length,trace_store:o,permissions:l}}async function $y(n,t){let{values:e,positionals:s}=j("doctor",t,{json:{type:"boolean"}});if(n.json=e.json===!0,s.length>0)throw new y("usage","taskline doctor takes no arguments");await n.state.requireExists();let r=await jf(n.state),i=r.findings.filter(u=>u.level==="error").length,o=r.findings.filter(u=>u.level==="warning").length,l=n.io.stdout;if(n.json)await l.write(JSON.stringify({ok:i===0,errors:i,warnings:o,...r})+`
`);else{for(let u of r.findings){let c=L(u.line!==null?`${u.file}:${u.line}`:u.file);await l.write(`${u.level.padEnd(7)} ${c}: ${L(u.message)}
`),u.level!=="info"&&await l.write(`        fix: ${L(u.fix)}
`)}await l.write(`doctor: ${r.tasks} task(s) checked, ${i} error(s), ${o} warning(s)
`)}return i>0?1:0}var vy,Lf,ul,Pf=v(()=>{Ln();Nt();Yt();K();me();A();be();U();_e();it();gt();rt();Ft();vy=`Usage: taskline doctor [--json]

Checks the project's state without changing it: config.jsonc, every task and
its events.jsonl (broken lines, a torn last line, gaps or repeats in seq, a
run without its end while no process runs the task, unknown schema versions),
orphaned trace files, and the size of the trace store. Each finding names the
file and line and what to do. Exit 1 when a check fails (an error); warnings
do not fail.`,Lf=1024*1024*1024,ul=20;a(_y,"checkLog");a(Rf,"sizeOf");a(xy,"mib");a(jf,"diagnose");a($y,"doctorCommand")});function hl(n){return If.has(n)}function zi(n,t){let e=If.get(n);if(e===void 0||t===null||typeof t!="object")return null;let s=t[e];return typeof s=="string"&&s!==""?s:null}var If,fl=v(()=>{If=new Map([["write_file","path"],["edit_file","path"],["Write","file_path"],["Edit","file_path"],["MultiEdit","file_path"],["NotebookEdit","notebook_path"]]);a(hl,"isWriteTool");a(zi,"writtenPath")});function dl(n,t){t&&(n.input_tokens+=$n(t.input_tokens),n.output_tokens+=$n(t.output_tokens),n.cache_read_tokens+=$n(t.cache_read_tokens),n.cache_write_tokens+=$n(t.cache_write_tokens))}function $n(n){return typeof n=="number"&&Number.isFinite(n)?n:0}function My(n,t){return{input_tokens:Math.max(n.input_tokens,t.input_tokens),output_tokens:Math.max(n.output_tokens,t.output_tokens),cache_read_tokens:Math.max(n.cache_read_tokens,t.cache_read_tokens),cache_write_tokens:Math.max(n.cache_write_tokens,t.cache_write_tokens)}}function ft(n,t=""){return typeof n=="string"?n:t}function pl(n){return typeof n=="string"?n:null}function ml(){return{version:mr,runs:[],current_run:null,last_activity:null,trace_files:[],last_qa:null,errors:[]}}var mr,Sy,Ty,Ey,Ay,Ji,gl=v(()=>{K();Nt();fl();mr=2,Sy=50,Ty=/^\{"schema":2,"seq":\d+,"at":"([^"\\]*)","event":\{"type":"(agent_text|subtask_updated|subtask_integrated|tool_called|tool_returned)","run":"([^"\\]+)"(?:,"role":"[^"\\]*","tool":"([^"\\]*)")?/,Ey=/,"call":"[0-9a-f]{12}","subtask":(?:null|"[^"\\]*")\}\}$/,Ay=/,"output_file":(?:null|"(?:[^"\\]|\\.)*")\}\}$/;a(dl,"addUsage");a($n,"num");a(My,"maxUsage");a(ft,"str");a(pl,"strOrNull");Ji=class{static{a(this,"HistoryFold")}#t=new Map;#e=null;#n=null;#s=[];#r=new Set;#i=null;#o=[];#a=0;problem=a(t=>{if(this.#a++,this.#o.length<Sy){let e=t.line>0?`line ${t.line}`:`near byte ${t.offset}`;this.#o.push(`${e}: skipped a broken line (${t.reason})`)}},"problem");add(t){let e=t.env;if(this.#n=e.at,e.schema>2)return;let s=e.event,r=q(s);if(r===null)return;let i=this.#l(r,e.at),o=i.sum;o.last_event_at=e.at,t.upgraded&&(o.legacy=!0),this.#c(i,s,e.at,t.upgraded)}addLine(t,e){if(t==="")return;let s=Ty.exec(t),r=s?.[4],i=s!==null&&s[2].startsWith("tool_"),o=i?s[2]==="tool_called"?Ey:Ay:null;if(s&&(!i||r!==void 0&&!hl(r)&&o.test(t))){let[,u,c,h]=s;this.#n=u;let f=this.#l(h,u);f.sum.last_event_at=u,c==="tool_called"&&f.sum.calls++;return}let l=X(t);l.ok?this.add({env:l.env,upgraded:l.upgraded,text:t,line:e}):t.trim()!==""&&this.problem({path:"",line:e,offset:0,reason:l.reason})}#l(t,e){let s=this.#t.get(t);return s||(s={sum:{run:t,started_at:e,finished_at:null,ended:!1,status:null,success:null,resumes:0,usage:H(),active_ms:0,totals_known:!1,legacy:!1,phases:[],commits:[],merged:null,validations:[],approvals:[],pending_approval:null,last_error:null,paused_reason:null,last_event_at:e,models:[],sessions:0,calls:0,reported_cost:null},agentUsage:H(),budgetActiveMs:0,lastFinished:null,sessionsOpen:new Map,models:new Map,writesById:new Map,writesByOrder:new Map,qaRound:null},this.#t.set(t,s)),s}#c(t,e,s,r){let i=t.sum;switch(e.type){case"run_started":this.#u.has(i.run)?i.resumes++:(this.#u.add(i.run),i.started_at=s),this.#e=i.run,i.ended=!1,i.finished_at=null;break;case"run_finished":i.ended=!0,i.finished_at=s,i.status=ft(e.status,"")||null,i.success=typeof e.success=="boolean"?e.success:null;{let o=H();dl(o,e.usage),t.lastFinished={usage:o,active_ms:$n(e.active_ms),upgraded:r}}break;case"phase_started":i.phases.push({phase:ft(e.phase),started_at:s,finished_at:null,success:null,summary:""});break;case"phase_finished":{let o=ft(e.phase),l;for(let u=i.phases.length-1;u>=0;u--)if(i.phases[u].phase===o&&i.phases[u].finished_at===null){l=i.phases[u];break}l||(l={phase:o,started_at:null,finished_at:null,success:null,summary:""},i.phases.push(l)),l.finished_at=s,l.success=typeof e.success=="boolean"?e.success:null,l.summary=ft(e.summary),o==="qa"&&this.#i&&t.qaRound!==null&&(this.#i.verdict=l.success?"approved":"changes_requested",this.#i.summary=l.summary);break}case"agent_started":{let o=`${e.role}`,l=t.sessionsOpen.get(o);l||t.sessionsOpen.set(o,l=[]),l.push({model:ft(e.model),subtask:pl(e.subtask)}),i.sessions++,this.#h(t,ft(e.model)).sessions++;break}case"agent_finished":{let o=t.sessionsOpen.get(`${e.role}`),l;if(o&&o.length>0){let h=e.subtask,f=h===void 0?0:o.findIndex(d=>d.subtask===h);f<0&&(f=0),l=o.splice(f,1)[0]}let u=this.#h(t,l?l.model:"");l||(i.sessions++,u.sessions++),dl(u.usage,e.usage),dl(t.agentUsage,e.usage);let c=e.cost_usd;typeof c=="number"&&Number.isFinite(c)&&c>=0&&(i.reported_cost=(i.reported_cost??0)+c);break}case"budget_updated":t.budgetActiveMs=Math.max(t.budgetActiveMs,$n(e.active_ms));break;case"tool_called":{i.calls++;let o=zi(e.tool,e.input);if(o===null)break;if(e.call===Pt){let l=`${e.role}|${e.tool}|${e.subtask}`,u=t.writesByOrder.get(l);u||t.writesByOrder.set(l,u=[]),u.push(o)}else t.writesById.set(e.call,o);break}case"tool_returned":{if(!hl(e.tool))break;let o;e.call===Pt?o=t.writesByOrder.get(`${e.role}|${e.tool}|${e.subtask}`)?.shift():(o=t.writesById.get(e.call),t.writesById.delete(e.call)),o!==void 0&&e.is_error!==!0&&!this.#r.has(o)&&(this.#r.add(o),this.#s.push(o));break}case"committed":i.commits.push({commit:ft(e.commit),message:ft(e.message),files:Array.isArray(e.files)?e.files.filter(o=>typeof o=="string"):[],subtask:pl(e.subtask),at:s});break;case"merged":i.merged={commit:ft(e.commit),branch:ft(e.branch),base:ft(e.base),at:s};break;case"validation_finished":i.validations.push({command:ft(e.command),integration:e.integration===!0,passed:e.passed===!0,exit_code:typeof e.exit_code=="number"?e.exit_code:null,at:s});break;case"approval_requested":i.pending_approval=ft(e.gate)||null;break;case"approval_resolved":i.approvals.push({gate:ft(e.gate),approved:e.approved===!0,comment:pl(e.comment),at:s}),i.pending_approval===e.gate&&(i.pending_approval=null);break;case"paused":i.paused_reason=ft(e.reason);break;case"log":e.level==="error"&&(i.last_error=ft(e.message));break;case"artefact_written":if(e.artefact&&e.artefact.kind==="qa_report"){let o=$n(e.artefact.round);t.qaRound=o;let l=[...i.phases].reverse().find(c=>c.phase==="qa"),u=l&&l.finished_at!==null;this.#i={round:o,verdict:u?l.success?"approved":"changes_requested":"unknown",summary:u?l.summary:"",issues:null}}break;default:break}}#u=new Set;#h(t,e){let s=t.models.get(e);return s||(s={model:e,sessions:0,usage:H()},t.models.set(e,s)),s}finish(){let t=[];for(let e of this.#t.values()){let s=e.sum;s.models=[...e.models.values()];let r=e.lastFinished;s.ended&&r!==null&&!s.legacy&&!r.upgraded?(s.usage={...r.usage},s.active_ms=r.active_ms,s.totals_known=!0):(s.usage=My(r?r.usage:H(),e.agentUsage),s.active_ms=Math.max(r?r.active_ms:0,e.budgetActiveMs),s.totals_known=!1),t.push(s)}return this.#a>this.#o.length&&this.#o.push(`and ${this.#a-this.#o.length} more broken lines`),{version:mr,runs:t,current_run:this.#e,last_activity:this.#n,trace_files:this.#s,last_qa:this.#i,errors:this.#o}}};a(ml,"emptySummary")});async function Ff(n,t){let e=new Ji,s=await nt(n);if(s===null)return e.finish();try{let r=(await s.stat()).size,i=new et,o=new Uint8Array(1024*1024),l=0,u=0;for(;l<r;){t?.throwIfAborted();let c=Math.min(o.length,r-l),h=await s.read(c===o.length?o:o.subarray(0,c));if(h===null||h===0)break;l+=h;for(let f of i.push(o.subarray(0,h)).lines)e.addLine(f,++u)}}finally{s.close()}return e.finish()}async function qf(n){let t=await ye(Gt(n));return t?{size:t.size,mtime_ms:t.mtime?.getTime()??null,ino:t.ino??null}:{size:0,mtime_ms:null,ino:null}}function yl(n,t){return n.size===t.size&&n.mtime_ms===t.mtime_ms&&n.ino===t.ino}function Oy(n){if(n===null||typeof n!="object")return!1;let t=n;return t.version===mr&&Array.isArray(t.runs)&&Array.isArray(t.errors)&&Array.isArray(t.trace_files)&&(t.current_run===null||typeof t.current_run=="string")}async function Ny(n,t){let e;try{e=await Deno.readTextFile(n)}catch{return null}try{let s=JSON.parse(e);return!s||typeof s!="object"||!s.key||!yl(s.key,t)?null:Oy(s.summary)?s.summary:null}catch{return null}}async function Cy(n,t,e,s){try{await Deno.mkdir(n,{recursive:!0}),await ge(t,JSON.stringify({key:e,summary:s}))}catch{}}var _t,ms=v(()=>{it();Yt();U();gl();a(Ff,"summarizeLog");a(qf,"keyOf");a(yl,"sameKey");a(Oy,"looksLikeSummary");_t=class{static{a(this,"HistoryCache")}stats={memoryHits:0,diskHits:0,reads:0};#t;#e;#n;#s=new Map;#r=new Map;constructor(t={}){this.#t=t.disk??!1,this.#e=t.entriesMax??1e4,this.#n=t.read??Ff}summary(t,e,s){let r=t.logPath(e.dir),i=this.#r.get(r);if(i)return i;let o=this.#i(t,e,r,s).catch(l=>{if(s?.aborted||l?.name==="AbortError")throw l;let u=ml();return l instanceof N?(u.errors.push(l.message),u.bad_log={path:l.path,kind:l.kind,message:l.message}):u.errors.push(`Cannot read ${r}: ${l?.message??l}`),u}).finally(()=>this.#r.delete(r));return this.#r.set(r,o),o}async#i(t,e,s,r){let i=await qf(s);if(i.mtime_ms===null)return ml();let o=this.#s.get(s);if(o&&yl(o.key,i))return this.stats.memoryHits++,this.#s.delete(s),this.#s.set(s,o),o.summary;let l=`${t.root}/cache/history/${e.dir}.json`;if(this.#t){let h=await Ny(l,i);if(h)return this.stats.diskHits++,this.#o(s,i,h),h}this.stats.reads++;let u=await this.#n(s,r),c=await qf(s);return yl(c,i)&&(this.#o(s,i,u),this.#t&&await Cy(`${t.root}/cache/history`,l,i,u)),u}#o(t,e,s){for(this.#s.delete(t),this.#s.set(t,{key:e,summary:s});this.#s.size>this.#e;){let r=this.#s.keys().next().value;this.#s.delete(r)}}clear(){this.#s.clear()}};a(Ny,"readCacheFile");a(Cy,"writeCacheFile")});function Ly(n,t){if(n==="")return null;let e=`/${n}`,s=null;for(let[r,i]of Object.entries(t))if(!(r!==n&&!r.endsWith(e))){if(s&&!Ry(s,i))return null;s=i}return s}function Ry(n,t){return n.input===t.input&&n.output===t.output&&n.cache_read===t.cache_read&&n.cache_write===t.cache_write}function jy(n,t){return(n.input_tokens*t.input+n.output_tokens*t.output+n.cache_read_tokens*t.cache_read+n.cache_write_tokens*t.cache_write)/1e6}function wl(n,t){let e=0,s=[],r=0;for(let i of n){r+=i.sessions;let o=Ly(i.model,t);if(!o){s.includes(i.model)||s.push(i.model);continue}e+=jy(i.usage,o)}return{amount:s.length>0||r===0?null:e,unpriced:s}}var kl=v(()=>{a(Ly,"priceOf");a(Ry,"samePrice");a(jy,"sessionCost");a(wl,"costOf")});function Rt(n){return n.input_tokens+n.output_tokens}async function ze(n,t,e={}){let r=await(e.cache??new _t).summary(n,t,e.signal);return await Uf(n,t,r,e.settings??Ut())}async function gs(n,t={}){let e=(t.tasks??await vt(n)).filter(h=>t.all||vl.includes(h.record.status)),s=t.cache??new _t,r=t.settings??Ut(),i=new Array(e.length),o=0,l=a(async()=>{for(;o<e.length;){let h=o++;t.signal?.throwIfAborted();let f=await s.summary(n,e[h],t.signal);i[h]=await Uf(n,e[h],f,r)}},"worker"),u=Math.max(1,Math.min(t.concurrency??16,e.length));await Promise.all(Array.from({length:u},l));let c=a(h=>{let f=Date.parse(h.last_activity??h.task.created_at);return Number.isFinite(f)?f:0},"when");return i.sort((h,f)=>c(f)-c(h)||f.number-h.number),i}async function Dy(n,t){try{let e=await Un(n.runJsonPath(t));return e===null||typeof e!="object"||Array.isArray(e)||!("usage"in e)&&!("active_ms"in e)?null:ja(e)}catch{return null}}function Py(n,t,e){return n.run!==""?n.run===t:t===e}async function Uf(n,t,e,s){let r=[...e.errors],i=e.current_run,o=e.runs.find(g=>g.run===i),l=o!==void 0&&!o.ended&&await Lt(n,t.dir),u,c=[];for(let g of e.runs){let b=Iy(g,i,l,s);!b.totals_known&&g.ended&&g.legacy&&(u===void 0&&(u=await Dy(n,t.dir)),u&&Py(u,g.run,i)&&(b.usage={...u.usage},b.active_ms=u.active_ms,b.totals_known=!0)),c.push(b)}let h={usage:H(),active_ms:0,runs:c.length,commits:0,complete:!0},f=[];for(let g of c){let b=h.usage;b.input_tokens+=g.usage.input_tokens,b.output_tokens+=g.usage.output_tokens,b.cache_read_tokens+=g.usage.cache_read_tokens,b.cache_write_tokens+=g.usage.cache_write_tokens,h.active_ms+=g.active_ms,h.commits+=g.commits.length,g.totals_known||(h.complete=!1)}for(let g of e.runs)f.push(...g.models);let d=wl(f,s.pricing),p=d.amount===null&&c.length>0&&c.some(g=>g.cost_reported)&&c.every(g=>g.cost!==null)?c.reduce((g,b)=>g+(b.cost??0),0):null,m=t.record,w={id:m.id,title:m.title,description:typeof m.description=="string"?m.description:"",status:m.status,created_at:m.created_at,branch:gn(t)};for(let[g,b]of Object.entries(m))!(g in w)&&g!=="number"&&(w[g]=b);return{task:w,number:t.number,runs:c,totals:h,changed_files:qy(e),last_qa:e.last_qa,validations_passed:Fy(e.runs),cost:d.amount!==null?{amount:bl(d.amount),currency:s.pricing_currency,complete:!0}:p!==null?{amount:bl(p),currency:"USD",complete:!0,reported:!0}:null,last_activity:e.last_activity,errors:r,dir:t.dir,running:l,unpriced_models:d.unpriced,...e.bad_log?{bad_log:e.bad_log}:{}}}function bl(n){return Math.round(n*1e6)/1e6}function Iy(n,t,e,s){let r=n.ended?"finished":n.run===t&&e?"running":"interrupted",i=wl(n.models,s.pricing).amount,o=i===null&&n.reported_cost!==null&&s.pricing_currency==="USD"?n.reported_cost:null,l=i??o;return{run:n.run,started_at:n.started_at,finished_at:n.finished_at,state:r,status:n.ended?n.status:null,success:n.ended?n.success:null,resumes:n.resumes,usage:{...n.usage},active_ms:n.active_ms,totals_known:n.totals_known,phases:n.phases,commits:n.commits,merged:n.merged,validations:n.validations,approvals:n.approvals,pending_approval:n.pending_approval,last_error:n.last_error,last_event_at:n.last_event_at,current:n.run===t,legacy:n.legacy,paused_reason:n.paused_reason,sessions:n.sessions,calls:n.calls,cost:l===null?null:bl(l),cost_reported:o!==null}}function qy(n){let t=new Set,e=null;for(let r of n.runs){for(let i of r.commits)for(let o of i.files)t.add(o);r.merged&&(e=r.merged)}let s=a(r=>[...new Set(r)].sort().map(i=>({path:i,status:"unknown"})),"list");if(e){let r=t.size===0;return{source:{kind:"merged",commit:e.commit,branch:e.branch,base:e.base},approximate:r,files:s(r?n.trace_files:t)}}return t.size>0?{source:{kind:"commits"},approximate:!0,files:s(t)}:n.trace_files.length>0?{source:{kind:"trace"},approximate:!0,files:s(n.trace_files)}:{source:{kind:"none"},approximate:!1,files:[]}}function Fy(n){for(let t=n.length-1;t>=0;t--){let e=n[t].validations;if(e.length===0)continue;let s=new Map;for(let r of e)s.set(`${r.integration}|${r.command}`,r.passed);return[...s.values()].every(r=>r)}return null}var vl,Je=v(()=>{K();be();nr();_e();it();gt();ms();kl();a(Rt,"tokensOf");a(ze,"buildTaskHistory");vl=["ready","done"];a(gs,"listHistory");a(Dy,"loadRunJson");a(Py,"describes");a(Uf,"compose");a(bl,"round6");a(Iy,"runOf");a(qy,"changedFiles");a(Fy,"validationsPassed")});function F(n){if(!Number.isFinite(n))return"-";let t=n<0?"-":"",e=Math.abs(Math.round(n));if(e<1e3)return`${t}${e}`;let s=["k","M","G","T"],r=-1,i=e;for(;r<s.length-1&&i>=999.5;)e=i,i=i/1e3,r++;let o=i<9.95?Uy(i.toFixed(1)):String(Math.round(i));return`${t}${o}${s[r]}`}function Uy(n){return n.endsWith(".0")?n.slice(0,-2):n}function at(n){if(n==null||!Number.isFinite(n)||n<0)return"-";if(n<1e3)return`${Math.round(n)} ms`;let t=n/1e3;if(t<9.95)return`${t.toFixed(1)} s`;if(t<59.5)return`${Math.round(t)} s`;let e=Math.round(t);if(e<3600)return`${Math.floor(e/60)} min ${_l(e%60)} s`;let s=Math.floor(e/60);if(s<24*60)return`${Math.floor(s/60)} h ${_l(s%60)} min`;let r=Math.floor(s/60);return`${Math.floor(r/24)} d ${_l(r%24)} h`}function gr(n,t){if(n===null||!Number.isFinite(n))return"-";let e=t-n;return e<6e4?"just now":e<36e5?`${Math.floor(e/6e4)} min ago`:e<24*36e5?`${Math.floor(e/36e5)} h ago`:e<30*24*36e5?`${Math.floor(e/(24*36e5))} d ago`:new Date(n).toISOString().slice(0,10)}function Ke(n,t="USD"){if(n==null||!Number.isFinite(n))return"-";let e=n>0&&n<.005,s=e?"0.01":n.toFixed(2),r=t==="USD"?`$${s}`:`${s} ${t}`;return e?`<${r}`:r}function wt(n,t,e=`${t}s`){return`${n} ${n===1?t:e}`}function Wt(n){if(!n)return"-";let t=Date.parse(n);return Number.isFinite(t)?new Date(t).toISOString().slice(0,19).replace("T"," "):L(n)}function ys(n){if(!n)return"-";let t=Date.parse(n);return Number.isFinite(t)?new Date(t).toISOString().slice(11,23):L(n)}var _l,Sn=v(()=>{Ft();a(F,"formatCount");a(Uy,"trimZero");_l=a(n=>String(n).padStart(2,"0"),"pad2");a(at,"formatDuration");a(gr,"formatAge");a(Ke,"formatCost");a(wt,"plural");a(Wt,"formatTime");a(ys,"formatClock")});function yr(n){return n?"":"+"}function Bf(n,t,e=!1){if(n.length===0)return e?`No tasks yet.
`:`No ready or done tasks yet (taskline history --all lists every task).
`;let s=["#","TITLE","STATUS","RUNS","COMMITS","FILES","TOKENS","ACTIVE","COST","LAST ACTIVITY"],r=new Set([0,3,4,5,6,7,8]),i=n.map(c=>[String(c.number),Du(E(c.task.title,200),40),c.running?`${E(c.task.status,16)} (running)`:c.bad_log?`${E(c.task.status,16)} (log unreadable)`:E(c.task.status,16),String(c.totals.runs),String(c.totals.commits),String(c.changed_files.files.length),F(Rt(c.totals.usage))+yr(c.totals.complete),at(c.totals.active_ms)+yr(c.totals.complete),wr(c),gr(c.last_activity?Date.parse(c.last_activity):null,t)].map(h=>L(h))),o=s.map((c,h)=>Math.max(c.length,...i.map(f=>ve(f[h])))),l=a(c=>c.map((h,f)=>{if(f===c.length-1)return h;let d=" ".repeat(Math.max(0,o[f]-ve(h)));return r.has(f)?d+h:h+d}).join("  ").trimEnd()+`
`,"line"),u=l(s)+i.map(l).join("");return n.some(c=>!c.totals.complete)&&(u+=Tn+`
`),n.some(c=>c.cost?.reported===!0&&wr(c)!=="-")&&(u+=By+`
`),u}function wr(n){return!n.cost||n.cost.complete===!1?"-":Ke(n.cost.amount,n.cost.currency)+(n.cost.reported===!0?"*":"")}function kr(n,t){let e=`${F(Rt(n.usage))}${yr(n.totals_known)} tokens`,s=`${at(n.active_ms)}${yr(n.totals_known)} active`,r=`cost ${Ke(n.cost,n.cost_reported?"USD":t)}${n.cost_reported?" (reported by the agent)":""}`;return`${e}, ${s}, ${r}`}function br(n){let t=n.unpriced_models??[];return wr(n)!=="-"?`cost ${Ke(n.cost.amount,n.cost.currency)}${n.cost.reported===!0?" (reported by the agent)":""}`:t.length>0?`cost - (no price for ${t.map(e=>e===""?"a model not recorded before 0.5":e).join(", ")})`:"cost -"}function Ki(n,t){let e=[],s=n.cost?.currency??"USD";e.push(`#${n.number} ${E(n.task.title,100)} \xB7 ${n.task.status}${n.running?" (running)":""} \xB7 branch ${n.task.branch}`);let r=n.totals.usage,i=yr(n.totals.complete);e.push(`${wt(n.totals.runs,"run")}, ${wt(n.totals.commits,"commit")}, ${wt(n.changed_files.files.length,"file")} changed, ${F(Rt(r))}${i} tokens (${F(r.input_tokens)} in, ${F(r.output_tokens)} out, ${F(r.cache_read_tokens)} cache read, ${F(r.cache_write_tokens)} cache write), ${at(n.totals.active_ms)}${i} active`),e.push(`${br(n)} \xB7 last activity ${gr(n.last_activity?Date.parse(n.last_activity):null,t)}${n.last_activity?` (${Wt(n.last_activity)} UTC)`:""}`),n.last_qa&&e.push(`QA round ${n.last_qa.round}: ${n.last_qa.verdict}${n.last_qa.summary?` (${E(n.last_qa.summary,100)})`:""}`),n.validations_passed!==null&&e.push(`Validations: ${n.validations_passed?"passing":"failing"}`),n.runs.length===0&&e.push("","No run yet.");for(let l of n.runs){e.push("");let u=l.state==="finished"?`finished ${l.status??"-"}${l.success===!0?" (success)":l.success===!1?" (no success)":""}`:l.state;if(e.push(`Run ${l.run}${l.current?" (current)":""} \xB7 ${u} \xB7 ${wt(l.resumes,"resume")}`),e.push(`  started ${Wt(l.started_at)}, ${l.finished_at?`finished ${Wt(l.finished_at)}`:`last event ${Wt(l.last_event_at)}`} \xB7 ${kr(l,s)}`),l.legacy&&e.push(l.totals_known?"  partly recorded before 0.5: totals from run.json, models of that part unknown":"  partly recorded before 0.5: totals are lower bounds, models of that part unknown"),l.phases.length>0){e.push("  Phases:");for(let c of l.phases){let h=c.success===!0?"ok":c.success===!1?"failed":"unfinished",f=c.started_at&&c.finished_at?`  ${at(Date.parse(c.finished_at)-Date.parse(c.started_at))}`:"";e.push(`    ${h.padEnd(10)} ${c.phase}${f}${c.summary?`  ${E(c.summary,100)}`:""}`)}}if(l.approvals.length>0||l.pending_approval){e.push("  Approvals:");for(let c of l.approvals)e.push(`    ${(c.approved?"approved":"rejected").padEnd(10)} ${c.gate}${c.comment?`  "${E(c.comment,100)}"`:""}`);l.pending_approval&&e.push(`    ${"pending".padEnd(10)} ${l.pending_approval}`)}if(l.validations.length>0){e.push("  Validations:");for(let c of l.validations)e.push(`    ${(c.passed?"passed":"failed").padEnd(10)} ${E(c.command,80)}${c.integration?" (integration)":""}${c.exit_code!==null?`  exit ${c.exit_code}`:""}`)}if(l.commits.length>0){e.push("  Commits:");for(let c of l.commits)e.push(`    ${c.commit.slice(0,10)} ${E(c.message,80)}  (${wt(c.files.length,"file")})`)}l.merged&&e.push(`  Merged: ${l.merged.commit.slice(0,10)} ${l.merged.branch||"?"} into ${l.merged.base||"?"}`),l.paused_reason&&e.push(`  Paused: ${E(l.paused_reason,120)}`),l.last_error&&e.push(`  Last error: ${E(l.last_error,200)}`)}let o=n.changed_files;if(e.push(""),o.files.length===0)e.push("Changed files: none recorded");else{let l=o.source.kind==="merged"?`the merge ${(o.source.commit??"").slice(0,10)}, files of its commits`:o.source.kind==="commits"?"the commits":"the calls that wrote files";e.push(`Changed files (from ${l}${o.approximate?", approximate":""}):`);for(let u of o.files)e.push(`  ${u.path}`)}if(n.errors?.length){e.push("","Problems:");for(let l of n.errors)e.push(`  ${l}`)}return n.totals.complete||e.push("",Tn),e.map(l=>L(l)).join(`
`)+`
`}var Tn,By,vr=v(()=>{Je();Sn();mn();Ft();Tn="+ lower bound: part of the work was recorded before 0.5 (no totals then) or a run did not finish",By="* cost reported by the agent itself (the price table has no price for its model)";a(yr,"mark");a(Bf,"renderTable");a(wr,"costText");a(kr,"runTotals");a(br,"taskCostText");a(Ki,"renderDetail")});function xt(n,t={}){let e=E(n,t.charsMax??300),s="";for(let i of e.split(/([\s|]+)/))i!==""&&(/^[\s|]/.test(i)?s+=i.replaceAll("|","\\|"):Wy.test(i)?s+=xl(i):s+=i.replace(Hy,"\\$&"));let r=t.table||t.lineStart===!1?null:zy.exec(s);if(r){let i=r[0];s=i.length===1?`\\${s}`:`${i.slice(0,-1)}\\${s.slice(i.length-1)}`}return s}function re(n,t={}){let e=E(n,t.charsMax??300);return e===""?"(empty)":!t.table||!e.includes("|")?xl(e):e.split("|").map(s=>s===""?"":xl(s)).join("\\|")}function xl(n){let t=0;for(let r of n.match(/`+/g)??[])t=Math.max(t,r.length);let e="`".repeat(t+1),s=n.startsWith("`")||n.endsWith("`")||n.startsWith(" ")&&n.endsWith(" ")?" ":"";return`${e}${s}${n}${s}${e}`}function Hf(n,t={}){let e=t.charsMax??4e3,s=String(n??"").replace(/\r\n?/g,`
`);s.length>e&&(s=s.slice(0,e-1)+"\u2026");let r=[];for(let i of s.split(`
`)){let o=xt(i,{charsMax:e});o===""?r.length>0&&r[r.length-1]!==""&&r.push(""):r.push(o)}for(;r.length>0&&r[r.length-1]==="";)r.pop();return r.join(`
`)}function ws(n){return n.map(t=>L(t,{newline:`
`})).join(`
`)+`
`}var Hy,Wy,zy,$l=v(()=>{mn();Ft();Hy=/[\\`*_[\]<>&|~$#]/g,Wy=/[@#$]|:\/\/|www\.|\bgh-\d|:[a-z0-9_+-]*[a-z+][a-z0-9_+-]*:/i,zy=/^(?:[-+=]|\d{1,9}[.)])/;a(xt,"mdText");a(re,"mdCode");a(xl,"codeSpan");a(Hf,"mdParagraphs");a(ws,"mdDocument")});function Vi(n,t){let e=[],s=0;for(let r of n){if(e.length>=t.itemsMax||s+r.length+1>t.charsMax)break;e.push(r),s+=r.length+1}return{lines:e,left:n.length-e.length}}var Sl=v(()=>{a(Vi,"takeLines")});function Tl(n){return n?"":"+"}function Xi(n){return`| ${n.join(" | ")} |`}function ie(n,t=80){return xt(n,{charsMax:t,table:!0})}function Wf(n,t,e,s){let r=Vi(e,{itemsMax:Ky,charsMax:Jy-4e3}),i=[Xi(n),Xi(n.map((o,l)=>t.has(l)?"---:":"---")),...r.lines];return r.left>0&&i.push("",`\u2026 and ${r.left} more: ${s}`),i}function zf(n,t={}){let e=[`### taskline: ${t.all?"every task":"finished work"}`,""];if(n.length===0)return e.push(t.all?"No tasks yet.":"No ready or done tasks yet."),ws(e);let s=n.map(r=>Xi([String(r.number),ie(r.task.title),ie(r.running?`${r.task.status} (running)`:r.bad_log?`${r.task.status} (log unreadable)`:r.task.status,40),String(r.totals.runs),String(r.totals.commits),String(r.changed_files.files.length),ie(F(Rt(r.totals.usage))+Tl(r.totals.complete)),ie(at(r.totals.active_ms)+Tl(r.totals.complete)),ie(wr(r)),ie(r.last_activity?Wt(r.last_activity):"-")]));return e.push(...Wf(["#","Task","Status","Runs","Commits","Files","Tokens","Active","Cost","Last activity (UTC)"],new Set([0,3,4,5,6,7,8]),s,"`taskline history --all`"),""),n.some(r=>!r.totals.complete)&&e.push(xt(Tn),""),e.push(`${wt(n.length,"task")}. One task in detail: \`taskline history N\`; its tool calls: \`taskline trace N\`.`),ws(e)}function Vy(n){if(n.state!=="finished")return n.state;let t=n.success===!0?" (success)":n.success===!1?" (no success)":"";return`finished ${n.status??"-"}${t}`}function Xy(n){if(n.validations.length===0)return"-";let t=new Map;for(let s of n.validations)t.set(`${s.integration}|${s.command}`,s.passed);let e=[...t.values()].filter(s=>!s).length;return e===0?`${t.size} passing`:`${e} of ${t.size} failing`}function Jf(n){let t=n.number,e=[`### Task ${t}: ${xt(n.task.title,{charsMax:200,lineStart:!1})}`,""],s=[`**${xt(n.task.status,{charsMax:40,lineStart:!1})}**${n.running?" (running)":""}`,`branch ${re(n.task.branch)}`,wt(n.totals.runs,"run"),wt(n.totals.commits,"commit"),`${wt(n.changed_files.files.length,"file")} changed`];if(n.validations_passed!==null&&s.push(`validations ${n.validations_passed?"passing":"failing"}`),n.last_qa&&s.push(`QA round ${n.last_qa.round}: ${xt(n.last_qa.verdict,{charsMax:40,lineStart:!1})}`),e.push(s.join(" \xB7 "),""),n.bad_log&&e.push(`The task's log cannot be read: ${xt(n.bad_log.message,{lineStart:!1})}`,""),n.runs.length===0)e.push("No run yet.","");else{let o=n.cost?.currency??"USD",l=n.runs.map(u=>Xi([re(u.run.slice(0,8),{table:!0})+(u.current?" (current)":""),ie(Vy(u),60),ie(Wt(u.started_at)),ie(u.finished_at?Wt(u.finished_at):"-"),String(u.resumes),String(u.commits.length),ie(Xy(u)),ie(kr(u,o),120)]));e.push(...Wf(["Run","State","Started (UTC)","Finished (UTC)","Resumes","Commits","Validations","Tokens, active time, cost"],new Set([4,5]),l,`\`taskline history ${t}\``),"")}let r=n.totals.usage,i=Tl(n.totals.complete);return e.push(`Total: ${F(Rt(r))}${i} tokens (${F(r.input_tokens)} in, ${F(r.output_tokens)} out, ${F(r.cache_read_tokens)} cache read, ${F(r.cache_write_tokens)} cache write), ${at(n.totals.active_ms)}${i} active, ${xt(br(n),{lineStart:!1})}.`,""),n.totals.complete||e.push(xt(Tn),""),e.push(`Every run in detail: \`taskline history ${t}\`; the tool calls: \`taskline trace ${t}\`; the pull request's text: \`taskline pr ${t}\`.`),ws(e)}var Jy,Ky,El=v(()=>{Je();vr();$l();Sl();Sn();Jy=32e4,Ky=2e3;a(Tl,"mark");a(Xi,"row");a(ie,"cell");a(Wf,"table");a(zf,"historyMarkdown");a(Vy,"runState");a(Xy,"validationsCell");a(Jf,"taskHistoryMarkdown")});var Vf={};W(Vf,{HISTORY_HELP:()=>Yy,historyCommand:()=>Gy});async function Gy(n,t){Ae();let{values:e,positionals:s}=j("history",t,{all:{type:"boolean"},json:{type:"boolean"},format:{type:"string"}}),r=e.json===!0?"json":String(e.format??"text");if(!["text","json","markdown"].includes(r))throw new y("usage",`taskline history: --format takes text, json or markdown, not "${r.slice(0,40)}"`);if(n.json=r==="json",s.length>1)throw new y("usage","taskline history: name at most one task");let i=await n.settings(),o=Zy(n),l=new _t({disk:!0}),u=n.io.stdout;if(s.length===1){let f=await n.task(s[0]),d=await ze(n.state,f,{settings:i,cache:l,signal:n.io.signal});return await Kf(n,d),n.json?await u.write(JSON.stringify(d)+`
`):r==="markdown"?await u.write(Jf(d)):await u.write(Ki(d,o)),d.bad_log?1:0}let c=await n.tasks(),h=await gs(n.state,{all:e.all===!0,settings:i,cache:l,tasks:c,signal:n.io.signal});for(let f of h)await Kf(n,f);return n.json?await u.write(JSON.stringify(h)+`
`):r==="markdown"?await u.write(zf(h,{all:e.all===!0})):await u.write(Bf(h,o,e.all===!0)),h.some(f=>f.bad_log)?1:0}function Zy(n){let t=n.io.env("TASKLINE_NOW");if(t===void 0||t==="")return Date.now();let e=Date.parse(t);if(!Number.isFinite(e))throw new y("usage",`TASKLINE_NOW must be an RFC 3339 time, not "${t.slice(0,40)}"`);return e}async function Kf(n,t){if(t.errors.length===0)return;if(t.bad_log)return await n.warn(t.bad_log.message);let e=t.errors.length>1?` (and more: taskline history ${t.number})`:"";await n.warn(`${n.state.logPath(t.dir)}: ${t.errors[0]}${e}`)}var Yy,Xf=v(()=>{A();Je();ms();rt();vr();El();U();Yy=`Usage: taskline history [REF] [options]

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
(\`pricing\` in .taskline/config.jsonc); otherwise it shows "-".`;a(Gy,"historyCommand");a(Zy,"nowOf");a(Kf,"warnProblems")});function vs(n){if(n.length>64||!Zf.test(n))throw new y("usage",`Project name "${n.slice(0,80)}" is not usable: letters, digits, _ and single dashes, at most 64 characters`);return n}function Ll(n){let t=n.replace(/[^A-Za-z0-9_]+/g,"-").replace(/^-+|-+$/g,"").slice(0,64).replace(/-+$/,"");return t===""?"project":t}function Ve(n){return Qy.test(n)}function no(n){return tw.test(n)}function so(n,t){return ew.test(n)&&!n.includes("..")&&(t===void 0||ro(t,n).length<=nw)}function ro(n,t){return`${n}--${t}`}function io(n,t){return`${$t}.${n}.${t}.ev`}function Qf(n,t){return`${Ol}.${n}.${t}`}function oo(n,t){return`${$t}.${n}.${t}.task`}function td(n,t,e,s){return`${$t}.${n}.${t}.out.${e}.${s}`}function ao(n,t){return`${$t}.${n}.${t}.outs`}function ed(n){let t=n.split(".");if(t[0]!==$t||t.length<4)return null;let[,e,s,r]=t;return!Zf.test(e)||!Ve(s)?null:(r==="ev"||r==="task"||r==="outs")&&t.length===4?{kind:r,project:e,task:s}:r==="out"&&t.length===6&&Ve(t[4])&&no(t[5])?{kind:r,project:e,task:s,run:t[4],call:t[5]}:null}function Rl(n,t,e,s,r){return`${n}:${t}:${e??""}:${s}${r===void 0?"":`#${r}`}`}function nd(n,t,e,s,r,i){return`${n}:${t}:${e??""}-${s??""}:${r}:${i}`}function sd(n){return`["${n.run}","${n.call}",${n.data.length}],`.length+n.data.length}function rd(n){let t=JSON.stringify(n.map(o=>[o.run,o.call,o.data.length])),e=new TextEncoder().encode(`${t}
`),s=e.length;for(let o of n)s+=o.data.length;let r=new Uint8Array(s);r.set(e,0);let i=e.length;for(let o of n)r.set(o.data,i),i+=o.data.length;return r}function id(n){let t=n.indexOf(10);if(t<0)return null;let e;try{e=JSON.parse(new TextDecoder().decode(n.subarray(0,t)))}catch{return null}if(!Array.isArray(e)||e.length>jl)return null;let s=[],r=t+1;for(let i of e){if(!Array.isArray(i)||i.length!==3)return null;let[o,l,u]=i;if(typeof o!="string"||!Ve(o)||typeof l!="string"||!no(l)||!Number.isSafeInteger(u)||u<0||r+u>n.length)return null;s.push({run:o,call:l,data:n.subarray(r,r+u)}),r+=u}return r===n.length?s:null}function od(n,t,e,s){return`${n}:outs:${t.run}:${t.call}:${e}:${s}`}function co(n){return n.length<2?0:n.lastIndexOf(10,n.length-2)+1}function uo(n){let t=0;for(let e=n.indexOf(10);e>=0;e=n.indexOf(10,e+1))t++;return t}function Dl(n){let t=/:(\d{1,15})(?:#\d+)?$/.exec(n);return t?Number(t[1]):null}function $r(n){if(!n)return null;let t=/^(\d{1,9})\/(\d{1,9})$/.exec(n);if(!t)return null;let e=Number(t[1]),s=Number(t[2]);return s>0&&e<s?{i:e,n:s}:null}function ad(n,t){let e=Dl(n?.get(ks)??"");if(e===null)return null;let s=$r(n?.get(Xe));if(s===null)return{start:e,end:e+t,part:s};let r=/^\d{1,15}$/.exec(n?.get(Cl)??""),i=s.i===s.n-1&&r!==null;return{start:e,end:i?e+Number(r[0]):e,part:s}}function rw(n,t){let e=sw.exec(n);if(e)return{seq:Number(e[1]),type:e[2],run:e[3]};try{let s=JSON.parse(t()),r=s&&typeof s=="object"?s.event:void 0,i=r&&typeof r.run=="string"?r.run:"",o=Number.isSafeInteger(s?.seq)?s.seq:null,l=r&&typeof r.type=="string"?r.type:"";return{run:i.replace(/[:#\s]/g,"_").slice(0,64),seq:o,type:l}}catch{return{run:"",seq:null,type:""}}}function _s(n){return new TextEncoder().encode(n)}function oe(n,t,e){if(t+e.length>n.length)return!1;for(let s=0;s<e.length;s++)if(n[t+s]!==e[s])return!1;return!0}function to(n,t){for(;t<n.length&&n[t]>=48&&n[t]<=57;)t++;return t}function Al(n,t){for(let e=t;e<n.length;e++){let s=n[e];if(s===34)return e;if(s===92||s<32)return-1}return-1}function ld(n,t,e,s){t:{if(!oe(n,t,_r))break t;let r=to(n,t+_r.length);if(!oe(n,r,Yi)||(r=to(n,r+Yi.length),!oe(n,r,Gi))||(r=n.indexOf(34,r+Gi.length),r<0||r>=e||!oe(n,r,Zi)))break t;return r+=Zi.length,oe(n,r,Qi)&&n[r+Qi.length]===34}return Sr(n.subarray(t,e),s).isToolReturned}function Sr(n,t){t:{if(!oe(n,0,_r))break t;let r=to(n,_r.length);if(r===_r.length||!oe(n,r,Yi))break t;let i=r+Yi.length;if(r=to(n,i),r===i||r-i>15||!oe(n,r,Gi))break t;let o=0;for(let d=i;d<r;d++)o=o*10+(n[d]-48);if(r=Al(n,r+Gi.length),r<0||!oe(n,r,Zi))break t;let l=r+Zi.length;if(r=Al(n,l),r<0||!oe(n,r,Yf))break t;let u=r-l===Qi.length&&oe(n,l,Qi),c=r+Yf.length;if(r=Al(n,c),r<0)break t;let h="",f=!0;for(let d=c;d<r;d++)n[d]>=128&&(f=!1);if(f&&r-c<=64)for(let d=c;d<r;d++)h+=String.fromCharCode(n[d]);else h=t.decode(n.subarray(c,r));return{run:h,seq:o,isToolReturned:u}}let e=t.decode(n.subarray(0,Math.min(n.length,300))),s=rw(e,()=>t.decode(n));return{run:s.run,seq:s.seq,isToolReturned:s.type==="tool_returned"}}function Ye(n,t,e=[]){if(/[\r\n]/.test(n)||/[\r\n]/.test(t))throw new y("bad-state",`a message id or directory holds a line break: ${n}`);return new Ml([[ks,n],[Nl,t],...e])}var $t,Ol,xr,Nl,Xe,ks,Cl,bs,Gf,eo,Qy,tw,Zf,ew,nw,jl,lo,sw,_r,Yi,Gi,Zi,Yf,Qi,iw,Ml,ae=v(()=>{A();$t="taskline",Ol="taskline_live",xr="TASKLINE",Nl="Taskline-Dir",Xe="Taskline-Part",ks="Nats-Msg-Id",Cl="Taskline-Length",bs="Nats-Expected-Last-Subject-Sequence",Gf=10071,eo="Taskline-Upto",Qy=/^[A-Za-z0-9_-]{1,64}$/,tw=/^[0-9a-f]{12}$/,Zf=/^[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*$/,ew=/^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;a(vs,"checkProject");a(Ll,"projectFromDirName");a(Ve,"isToken");a(no,"isCall");nw=255;a(so,"isSafeDir");a(ro,"mirrorDir");a(io,"eventsSubject");a(Qf,"liveSubject");a(oo,"taskSubject");a(td,"outputSubject");a(ao,"outputsSubject");a(ed,"parseSubject");a(Rl,"lineMsgId");a(nd,"batchMsgId");jl=1024;a(sd,"outputBytesInMsg");lo=3;a(rd,"encodeOutputs");a(id,"decodeOutputs");a(od,"outputsMsgId");a(co,"lastLineStart");a(uo,"countLines");a(Dl,"offsetOfMsgId");a($r,"parsePart");a(ad,"evExtent");sw=/^\{"schema":\d+,"seq":(\d+),"at":"[^"\\]*","event":\{"type":"([^"\\]*)","run":"([^"\\]*)"/;a(rw,"lineKeys");_r=_s('{"schema":'),Yi=_s(',"seq":'),Gi=_s(',"at":"'),Zi=_s('","event":{"type":"'),Yf=_s('","run":"'),Qi=_s("tool_returned");a(_s,"bytesOf");a(oe,"hasAt");a(to,"digitsEnd");a(Al,"plainStringEnd");a(ld,"isToolReturnedLine");a(Sr,"lineKeysOfBytes");iw=new TextEncoder,Ml=class{static{a(this,"RawHeaders")}#t;constructor(t){let e="NATS/1.0";for(let[s,r]of t)e+=`\r
${s}: ${r.trim()}`;this.#t=iw.encode(`${e}\r
\r
`)}encode(){return this.#t}};a(Ye,"msgHeaders")});var ho,cd=v(()=>{Ws();ae();ho=class{static{a(this,"AckWindow")}#t;#e;#n=0;#s=0;#r=new Map;#i=0;#o=new ne;#a=null;#l;#c=new TextDecoder;constructor(t){this.#t=t,this.#e=`_INBOX.taskline.${crypto.randomUUID().replaceAll("-","")}`,this.#l=t.subscribe(this.#e,{callback:a((e,s)=>this.#u(s),"callback")})}get pending(){return this.#r.size}get pendingBytes(){return this.#i}get failure(){return this.#a}fail(t){this.#a??=t;for(let e of this.#r.values()){let s=e.done;e.done=void 0,s?.(null)}this.#o.wake()}publish(t,e,s,r,i){let o=this.#n++;this.#r.set(o,{sent:Date.now(),bytes:e.length,subject:t,ev:r,done:i}),this.#i+=e.length,this.#t.publish(t,e,{reply:this.#e,headers:s})}send(t,e,s,r){return this.#a!==null?Promise.resolve(null):new Promise(i=>this.publish(t,e,s,r,i))}unacknowledged(){let t=[];for(let e of this.#r.values())e.ev&&t.push(e.ev);return t}#u(t){let e=this.#s++,s=this.#r.get(e);if(s===void 0)return;this.#r.delete(e),this.#i-=s.bytes;let r=t.data;if(r.length>10&&r[0]===123&&r[2]===115&&r[3]===116){if(s.done){let o=null;try{o=JSON.parse(this.#c.decode(r)).seq}catch{}let l=s.done;s.done=void 0,typeof o=="number"&&o>0?l(o):(l(null),this.fail(`an acknowledgement without a sequence (${this.#c.decode(r).slice(0,200)})`))}}else{let o=this.#c.decode(r).slice(0,200),l=t.headers?.code?`status ${t.headers.code}`:"";s.done?.(null),s.done=void 0,this.fail(o.includes(`"err_code":${Gf}`)?`${s.subject} holds a message stored by another writer, a ship killed before? (${o})`:`a publish was refused (${o||l||"empty answer"})`)}this.#o.wake()}async waitRoom(t,e,s,r){for(;(this.#r.size>=t||this.#i>=e)&&this.#a===null;)this.checkTimeout(s),await this.#o.wait(100,r)}async settle(t,e){for(;this.#r.size>0&&this.#a===null;)this.checkTimeout(t),await this.#o.wait(100,e)}checkTimeout(t){let e=this.#r.values().next().value?.sent;e!==void 0&&Date.now()-e>t&&this.#a===null&&this.fail(`no acknowledgement in ${t} ms`)}close(){this.fail("the session ended"),this.#l.unsubscribe()}}});function Tr(n){let t=n.includes("://")?n:`nats://${n}`,e;try{e=new URL(t)}catch{throw new y("usage",`Cannot read the NATS URL "${n.slice(0,100)}"`)}if(e.protocol!=="nats:"&&e.protocol!=="tls:")throw new y("usage",`The NATS URL must start with nats://, not ${e.protocol}//`);if(e.username!==""||e.password!=="")throw new y("usage","The NATS URL carries credentials: put a token in TASKLINE_NATS_TOKEN or .taskline/nats.token, or an nkey seed in .taskline/nats.nkey (see docs/fleet.md)");let s=e.hostname;if(s==="")throw new y("usage",`The NATS URL "${n}" names no host`);let r=e.port===""?4222:Number(e.port),i=s.includes(":")&&!s.startsWith("[")?`[${s}]`:s;return{host:s,port:r,server:`${i}:${r}`}}async function Er(n,t){let e=t("TASKLINE_NATS_TOKEN");if(e)return{options:{token:e},source:"env token"};let{credsAuthenticator:s,nkeyAuthenticator:r}=await ud(),i=a((h,f)=>{let d=r(new TextEncoder().encode(h));try{d("taskline")}catch(p){throw new y("bad-state",`The nkey seed in ${f} is not a seed (${p.message}): it is a line of about 58 characters that starts with S (docs/fleet.md)`)}return{options:{authenticator:d},source:"nkey seed"}},"seedAuth"),o=t("TASKLINE_NATS_NKEY");if(o)return i(o.trim(),"TASKLINE_NATS_NKEY");let l=await Pl(n,"nats.token");if(l)return{options:{token:new TextDecoder().decode(l).trim()},source:"token file"};let u=await Pl(n,"nats.nkey");if(u)return i(new TextDecoder().decode(u).trim(),`${n.root}/nats.nkey`);let c=await Pl(n,"nats.creds");return c?{options:{authenticator:s(c)},source:"creds file"}:{options:{},source:"none"}}async function Pl(n,t){let e=`${n.root}/${t}`;try{return await Jr(e,{root:n.root})}catch(s){throw s instanceof y?s:new y("io",`Cannot read ${e}: ${s.message}`)}}async function fo(n,t={}){await Fl(n);for(let e=0;;e++)try{return await ow(n,t)}catch(s){let r=s.message;if(ql(s))throw s;if(e===0&&t.onWaiting?.(r),t.signal?.aborted)throw new y("interrupted",`Stopped waiting for NATS at ${n.server}`);await new Promise(i=>setTimeout(i,500))}}function ql(n){return/authori[sz]ation|authentication|permission|requires net access/i.test(String(n?.message??""))}async function Fl(n){if((await Deno.permissions.query({name:"net",host:`${n.host}:${n.port}`})).state!=="granted")throw new y("io",`Cannot connect to NATS at ${n.server}: taskline has no net access to it; install it with TASKLINE_NATS_HOST=${n.server} (see "Fleet" in the README)`)}async function ow(n,t){let{connect:e}=await ud();try{return await e({servers:n.server,name:t.name??"taskline",reconnect:t.reconnect??!0,maxReconnectAttempts:-1,reconnectTimeWait:250,reconnectJitter:50,pingInterval:1e4,...t.auth})}catch(s){throw new y("io",`Cannot connect to NATS at ${n.server}: ${s.message}`,{cause:s})}}async function Ul(n,t){try{return await n.streams.info(t)}catch(e){if(!En(e))throw e}try{return await n.streams.add({name:t,subjects:[`${$t}.>`],storage:"file",retention:"limits",discard:"new",max_bytes:Il.maxBytes,max_age:0,max_msgs:-1,num_replicas:1,duplicate_window:Il.duplicateWindowNs})}catch(e){if(/already in use|exists/i.test(e.message))return await n.streams.info(t);throw e}}function En(n){let t=n;return t?.api_error?.err_code===10059||t?.api_error?.err_code===10037||/not found/i.test(String(t?.message??""))}function ud(){return import("@nats-io/transport-node")}function Bl(){return import("@nats-io/jetstream")}async function po(n){return await(await Bl()).jetstreamManager(n)}var Il,Ar=v(()=>{A();U();ae();a(Tr,"parseNatsUrl");a(Er,"natsCredentials");a(Pl,"credentialsFile");a(fo,"openNats");a(ql,"isRefusal");a(Fl,"checkNetPermission");a(ow,"connectOnce");Il={maxBytes:8*1024*1024*1024,duplicateWindowNs:120*1e9};a(Ul,"ensureStream");a(En,"isNotFound");a(ud,"transport");a(Bl,"jetStreamApi");a(po,"jetstreamManager")});function hd(n,t,e={}){let s=Me(n);if(s===null)return null;try{let i=s.statSync().size;if(i<=t)return{size:i,bytes:new Uint8Array(0)};let o=Math.min(e.chunkBytes??1024*1024,i-t),l=e.lineBytesMax??64*1024*1024;for(;;){let u=new Uint8Array(o);s.seekSync(t,Deno.SeekMode.Start);let c=0;for(;c<o;){let f=s.readSync(u.subarray(c));if(f===null||f===0)break;c+=f}let h=u.subarray(0,c).lastIndexOf(10);if(h>=0)return{size:i,bytes:u.subarray(0,h+1)};if(c<o||t+c>=i||o>=l)return{size:i,bytes:new Uint8Array(0)};o=Math.min(o*4,l,i-t)}}finally{s.close()}}function Ge(n,t){if(n.length!==t.length)return!1;for(let e=0;e<n.length;e++)if(n[e]!==t[e])return!1;return!0}function Mr(n){let t=2166136261;for(let e=0;e<n.length;e++)t^=n[e],t=Math.imul(t,16777619);return(t>>>0).toString(16).padStart(8,"0")+n.length.toString(16)}var xs=v(()=>{U();a(hd,"readCompleteLinesSync");a(Ge,"bytesEqual");a(Mr,"shortHash")});function fd(n,t,e){return{dir:n,id:t,next:0,last:null,lastStart:0,replay:new Map,synced:!1,evSeq:0,outsSeq:0,outsUpto:0,taskJson:null,taskStamp:"",stopped:e}}var mo,go=v(()=>{a(fd,"shippedTask");mo="its lines are not shipped while it is not a regular file"});async function dd(n,t){let e=n.jsm;if(e===null)return;let s=[...t].filter(i=>!i.synced&&i.stopped===null),r=null;if(s.length>16){let i=n.project;r=new Set([...await Hl(e,n.stream,`${$t}.${i}.*.ev`),...await Hl(e,n.stream,`${$t}.${i}.*.task`),...await Hl(e,n.stream,`${$t}.${i}.*.outs`)])}for(let i=0;i<s.length;i+=64)await Promise.all(s.slice(i,i+64).map(o=>aw(n,o,{jsm:e,held:r})))}async function aw(n,t,e){let{jsm:s,held:r}=e,i=n.project,o=a(f=>r&&!r.has(f)?Promise.resolve(null):Wl(s,n.stream,f),"last"),[l,u,c]=await Promise.all([o(io(i,t.id)),o(oo(i,t.id)),o(ao(i,t.id))]);t.evSeq=l?.seq??0,t.outsSeq=c?.seq??0;let h=/^\d{1,15}$/.exec(c?.header?.get(eo)??"");if(t.outsUpto=h?Number(h[0]):0,t.taskJson=u?u.data:null,t.taskStamp="",t.last=null,t.lastStart=0,t.next=0,l){let f=ad(l.header,l.data.length);if(f===null)throw new y("bad-state",`the last message of task ${t.dir} has no offset`);if(t.next=f.end,f.part===null){let d=co(l.data);t.last=l.data.subarray(d),t.lastStart=f.start+d}await lw(n,t)}for(let f of t.replay.keys())f<t.next&&t.replay.delete(f);t.synced=!0}async function lw(n,t){let e=n.state.logPath(t.dir),s=null;try{s=await nt(e)}catch(r){if(r instanceof N)return n.badFile(t.dir,r,mo)}try{let r=s===null?0:(await s.stat()).size;r<t.next?n.stop(t,`its log is shorter (${r} bytes) than what was shipped (${t.next} bytes)`):s!==null&&t.last&&!Ge(await ce(s,t.lastStart,t.last.length),t.last)&&n.stop(t,`the last line shipped is no longer at byte ${t.lastStart} of its log`)}finally{s?.close()}}async function Hl(n,t,e){let s=await n.streams.info(t,{subjects_filter:e});return Object.keys(s.state.subjects??{})}async function Wl(n,t,e){try{let s=await n.streams.getMessage(t,{last_by_subj:e});return s?{data:s.data,header:s.header,seq:s.seq}:null}catch(s){if(En(s)&&!/stream not found/i.test(s.message))return null;throw s}}var zl=v(()=>{A();U();Ar();xs();go();ae();a(dd,"syncTasks");a(aw,"sync");a(lw,"checkShipped");a(Hl,"subjectsHeld");a(Wl,"lastMessage")});function md(n,t,e){let{bytes:s,listed:r}=e,i=new Map,o=0;for(;o<s.length;){let l=s.indexOf(10,o)+1,u=o;if(o=l,!ld(s,u,l,pd))continue;let c,h,f=!1;try{let m=JSON.parse(pd.decode(s.subarray(u,l))).event;c=m?.run,h=m?.call,f=typeof m?.output_file=="string"}catch{continue}if(typeof c!="string"||typeof h!="string"||!Ve(c)||!no(h))continue;let d=r.get(c);if((d===void 0||f&&!d?.has(`${h}.txt`))&&(d=cw(n,t,c),r.set(c,d)),!d?.has(`${h}.txt`))continue;let p=n.state.traceFile(t.dir,c,h);try{let m=Zt(p,{root:n.state.root});m!==null&&i.set(u,{run:c,call:h,data:m})}catch(m){m instanceof N&&n.badFile(t.dir,m,"that output is not shipped")}}return i}function cw(n,t,e){let s=new Set;try{let r=n.state.traceFile(t.dir,e,"x");for(let i of Deno.readDirSync(r.slice(0,r.lastIndexOf("/"))))s.add(i.name)}catch{return null}return s}async function gd(n,t,e){let{outs:s,maxBytes:r,window:i}=e,o=[],l=lo,u=a(async()=>{if(o.length===0)return!0;let c=rd(o.map(w=>w.out)),h=o[o.length-1].end,f=od(t.id,o[0].out,o.length,Mr(c)),d=Ye(f,t.dir,[[eo,String(h)],[bs,String(t.outsSeq)]]),p=o.length;o=[],l=lo;let m=await i.send(ao(n.project,t.id),c,d);return m===null?!1:(t.outsSeq=m,t.outsUpto=h,n.stats.outputs+=p,!0)},"flush");for(let c of s){let h=sd(c.out);if(lo+h>r){if(!await u()||!await uw(n,t,{out:c.out,window:i}))return!1;continue}if((l+h>r||o.length>=jl)&&!await u())return!1;o.push(c),l+=h}return await u()}async function uw(n,t,e){let{out:s,window:r}=e,{run:i,call:o,data:l}=s,u=td(n.project,t.id,i,o),c=n.partBytes,h=Math.max(1,Math.ceil(l.length/c)),f=Mr(l),d=a(b=>`${t.id}:out:${i}:${o}:${f}#${b}`,"idOf");if(n.jsm===null)return!1;let p=await Wl(n.jsm,n.stream,u),m=p?.seq??0,w=0,g=$r(p?.header?.get(Xe));if(g!==null&&g.n===h&&p?.header?.get(ks)===d(g.i)){if(g.i===h-1)return!0;w=g.i+1}for(let b=w;b<h;b++){let _=Ye(d(b),t.dir,[[Xe,`${b}/${h}`],[bs,String(m)]]),x=await r.send(u,l.subarray(b*c,Math.min(l.length,(b+1)*c)),_);if(x===null)return!1;m=x}return n.stats.outputs++,!0}var pd,yd=v(()=>{U();xs();zl();ae();pd=new TextDecoder;a(md,"readKeptOutputs");a(cw,"listOutputs");a(gd,"shipKeptOutputs");a(uw,"shipLargeOutput")});async function wd(n,t,e){let{window:s,signal:r,listed:i}=e,o=n.state.logPath(t.dir),l=t.last?t.lastStart:t.next,u;try{u=hd(o,l,{chunkBytes:e.chunkBytes})}catch(x){if(!(x instanceof N))throw x;return n.badFile(t.dir,x,mo),!1}if(n.readFine(o),u===null)return t.next>0&&n.stop(t,"its log is gone"),!1;if(u.size<t.next)return n.stop(t,`its log is shorter (${u.size} bytes) than what was shipped (${t.next} bytes)`),!1;let c=u.bytes;if(t.last){let x=c.subarray(0,t.last.length);if(x.length<t.last.length||!Ge(x,t.last))return n.stop(t,`the last line shipped is no longer at byte ${t.lastStart} of its log`),!1;c=c.subarray(t.last.length)}if(c.length===0)return!1;let h=io(n.project,t.id),f=n.partBytes,d=Math.min(f,e.batchBytes??256*1024),p=t.next,m=md(n,t,{bytes:c,listed:i}),w=[...m.keys()],g=0,b=0,_=a(async x=>{let S=[];for(;g<w.length&&w[g]<x;){let O=w[g++];p+O<t.outsUpto||S.push({out:m.get(O),end:p+c.indexOf(10,O)+1})}return S.length===0?!0:(t.replay.set(p+b,p+x),await gd(n,t,{outs:S,maxBytes:d,window:s}))},"shipOutputsBefore");for(;b<c.length;){if(s.failure!==null||r.aborted)return!1;let x=c.indexOf(10,b)+1;if(x-b>f){if(!await _(x))return!1;let R=c.subarray(b,x),Et=Sr(R,Jl),J=Math.ceil(R.length/f);for(let D=0;D<J;D++){let ct=Ye(Rl(t.id,Et.run,Et.seq,p+b,D),t.dir,[[Xe,`${D}/${J}`],[Cl,String(R.length)],[bs,String(t.evSeq)]]),Te=await s.send(h,R.subarray(D*f,Math.min(R.length,(D+1)*f)),ct);if(Te===null)return!1;t.evSeq=Te}t.replay.delete(p+b),t.last=R,t.lastStart=p+b,t.next=p+x,n.stats.lines++,n.stats.bytes+=R.length,b=x;continue}let S=b+d,O=t.replay.get(p+b);if(O!==void 0&&O-(p+b)>d)t.replay.delete(p+b);else if(O!==void 0)if(O-p<=c.length)S=O-p;else{if(b>0)break;t.replay.delete(p+b)}let C=S>=c.length?c.length:c.lastIndexOf(10,S-1)+1;if(C<=b&&(C=x),!await _(C)||s.failure!==null||r.aborted)return!1;let M=c.subarray(b,C),z=co(M),Y=z===0?1:uo(M),lt=Sr(c.subarray(b,x),Jl),St=p+b,Mn=Y===1?Rl(t.id,lt.run,lt.seq,St):nd(t.id,lt.run,lt.seq,Sr(M.subarray(z),Jl).seq,Y,St),Tt=Ye(Mn,t.dir,[[bs,String(t.evSeq)]]),B=await s.send(h,M,Tt,{f:t,start:St,end:St+M.length});if(B===null)return!1;t.evSeq=B,t.replay.delete(St),t.last=M.subarray(z),t.lastStart=St+z,t.next=p+C,n.stats.lines+=Y,n.stats.bytes+=M.length,b=C}return t.last&&(t.last=t.last.slice()),b<c.length||u.bytes.length>0&&u.size>l+u.bytes.length}var Jl,kd=v(()=>{U();yd();xs();go();ae();Jl=new TextDecoder;a(wd,"shipLines")});async function Vl(n,t,e){return await new Kl(n,t,e).run()}var bd,hw,Kl,vd=v(()=>{A();U();La();$i();cd();Ar();xs();kd();go();zl();ae();bd=64,hw=new TextEncoder;a(Vl,"ship");Kl=class{static{a(this,"Shipper")}state;project;stream;#t;#e;#n=new Map;#s;#r=new Map;#i=new TextDecoder;stats={lines:0,bytes:0,outputs:0,taskFiles:0,resyncs:0,liveEvents:0,liveDropped:0};#o=null;#a=512*1024;#l=null;#c=new Set;#u=new Set;#h;#p;constructor(t,e,s){this.state=t,this.project=s.project,this.stream=s.stream??xr,this.#t=e,this.#e=s,this.#h=Math.max(2,s.windowMsgs??8192),this.#p=Math.max(1<<20,s.windowBytes??16<<20),this.#s=new Qn(t,{pollIntervalMs:s.pollIntervalMs,onFound:a(r=>this.#m(r),"onFound"),onRemoved:a(r=>this.#s.dirty.add(r),"onRemoved")})}get partBytes(){return this.#a}get jsm(){return this.#l}#f(t){this.#e.onReport?.(t)}readFine(t){this.#r.size>0&&this.#r.delete(t)}badFile(t,e,s){this.#r.get(e.path)!==e.message&&(this.#r.set(e.path,e.message),this.#f(`task ${t}: ${e.message} (${s})`))}async run(){await Fl(this.#t);let t=this.#e.signal,e=new AbortController,s=a(()=>e.abort(),"onAbort");t?.addEventListener("abort",s,{once:!0}),t?.aborted&&e.abort(),this.#s.watch(e.signal);let r=this.#e.live?await er(this.state.liveListenerPath(`ship-${Deno.pid}`),crypto.randomUUID().replaceAll("-",""),l=>this.#d(l),{onWarning:a(l=>this.#f(l),"onWarning")}):null,i=null,o="";try{for(;!e.signal.aborted;){let l;try{l=await this.#g(e.signal,u=>{i!==null&&u!==i&&this.#f(`stream ${this.stream} was created again: every task is shipped again from its start`),i=u})}catch(u){if(e.signal.aborted)break;if(u instanceof y&&u.message.startsWith("Cannot connect to NATS")&&ql(u))throw u;l=u.message}if(e.signal.aborted)break;this.stats.resyncs++,i!==null&&l!==o&&this.#f(`NATS session ended (${l}): starting again from what the stream holds`),o=l;for(let u of this.#n.values())u.stopped===null&&(u.synced=!1),u.taskJson=null,u.taskStamp="",this.#s.dirty.add(u.dir);await new Promise(u=>setTimeout(u,250))}}finally{t?.removeEventListener("abort",s),e.abort(),await r?.close().catch(()=>{})}return this.stats}#d(t){let e=this.#o;if(e===null||e.isClosed()||!Ve(t.task)){this.stats.liveDropped++;return}try{e.publish(Qf(this.project,t.task),hw.encode(JSON.stringify(t))),this.stats.liveEvents++}catch{this.stats.liveDropped++}}async#g(t,e){let s=await fo(this.#t,{name:"taskline ship",signal:t,reconnect:!1,onWaiting:a(o=>this.#e.onReport?.(`waiting for NATS at ${this.#t.server}: ${o}`),"onWaiting"),...this.#e.nats}),r=new ho(s);this.#o=s;let i=s.closed().then(o=>{r.fail(`connection lost${o?`: ${o.message}`:""}`),this.#s.wake()});try{let o=await po(s);this.#l=o;let l=await Ul(o,this.stream);e(l.created);let u=s.info?.max_payload??1024*1024;this.#a=Math.max(4096,u-8192),this.#e.onReady?.({stream:this.stream,server:this.#t.server,maxPayload:u});let c=this.#e.pollIntervalMs??1e3,h=Date.now();for(;!t.aborted&&r.failure===null&&(await this.#s.turn(),await dd(this,this.#n.values()),await this.#y(r,t),r.checkTimeout(this.#e.ackTimeoutMs??5e3),r.failure===null);){if(Date.now()-h>=c&&(h=Date.now(),(await Ul(o,this.stream)).created!==l.created))return"the stream was created again";this.#k()||await this.#s.wait(t).catch(()=>{})}return t.aborted?(await r.settle(this.#e.ackTimeoutMs??5e3).catch(()=>{}),"stopped"):r.failure??"stopped"}finally{this.#o=null,this.#l=null,r.fail("the session ended"),await Promise.allSettled(this.#u);for(let o of r.unacknowledged())o.f.replay.set(o.start,o.end);r.close(),await s.close().catch(()=>{}),await i}}#m(t){if(this.#n.has(t))return!0;let e;try{let r=Zt(this.state.taskJsonPath(t),{root:this.state.root});if(r===null)throw new Error("no task.json");let i=JSON.parse(this.#i.decode(r));if(typeof i?.id!="string")throw new Error("task.json has no id");e=i.id}catch(r){return r instanceof N&&this.badFile(t,r,"the task is not shipped"),null}let s=null;return Ve(e)?so(t,this.project)||(s="its directory name cannot be recreated on a mirror"):s=`its id "${e.slice(0,80)}" cannot name a subject`,s&&this.#f(`task ${t} is not shipped: ${s}`),this.#n.set(t,fd(t,e,s)),!0}stop(t,e){t.stopped=e,this.#f(`task ${t.dir}: ${e}: the log was truncated or rewritten; it is not shipped again`)}#k(){if(this.#c.size>=bd)return!1;for(let t of this.#s.dirty)if(!this.#c.has(t))return!0;return!1}async#y(t,e){let s=Date.now();for(let r of[...this.#s.dirty]){if(t.failure!==null||e.aborted||this.#c.size>=bd)return;if(this.#c.has(r)||Date.now()-s>=50&&(await new Promise(l=>setTimeout(l,0)),s=Date.now(),this.#c.has(r)))continue;this.#s.dirty.delete(r);let i=this.#n.get(r);if(!i||i.stopped!==null||!i.synced)continue;this.#c.add(r);let o=this.#b(i,t,e).catch(l=>t.fail(l.message)).finally(()=>{this.#c.delete(r),this.#u.delete(o),this.#s.wake()});this.#u.add(o)}}async#b(t,e,s){this.#w(t,e),await this.#_(e,s);let r=new Map;for(let i=0;i<16&&await wd(this,t,{window:e,signal:s,listed:r,chunkBytes:this.#e.chunkBytes,batchBytes:this.#e.batchBytes});i++)i===15&&this.#s.dirty.add(t.dir)}#w(t,e){let s=this.state.taskJsonPath(t.dir),r,i;try{let l=Ee(s,{root:this.state.root});if(l===null||(r=`${l.mtime?.getTime()}:${l.size}:${l.ino}`,r===t.taskStamp))return;i=Zt(s,{root:this.state.root})}catch(l){l instanceof N&&this.badFile(t.dir,l,"its task.json is not shipped");return}if(i===null||(this.#r.delete(s),t.taskStamp=r,t.taskJson&&Ge(t.taskJson,i)))return;let o=Ye(`${t.id}:task:${Mr(i)}`,t.dir);e.publish(oo(this.project,t.id),i,o),t.taskJson=i,this.stats.taskFiles++}async#_(t,e){(t.pending>=this.#h||t.pendingBytes>=this.#p)&&await t.waitRoom(this.#h>>1,this.#p>>1,this.#e.ackTimeoutMs??5e3,e)}}});function wo(n){return n.length>200?`${n.slice(0,200)}\u2026`:n}var yo,Xl=v(()=>{yo=class{static{a(this,"Reports")}#t=new Set;#e;constructor(t){this.#e=t}say(t,e){if(!this.#t.has(t)){if(this.#t.size>=1e3){this.#t.size===1e3&&(this.#t.add(""),this.#e?.("1000 kinds of problems named: further ones are counted, not named (the count of unusable messages skipped is told when mirror ends)"));return}this.#t.add(t),this.#e?.(e)}}};a(wo,"shown")});var ko,_d=v(()=>{U();Xl();ko=class{static{a(this,"LiveOwners")}#t;#e;constructor(t,e){this.#t=t,this.#e=e}#n=new Map;#s=new Map;indexTasks(){let t;try{t=[...Deno.readDirSync(this.#t.tasksDir)]}catch{return}for(let e of t)if(e.isDirectory)try{let s=Zt(this.#t.taskJsonPath(e.name),{root:this.#t.root});s&&this.indexTask(e.name,s)}catch{}}indexTask(t,e){let s;try{s=JSON.parse(new TextDecoder().decode(e))?.id}catch{}let r=this.#n.get(t);if(r!==void 0&&(this.#s.get(r)?.delete(t),this.#s.get(r)?.size===0&&this.#s.delete(r),this.#n.delete(t)),typeof s!="string")return;this.#n.set(t,s);let i=this.#s.get(s);i||this.#s.set(s,i=new Set),i.add(t)}owns(t,e){let s=t.split("."),r=s[1]??"",i=this.#s.get(e),o=null;return s.length!==3||s[2]!==e?o="its subject names another task":i?[...i].some(l=>!l.startsWith(`${r}--`))&&(o="a task of another project has that id"):o="no task of the replica has that id (yet)",o===null?!0:(this.#e.say(`live:${t}:${e}`,`an ephemeral event of ${wo(t)} for task ${e.slice(0,80)} is not handed on: ${o}`),!1)}}});function An(n){return`${n.root}/mirror.json`}function xd(n){let t=An(n),e=null;try{e=Zt(t,{root:n.root})}catch(s){if(s instanceof N)throw Sd(s);return null}if(e===null)return null;try{let s=JSON.parse(new TextDecoder().decode(e));if(typeof s?.stream=="string"&&typeof s?.created=="string"&&Number.isSafeInteger(s?.seq))return s}catch{}return null}function $d(n,t){try{Ee(An(n),{root:n.root})}catch(e){throw e instanceof N?Sd(e):e}ln(An(n),new TextEncoder().encode(JSON.stringify(t)+`
`))}function Sd(n){let t=new N(n.path,n.kind,n.target);return t.message=`${n.message}: it is where mirror keeps its place in the stream; remove it (the stream is then read again from its start, what is already here is skipped)`,t}var Yl=v(()=>{U();it();a(An,"checkpointPath");a(xd,"loadCheckpoint");a($d,"saveCheckpoint");a(Sd,"badCheckpoint")});var bo,Td=v(()=>{bo=class{static{a(this,"PartAssembly")}#t=new Map;#e=0;#n;#s;constructor(t,e){this.#n=t,this.#s=e}clear(){this.#t.clear(),this.#e=0}doneSeq(t){for(let e of this.#t.values())t=Math.min(t,e.firstSeq-1);return t}take(t,e){let{slot:s,key:r,part:i}=e,o=this.#t.get(s);if(o&&o.key!==r&&(this.drop(s,"another one came after it"),o=void 0),i.n===1)return t.data;if(i.i===0||!o||o.n!==i.n){if(o&&this.drop(s,null),i.i!==0)return null;o={key:r,firstSeq:t.seq,n:i.n,parts:[],got:0,bytes:0,subject:t.subject},this.#t.set(s,o)}let l=o.parts[i.i];l===void 0?o.got++:(o.bytes-=l.length,this.#e-=l.length),o.parts[i.i]=t.data,o.bytes+=t.data.length,this.#e+=t.data.length;for(let[f]of this.#t){if(this.#e<=268435456||f===s)break;this.drop(f,`more than ${268435456/1024/1024} MiB of parts were held`)}if(o.got<o.n)return null;this.drop(s,null);let u=0;for(let f of o.parts)u+=f.length;let c=new Uint8Array(u),h=0;for(let f of o.parts)c.set(f,h),h+=f.length;return c}drop(t,e){let s=this.#t.get(t);s&&(this.#t.delete(t),this.#e-=s.bytes,e!==null&&(this.#n.unusable++,this.#s.say(`parts:${s.subject}`,`parts of a message of ${s.subject} (from stream sequence ${s.firstSeq}) that never completed were dropped: ${e}`)))}}});function Ed(n,t={}){if(Ee(n,t)===null)return 0;let e;try{e=Deno.openSync(n,{read:!0,write:!0})}catch(s){if(s instanceof Deno.errors.NotFound)return 0;throw s}try{let s=e.statSync();if(!s.isFile)throw new N(n,"other");let r=s.size,i=zr(e,r)+1;return i<r&&e.truncateSync(i),i}finally{e.close()}}var vo,Gl=v(()=>{U();it();xs();ae();vo=class{static{a(this,"ReplicaWriter")}#t;#e;#n;#s;#r=new Map;#i=new Map;#o=new Set;#a=0;constructor(t,e){this.#t=t,this.#e=e.stats,this.#n=e.reports,this.#s=e.onReport}get batchBytes(){return this.#a}file(t,e){this.#i.set(t,e),this.#a+=e.length}#l(t){let e=this.#r.get(t);if(e)return e;let s=0,r=null;try{s=Ed(this.#t.logPath(t),{root:this.#t.root})}catch(i){if(!(i instanceof N))throw i;r=i.message,this.#n.say(`bad:${i.path}`,`task ${t}: ${i.message}: its lines are not written (remove it, and mirror.json, to read the stream again from its start)`)}return e={size:s,queued:[],queuedBytes:0,gapReported:!1,bad:r},this.#r.set(t,e),e}append(t,e){let{offset:s}=e,{data:r,seq:i}=e,o=this.#l(t);if(o.bad!==null)return;let l=o.size+o.queuedBytes,u=r;if(s+u.length<=l){this.#e.skipped++;return}if(s<l&&u[l-s-1]===10&&(u=u.subarray(l-s),s=l),s!==l){o.gapReported||(o.gapReported=!0,this.#s?.(`task ${t}: message ${i} of the stream has a line at byte ${s} but the log here ends at ${l}: lines are missing from the stream; later lines of this task are not written`));return}o.queued.push(u),o.queuedBytes+=u.length,this.#a+=u.length,this.#e.lines+=uo(u),this.#e.bytes+=u.length}#c(t){this.#o.has(t)||(Deno.mkdirSync(t,{recursive:!0}),this.#o.add(t))}flush(){for(let[t,e]of this.#i){this.#c(t.slice(0,t.lastIndexOf("/")));let s=!1;try{let r=Zt(t,{root:this.#t.root});s=r!==null&&Ge(r,e)}catch(r){if(r instanceof N){this.#n.say(`bad:${r.path}`,`${r.message}: it is not written`);continue}}s||ln(t,e)}this.#i.clear();for(let[t,e]of this.#r){if(e.queuedBytes===0)continue;this.#c(this.#t.taskDir(t));let s=new Uint8Array(e.queuedBytes),r=0;for(let o of e.queued)s.set(o,r),r+=o.length;let i=Deno.openSync(this.#t.logPath(t),{append:!0,create:!0});try{let o=0;for(;o<s.length;)o+=i.writeSync(s.subarray(o))}finally{i.close()}e.size+=e.queuedBytes,e.queued=[],e.queuedBytes=0}this.#a=0}};a(Ed,"repairTail")});async function Ql(n,t,e={}){return await new Zl(n,t,e).run()}function Ad(n,t){return new Promise(e=>{let s=setTimeout(r,n);function r(){clearTimeout(s),t?.removeEventListener("abort",r),e()}a(r,"done"),t?.addEventListener("abort",r,{once:!0})})}var Zl,Md=v(()=>{U();Ar();es();de();_d();Yl();Td();Gl();Xl();ae();a(Ql,"mirror");Zl=class{static{a(this,"Mirror")}#t;#e;#n;#s;#r;#i;#o;#a;stats={lines:0,bytes:0,outputs:0,taskFiles:0,skipped:0,unusable:0};#l=0;#c=-1;#u="";#h=-1n;#p=0;#f=null;#d=null;constructor(t,e,s){this.#t=t,this.#e=e,this.#n=s,this.#s=s.stream??xr,this.#r=new yo(s.onReport),this.#i=new bo(this.stats,this.#r),this.#o=new vo(t,{stats:this.stats,reports:this.#r,onReport:s.onReport}),this.#a=new ko(t,this.#r)}#g(t,e){this.#r.say(t,e)}#m(){this.#d!==null&&(clearTimeout(this.#d),this.#d=null),this.#o.flush()}async run(){let t=this.#n.signal;await Deno.mkdir(this.#t.tasksDir,{recursive:!0});let e=await fo(this.#e,{name:"taskline mirror",signal:this.#n.signal,onWaiting:a(u=>this.#n.onReport?.(`waiting for NATS at ${this.#e.server}: ${u}`),"onWaiting"),...this.#n.nats}),s=new AbortController,r=a(()=>s.abort(),"onAbort");t?.addEventListener("abort",r,{once:!0}),t?.aborted&&s.abort();let i=(async()=>{for await(let u of e.status())u.type==="reconnect"&&(this.#p++,this.#f?.())})().catch(()=>{}),o=null;if(this.#n.live){let u=new tr(this.#t.root,{},d=>d==="live.json");u.connect();let c=new TextDecoder,h=this.#n.project;this.#a.indexTasks();let f=e.subscribe(`${Ol}.${h??"*"}.*`,{callback:a((d,p)=>{let m=xi(c.decode(p.data));m&&this.#a.owns(p.subject,m.task)&&u.send(m)},"callback")});o={close:a(()=>{f.unsubscribe(),u.close()},"close")}}let l=setInterval(()=>{try{this.#_()}catch(u){this.#g("checkpoint",`cannot save ${An(this.#t)}: ${u}`)}},this.#n.checkpointIntervalMs??500);try{for(;!s.signal.aborted;){try{await this.#k(e,s.signal)}catch(u){if(s.signal.aborted||u instanceof N)throw u;this.#g(`follow:${u.message}`,`reading stream ${this.#s} stopped (${u.message}); starting again`)}this.#m(),s.signal.aborted||await Ad(250,s.signal)}}finally{clearInterval(l),o?.close(),t?.removeEventListener("abort",r);try{this.#m(),this.#_()}finally{await e.close().catch(()=>{}),await i}}return this.stats}async#k(t,e){let s=this.#p,r=await po(t),i;for(let w=0;;w++){e.throwIfAborted();try{i=await r.streams.info(this.#s);break}catch(g){w===0&&this.#n.onReport?.(`waiting for stream ${this.#s} at ${this.#e.server}: ${g.message}`),await Ad(En(g)?500:250,e)}}let o=xd(this.#t),l=1;this.#u===i.created?l=await this.#b(r,this.#l):o&&o.stream===this.#s&&o.created===i.created?(this.#h=o.ns!==void 0&&/^\d{1,20}$/.test(o.ns)?BigInt(o.ns):-1n,l=await this.#b(r,o.seq)):(this.#u!==""||o)&&this.#n.onReport?.(`stream ${this.#s} is not the one mirrored before: reading it from its start (lines already here are skipped)`),this.#u!==i.created&&(this.#i.clear(),this.#u=i.created),this.#l=l-1;let u=(await Bl()).jetstream(t),c=this.#n.project,h=await u.consumers.get(this.#s,{filter_subjects:c?`${$t}.${c}.>`:`${$t}.>`,deliver_policy:"by_start_sequence",opt_start_seq:l}),f=await h.consume({max_messages:1e3,expires:1e4,abort_on_missing_resource:!0});this.#f=()=>f.stop(),this.#p!==s&&f.stop(),this.#n.onReady?.({stream:this.#s,server:this.#e.server,from:l});let d=a(()=>f.stop(),"onAbort");e.addEventListener("abort",d,{once:!0});let p=i.created,m=setInterval(async()=>{try{(await r.streams.info(this.#s)).created!==p&&f.stop()}catch(w){En(w)&&f.stop()}},1e3);(async()=>{for await(let w of f.status())(w.type==="stream_not_found"||w.type==="consumer_not_found"||w.type==="consumer_deleted"||w.type==="heartbeats_missed"&&w.count>=2)&&f.stop()})().catch(()=>{});try{for await(let w of f)this.#w(w),w.info.pending===0||this.#o.batchBytes>=(this.#n.batchBytesMax??4<<20)?this.#m():this.#o.batchBytes>0&&this.#d===null&&(this.#d=setTimeout(()=>{this.#d=null;try{this.#m()}catch{f.stop()}},this.#n.batchHoldMs??20))}finally{this.#f=null,clearInterval(m),e.removeEventListener("abort",d),this.#m(),h.delete().catch(()=>{})}}async#y(t,e){try{let s=await t.streams.getMessage(this.#s,{seq:e});if(!s)return!0;let r=Xo(s.timestamp);return r===null||r>this.#h}catch(s){if(En(s))return!0;throw s}}async#b(t,e){if(e<=0)return 1;if(this.#h<0n)return this.#n.onReport?.(`${An(this.#t)} has no time: reading stream ${this.#s} again from its start`),1;if(!await this.#y(t,e))return e+1;let s=0,r=e;for(;r-s>1;){let i=Math.floor((s+r)/2);await this.#y(t,i)?r=i:s=i}return this.#n.onReport?.(`stream ${this.#s} no longer holds messages ${r} to ${e} as they were read (a server restart): reading again from ${r}`),r}#w(t){this.#l=t.seq,this.#h=t.timestampNanos;let e=ed(t.subject);if(!e){this.stats.unusable++,this.#g(`subject:${t.subject}`,`a message of ${wo(t.subject)} (stream sequence ${t.seq}) is not one that taskline ship writes: skipped`);return}let s=t.headers?.get(Nl)??"";if(!so(s,e.project)){this.stats.unusable++,this.#g(`dir:${s}`,`a message of ${t.subject} (stream sequence ${t.seq}) names no usable task directory: skipped`);return}let r=ro(e.project,s);if(e.kind==="task"){this.#n.live&&this.#a.indexTask(r,t.data),this.#o.file(this.#t.taskJsonPath(r),t.data),this.stats.taskFiles++;return}if(e.kind==="outs"){let u=id(t.data);if(u===null){this.stats.unusable++,this.#g(`outs:${t.subject}`,`a message of ${t.subject} (stream sequence ${t.seq}) holds no readable outputs: skipped`);return}for(let c of u)this.#o.file(this.#t.traceFile(r,c.run,c.call),c.data),this.stats.outputs++;return}let i=$r(t.headers?.get(Xe));if(e.kind==="out"){let u=this.#t.traceFile(r,e.run,e.call),c=this.#i.take(t,{slot:`out:${u}`,key:`out:${u}`,part:i??{i:0,n:1}});c&&(this.#o.file(u,c),this.stats.outputs++);return}let o=Dl(t.headers?.get(ks)??"");if(o===null){this.stats.unusable++,this.#g(`id:${t.subject}`,`a line of ${t.subject} has no offset: skipped`);return}let l=this.#i.take(t,{slot:`ev:${r}`,key:`ev:${r}:${o}`,part:i??{i:0,n:1}});l&&this.#o.append(r,{offset:o,data:l,seq:t.seq})}#_(){if(this.#u===""||this.#o.batchBytes>0)return;let t=this.#i.doneSeq(this.#l);if(t===this.#c)return;let e={stream:this.#s,created:this.#u,seq:t,ns:this.#h.toString()};$d(this.#t,e),this.#c=t}};a(Ad,"sleep")});async function tc(n,t){if(t.given!==void 0)return vs(t.given);if(t.configured!==null)return vs(t.configured);let s=(await Deno.realPath(n.root)).split("/").filter(r=>r!=="");return Ll(s[s.length-2]??"project")}var Od=v(()=>{ae();a(tc,"projectName")});var ec=v(()=>{vd();Md();Yl();Gl();Ar();ae();Od()});var Nd={};W(Nd,{SHIP_HELP:()=>fw,shipCommand:()=>dw});async function dw(n,t){let{values:e,positionals:s}=j("ship",t,{project:{type:"string"},stream:{type:"string"},live:{type:"boolean"}});if(s.length!==1)throw new y("usage","taskline ship takes one argument: the NATS URL");let r=Tr(s[0]);await n.state.requireExists();let i=await n.settings(),o=await tc(n.state,{given:e.project,configured:i.fleet.project}),l=e.stream??i.fleet.stream,u=await Er(n.state,n.io.env),c=await Vl(n.state,r,{project:o,stream:l,live:e.live===!0,nats:{auth:u.options},signal:n.io.signal,onReport:a(h=>void n.warn(h),"onReport"),onReady:a(async h=>{await n.io.stderr.write(`taskline ship: project ${o} to stream ${h.stream} on ${h.server} (credentials: ${u.source})
`),await n.io.stderr.flush()},"onReady")});return await n.io.stderr.write(`taskline ship: ${c.lines} lines, ${c.outputs} outputs, ${c.taskFiles} task files shipped${e.live?`, ${c.liveEvents} ephemeral events published (${c.liveDropped} dropped while not connected)`:""}
`),0}var fw,Cd=v(()=>{A();ec();rt();fw=`Usage: taskline ship <NATS-URL> [options]

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
                     published, not stored, on taskline_live.<project>.<task id>`;a(dw,"shipCommand")});var Ld={};W(Ld,{MIRROR_HELP:()=>pw,mirrorCommand:()=>mw});async function mw(n,t){let{values:e,positionals:s}=j("mirror",t,{project:{type:"string"},stream:{type:"string"},live:{type:"boolean"}});if(s.length!==1)throw new y("usage","taskline mirror takes one argument: the NATS URL");let r=Tr(s[0]),i=e.project===void 0?void 0:vs(e.project),o=await n.settings(),l=e.stream??o.fleet.stream,u=await Er(n.state,n.io.env),c=await Ql(n.state,r,{stream:l,project:i,live:e.live===!0,nats:{auth:u.options},signal:n.io.signal,onReport:a(h=>void n.warn(h),"onReport"),onReady:a(async h=>{await n.io.stderr.write(`taskline mirror: stream ${h.stream} on ${h.server} from message ${h.from} into ${n.state.root}/
`),await n.io.stderr.flush()},"onReady")});return await n.io.stderr.write(`taskline mirror: ${c.lines} lines, ${c.outputs} outputs, ${c.taskFiles} task files written${c.unusable>0?`, ${c.unusable} unusable messages skipped`:""}
`),0}var pw,Rd=v(()=>{A();ec();rt();pw="Usage: taskline mirror <NATS-URL> [options]\n\nBuilds .taskline/ of this directory from a stream that `taskline ship` writes,\nand keeps it up to date until Ctrl-C. Each task of each project lands in\n.taskline/tasks/<project>--<task dir>/ with its task.json, its events.jsonl\nbyte for byte as on its machine, and its tool outputs. `events`, `history`,\n`trace`, `serve` and `tui` work on the replica as on any project (refer to\na task by its directory name, or its id: numbers of several projects collide).\nAfter a crash it resumes from what it has written (a torn last line is cut).\n\nCredentials as for `taskline ship` (TASKLINE_NATS_TOKEN, TASKLINE_NATS_NKEY, or\n.taskline/nats.token, nats.nkey, nats.creds).\n\nOptions:\n  --stream <NAME>    the stream (default: fleet.stream of config.jsonc, else TASKLINE)\n  --project <NAME>   only this project (default: every project of the stream)\n  --live             also the ephemeral events (agent_delta) that `ship --live`\n                     publishes: handed to a `taskline serve` running on this\n                     replica, which streams them; never written";a(mw,"mirrorCommand")});function jd(n,t={}){let e=n.number;if(n.bad_log)throw new y("bad-log-file",n.bad_log.message);let s=yw(n.runs);if(!s){let h=n.runs[n.runs.length-1],f=h?E(h.run.slice(0,8),8):"";throw new y("wrong-state",h?h.state==="running"?`Task #${e} has no finished run yet (run ${f} is running): nothing to put in a pull request; follow it to its end with \`taskline events ${e} --follow\``:`Task #${e} has no finished run (run ${f} was interrupted before it finished): nothing to put in a pull request`:`Task #${e} has no run yet: nothing to put in a pull request`)}let r=t.base??(s.merged?.base||gw),i=s.commits.map(h=>({commit:h.commit,short:h.commit.slice(0,7),message:h.message,files:h.files,subtask:h.subtask,at:h.at})),o=[...new Set(s.commits.flatMap(h=>h.files))].sort(),l=ww(s),u=n.cost?.currency??"USD";return{title:E(n.task.title,256)||`Task #${e}`,body:bw(n,s,{files:o,validations:l,currency:u}),branch:n.task.branch,base:r,commits:i,files:o,validations:l,usage:{...s.usage,tokens:Rt(s.usage),active_ms:s.active_ms,totals_known:s.totals_known},cost:s.cost===null?null:{amount:s.cost,currency:u,text:Ke(s.cost,u)},number:e,run:s.run,status:s.status,success:s.success,merged:s.merged}}function yw(n){for(let t=n.length-1;t>=0;t--)if(n[t].state==="finished")return n[t];return null}function ww(n){let t=new Map;for(let r of n.validations){let i=`${r.integration}|${r.command}`,o=t.get(i);o||t.set(i,o=[]),o.push(r)}let e=n.commits.filter(r=>r.subtask===null),s=[];for(let r of t.values()){let i=r[r.length-1],o=0,l=new Set;for(let u=0;u+1<r.length;u++){if(r[u].passed)continue;o++;let c=dt(r[u].at),h=dt(r[u+1].at);if(!(c===null||h===null))for(let f of e){let d=dt(f.at);d!==null&&d>=c&&d<=h&&l.add(f.commit)}}s.push({command:i.command,integration:i.integration,passed:i.passed,exit_code:i.exit_code,runs:r.length,fixes:o,fix_commits:[...l]})}return s}function zt(n,t=300){return xt(n,{charsMax:t,lineStart:!1})}function kw(n){return n.split(/\r\n|[\r\n]/,1)[0]}function nc(n){let t=n.slice(0,7);return/^[0-9a-f]{4,}$/i.test(t)?t:re(t)}function _o(n,t,e){let s=Vi(n,t),r=s.lines.map(i=>`- ${i}`);return s.left>0&&r.push(`- \u2026 and ${s.left} more: ${e}`),r}function bw(n,t,e){let s=n.number,r=re(t.run.slice(0,8)),i=[],o=n.task.description,l=Hf(o,{charsMax:Ze.descriptionSource}),u=o.length>Ze.descriptionSource;if(l.length>Ze.description){let g=l.lastIndexOf(`
`,Ze.description);l=(g>0?l.slice(0,g):"").trimEnd(),u=!0}u&&(l+=`

(the whole description: \`taskline task show ${s}\`)`),l.trim()!==""&&i.push(l.trimStart(),""),i.push(`### What run ${r} delivered`,"");let c=t.success===!0?" (success)":t.success===!1?" (no success)":"",h=t.resumes>0?`, after ${wt(t.resumes,"resume")}`:"";i.push(`The run finished with status **${zt(t.status??"-",40)}**${c} on ${zt(Wt(t.finished_at))} UTC${h}.`),t.success!==!0&&t.pending_approval&&i.push("",`It waits for a decision at the ${zt(t.pending_approval,40)} gate.`),t.success!==!0&&t.paused_reason&&i.push("",`Paused: ${zt(t.paused_reason,200)}`),t.success!==!0&&t.last_error&&i.push("",`Last error: ${zt(t.last_error)}`);let f=n.runs.slice(n.runs.indexOf(t)+1);if(f.length>0){let g=f[f.length-1];i.push("",`A later run of the task, ${re(g.run.slice(0,8))}, ${g.state==="running"?"is still running":"did not finish"}; this describes the last one that finished.`)}if(i.push(""),t.commits.length===0?i.push("This run made no commits.",""):(i.push(`**Commits** (${t.commits.length})`,""),i.push(..._o(t.commits.map(g=>`${nc(g.commit)} ${zt(kw(g.message),200)||"(no message)"}`),Ze.commits,`\`taskline history ${s}\``),""),e.files.length===0?i.push("The commits name no files (the committer does not use git).",""):(i.push(`**Files changed** (${e.files.length})`,""),i.push(..._o(e.files.map(g=>re(g,{charsMax:200})),Ze.files,`\`taskline history ${s} --json\``),""))),t.merged){let g=t.merged;i.push(`**Merged** as ${nc(g.commit)}: ${g.branch?re(g.branch):"a branch"} into ${g.base?re(g.base):"its base"}.`,"")}i.push("### Validations",""),e.validations.length===0?i.push("No validation command ran in this run.",""):i.push(..._o(e.validations.map(g=>{let b=g.exit_code!==null?` (exit ${g.exit_code})`:"",_=g.integration?", on the integrated branch":"",x=g.fixes>0?`; needed ${wt(g.fixes,"fix","fixes")}${g.fix_commits.length>0?` (${g.fix_commits.slice(0,10).map(nc).join(", ")})`:""}`:"",S=g.runs>1?`, ran ${g.runs} times`:"";return`**${g.passed?"passed":"failed"}**${b} ${re(g.command)}${_}${S}${x}`}),Ze.validations,`\`taskline history ${s}\``),""),i.push("### QA","");let d=n.last_qa;if(d?i.push(`Round ${d.round}: **${zt(d.verdict,40)}**${d.summary?`: ${zt(d.summary)}`:""}`,""):i.push("No QA report was written.",""),i.push("### Approvals",""),t.approvals.length===0&&!t.pending_approval)i.push("No gate asked for a human's decision in this run.","");else{let g=t.approvals.map(b=>`${xt(b.gate,{charsMax:40})} gate: **${b.approved?"approved":"rejected"}**${b.comment?`, saying \u201C${zt(b.comment)}\u201D`:""} (${zt(Wt(b.at))} UTC)`);t.pending_approval&&g.push(`${xt(t.pending_approval,{charsMax:40})} gate: **pending**`),i.push(..._o(g,Ze.approvals,`\`taskline history ${s}\``),"")}i.push("### Usage","");let p=t.usage;if(i.push(`- This run: ${zt(kr(t,e.currency))} (${F(p.input_tokens)} in, ${F(p.output_tokens)} out, ${F(p.cache_read_tokens)} cache read, ${F(p.cache_write_tokens)} cache write)`),n.runs.length>1||n.unpriced_models.length>0){let g=n.totals.complete?"":"+";i.push(`- The task (${wt(n.runs.length,"run")}): ${F(Rt(n.totals.usage))}${g} tokens, ${at(n.totals.active_ms)}${g} active, ${zt(br(n))}`)}(!t.totals_known||!n.totals.complete)&&i.push("- \\+ lower bound: part of the work was recorded before 0.5 (no totals then) or a run did not finish"),i.push("");let m=t.run.slice(0,8),w=t.current?"":/^[0-9a-f-]+$/i.test(m)?` --run ${m}`:" --all";return i.push("---","",`Written by taskline from the task's events. Every run: \`taskline history ${s}\`; every tool call of this run: \`taskline trace ${s}${w}\`.`),ws(i)}var gw,Ze,sc=v(()=>{de();A();mn();Je();vr();$l();Sl();Sn();gw="main",Ze={descriptionSource:4e3,description:8e3,commits:{itemsMax:50,charsMax:16e3},files:{itemsMax:100,charsMax:12e3},validations:{itemsMax:30,charsMax:8e3},approvals:{itemsMax:20,charsMax:6e3}};a(jd,"buildPullRequest");a(yw,"lastFinished");a(ww,"validationsOf");a(zt,"inline");a(kw,"firstLine");a(nc,"shortHash");a(_o,"list");a(bw,"bodyOf")});var Dd={};W(Dd,{PR_HELP:()=>vw,prCommand:()=>_w});async function _w(n,t){Ae();let{values:e,positionals:s}=j("pr",t,{json:{type:"boolean"},base:{type:"string"}});if(n.json=e.json===!0,s.length!==1)throw new y("usage","taskline pr: name one task, for example `taskline pr 3`");let r=e.base;if(r!==void 0&&(r===""||r.length>255||/[\s~^:?*[\\]|\.\./.test(r)||ju(r)))throw new y("usage",`taskline pr: --base takes a branch name, not "${r.slice(0,40)}"`);let i=await n.task(s[0]),o=await ze(n.state,i,{settings:await n.settings(),cache:new _t({disk:!0}),signal:n.io.signal});o.errors.length>0&&!o.bad_log&&await n.warn(`${n.state.logPath(o.dir)}: ${o.errors[0]}`);let l=jd(o,{base:r});return await n.io.stdout.write(n.json?JSON.stringify(l)+`
`:l.body),0}var vw,Pd=v(()=>{A();U();Je();ms();sc();Ft();rt();vw=`Usage: taskline pr <TASK> [options]

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

Exit 1 when the task has no finished run yet.`;a(_w,"prCommand")});async function ic(n){try{return await Deno.realPath(n)}catch{return null}}async function $s(n,t,e,s={}){if(!xw.test(e))throw new y("bad-request",`Cannot read the output of call "${e.slice(0,40)}": a call is 12 hexadecimal digits`);let r=e.toLowerCase();if(!rc.test(t.dir)||t.dir.startsWith("."))return null;let i=await ic(`${n.root}/tool-output`),o=await ic(n.root);if(i===null||o===null)return null;if(i!==`${o}/tool-output`)throw new y("bad-state",`Refusing to read ${n.toolOutputDir}: it is a link`);let l=[];if(s.run!==void 0)rc.test(s.run)&&!s.run.startsWith(".")&&l.push(s.run);else{try{for await(let u of Deno.readDir(`${n.toolOutputDir}/${t.dir}`))rc.test(u.name)&&!u.name.startsWith(".")&&l.push(u.name)}catch{return null}l.sort()}for(let u of l){let c=n.traceFile(t.dir,u,r),h=await ic(c);if(h===null)continue;if(!h.startsWith(`${i}/`))throw new y("bad-state",`Refusing to read the output of call ${r}: ${c} leads outside ${n.toolOutputDir}/`);let f=await Deno.stat(h);if(!f.isFile)continue;if(f.size>(s.bytesMax??64*1024*1024))throw new y("io",`Cannot read ${c}: ${f.size} bytes is too large`);let d=await Deno.readTextFile(h),p=$w.exec(d);return{text:d,run:u,cut:p?{kept:Number(p[1]),total:Number(p[2])}:null}}return null}var xw,rc,$w,Or=v(()=>{A();xw=/^[0-9a-fA-F]{12}$/,rc=/^[0-9A-Za-z._-]{1,100}$/,$w=/\n?\[taskline: output cut to the first (\d+) of (\d+) characters\]\n?$/;a(ic,"realOrNull");a($s,"readTraceOutput")});function Ss(n){return n.returned_at===null?"no result":n.timed_out?"timed out":n.exit_code!==null&&n.exit_code!==0?`exit ${n.exit_code}`:n.is_error?"error":"ok"}function oc(n,t,e,s){return`${n}|${t}|${e}|${s??""}`}function Id(n,t,e){return{run:n,call:t.call,role:t.role,subtask:t.subtask??null,tool:t.tool,input:null,called_at:null,returned_at:null,duration_ms:null,is_error:null,exit_code:null,timed_out:!1,preview:"",output_chars:0,output_file:null,paired:"unmatched",result:"no result",seq:e}}var Nr,ac=v(()=>{K();fl();a(Ss,"resultOf");Nr=class n{static{a(this,"CallPairing")}run;calls;runs;filesWritten;#t;#e;#n;constructor(t){this.run=t,this.calls=[],this.runs=[],this.filesWritten=[],this.#t=new Map,this.#e=new Map,this.#n=new Set}static resume(t,e){let s=new n(t);for(let r of e)s.calls.push(r),s.runs.includes(r.run)||s.runs.push(r.run),!(r.returned_at!==null||r.called_at===null)&&(r.call===Pt?s.#s(oc(r.run,r.role,r.tool,r.subtask)).push(r):s.#t.set(`${r.run}|${r.call}`,r));return s}add(t){if(typeof t.schema=="number"&&t.schema>2)return null;let e=t.event,s=q(e);if(s===null||this.run!==null&&s!==this.run||(this.runs.includes(s)||this.runs.push(s),e.type!=="tool_called"&&e.type!=="tool_returned"))return null;let r=typeof t.seq=="number"?t.seq:null;if(e.type==="tool_called"){let u=e,c=Id(s,u,r);return c.input=u.input??null,c.called_at=t.at,this.calls.push(c),u.call===Pt?this.#s(oc(s,u.role,u.tool,u.subtask)).push(c):this.#t.set(`${s}|${u.call}`,c),c}let i=e,o,l="unmatched";if(i.call===Pt)o=this.#e.get(oc(s,i.role,i.tool,i.subtask))?.shift(),l="order";else{let u=`${s}|${i.call}`;o=this.#t.get(u),this.#t.delete(u),l="id"}if(o||(o=Id(s,i,r),this.calls.push(o),l="unmatched"),o.paired=l,o.returned_at=t.at,o.duration_ms=typeof i.duration_ms=="number"?i.duration_ms:null,o.is_error=i.is_error===!0,o.exit_code=typeof i.exit_code=="number"?i.exit_code:null,o.timed_out=i.timed_out===!0,o.preview=typeof i.preview=="string"?i.preview:"",o.output_chars=typeof i.output_chars=="number"?i.output_chars:0,o.output_file=typeof i.output_file=="string"?i.output_file:null,o.result=Ss(o),!o.is_error&&o.called_at!==null){let u=zi(o.tool,o.input);u!==null&&!this.#n.has(u)&&(this.#n.add(u),this.filesWritten.push(u))}return o}#s(t){let e=this.#e.get(t);return e||this.#e.set(t,e=[]),e}};a(oc,"orderKey");a(Id,"openCall")});async function Ts(n,t,e={}){if(e.all&&e.run!==void 0)throw new y("usage","--all does not go with --run");let s=n.logPath(t.dir),r=await an(s),i=null;if(!e.all&&(i=e.run!==void 0?await Re(s,e.run,r):(await qt(s,{to:r}))?.run??null,i===null))return{run:null,calls:[],files_written:[],runs:[],paired_by_order:!1,errors:[]};let o=[],l=new Nr(i);for await(let h of kt(s,{to:r,signal:e.signal,prefilter:a(f=>f.includes('"tool_called"')||f.includes('"tool_returned"')||f.includes('"run_started"'),"prefilter"),onProblem:a(f=>{e.onProblem?.(f),o.length<50&&o.push(`line ${f.line}: skipped a broken line (${f.reason})`)},"onProblem")}))for(let f of h.records)l.add(f.env);let u=l.calls,c=u;if(e.tool!==void 0&&(c=c.filter(h=>h.tool===e.tool)),e.subtask!==void 0){let h=e.subtask.toLowerCase();c=c.filter(f=>f.subtask!==null&&f.subtask.toLowerCase().startsWith(h))}if(e.full)for(let h of c)await Sw(n,t,h);return{run:i,calls:c,files_written:l.filesWritten,runs:l.runs,paired_by_order:u.some(h=>h.paired==="order"),errors:o}}async function Sw(n,t,e){if(e.returned_at===null){e.output="",e.output_state="not kept";return}if(e.call===Pt){e.output=e.preview,e.output_state="before 0.5";return}if(e.output_file===null){e.output=e.preview,e.output_state="not kept";return}let s=null;try{s=await $s(n,t,e.call,{run:e.run})}catch(r){if(!(r instanceof y))throw r}if(s===null){e.output=e.preview,e.output_state="missing";return}e.output=s.text,e.output_state=s.cut?"cut":"complete",s.cut&&(e.output_total_chars=s.cut.total)}var Cr=v(()=>{K();A();cn();Ne();Or();ac();ac();a(Ts,"buildRunTrace");a(Sw,"attachOutput")});function T(n,t){return typeof t=="boolean"?{key:n,value:{boolValue:t}}:typeof t=="number"?Number.isSafeInteger(t)?{key:n,value:{intValue:String(t)}}:{key:n,value:{doubleValue:t}}:{key:n,value:{stringValue:t}}}function lc(n){let t=0xcbf29ce484222325n;for(let e=0;e<n.length;e++)t^=BigInt(n.charCodeAt(e)),t=t*0x100000001b3n&0xffffffffffffffffn;return t===0n&&(t=1n),t.toString(16).padStart(16,"0")}function Tw(n){let t=n.replace(/-/g,"").toLowerCase();return/^[0-9a-f]{32}$/.test(t)&&!/^0+$/.test(t)?t:lc(`a|${n}`)+lc(`b|${n}`)}function Ew(n){return dt(n)}async function Fd(n,t,e={}){let s=n.logPath(t.dir),r=await an(s),i=null;e.all||(i=e.run!==void 0?await Re(s,e.run,r):(await qt(s,{to:r}))?.run??null);let o=e.attributeCharsMax??4096,l=new Map;if(e.all||i!==null)for await(let c of kt(s,{to:r,onProblem:e.onProblem,signal:e.signal}))for(let h of c.records){if(h.env.schema>2)continue;let f=h.env.event,d=q(f);if(d===null||i!==null&&d!==i)continue;let p=Ew(h.env.at);if(p===null)continue;let m=l.get(d);m||l.set(d,m=new cc(d,t,p,o)),m.add(f,p)}let u=[];for(let c of l.values())c.close(),u.push(...c.spans);return{resourceSpans:[{resource:{attributes:[T("service.name","taskline"),T("service.version",qd),T("taskline.task.id",t.id),T("taskline.task.number",t.number),T("taskline.task.title",t.record.title),T("taskline.task.dir",t.dir)]},scopeSpans:[{scope:{name:"taskline",version:qd},spans:u}]}]}}var qd,cc,uc=v(()=>{K();de();cn();Ne();Cr();qd="0.5.0";a(T,"attr");a(lc,"hash64");a(Tw,"traceIdOf");a(Ew,"nsOf");cc=class{static{a(this,"RunSpans")}run;spans;root;traceId;#t;#e;#n;#s;#r;#i;#o;#a;#l;constructor(t,e,s,r){this.run=t,this.spans=[],this.#t=0,this.#e=[],this.#n=new Map,this.#s=new Map,this.#r=new Map,this.#i=0n,this.#o=0,this.#l=[],this.traceId=Tw(t),this.#a=r,this.root=this.#u(`run #${e.number}`,null,s,[T("taskline.run.id",t),T("taskline.task.id",e.id),T("taskline.task.number",e.number)]),this.#i=s}#c(t){return t.length>this.#a?`${t.slice(0,this.#a)}\u2026`:t}#u(t,e,s,r){let i={traceId:this.traceId,spanId:lc(`${this.run}|${this.#t++}|${t}`),name:t,kind:1,startTimeUnixNano:String(s),endTimeUnixNano:String(s),attributes:r,events:[],status:{code:0}};e&&(i.parentSpanId=e.span.spanId),this.spans.push(i);let o={span:i,startNs:s,ended:!1};return this.#l.push(o),o}#h(t,e,s){t.span.endTimeUnixNano=String(e<t.startNs?t.startNs:e),t.ended=!0,s&&(t.span.status=s)}#p(t,e,s){this.root.span.events.push({timeUnixNano:String(e),name:t,attributes:s})}#f(){for(let t=this.#e.length-1;t>=0;t--)if(!this.#e[t].ended)return this.#e[t];return null}add(t,e){switch(e>this.#i&&(this.#i=e),t.type){case"run_started":this.#o++>0&&this.#p("resumed",e,[]);break;case"run_finished":{let s=[T("taskline.run.status",t.status),T("taskline.run.success",t.success===!0),T("taskline.run.resumes",Math.max(0,this.#o-1)),T("taskline.run.active_ms",t.active_ms??0),T("gen_ai.usage.input_tokens",t.usage?.input_tokens??0),T("gen_ai.usage.output_tokens",t.usage?.output_tokens??0)],r=new Set(s.map(i=>i.key));this.root.span.attributes=[...this.root.span.attributes.filter(i=>!r.has(i.key)),...s],this.#h(this.root,e,t.success?{code:1}:{code:2,message:`run ${t.status}`});break}case"phase_started":this.#e.push(this.#u(`phase ${t.phase}`,this.root,e,[T("taskline.phase",t.phase)]));break;case"phase_finished":{let s=[...this.#e].reverse().find(r=>!r.ended&&r.span.name===`phase ${t.phase}`)??this.#u(`phase ${t.phase}`,this.root,e,[T("taskline.phase",t.phase)]);s.span.attributes.push(T("taskline.phase.summary",this.#c(t.summary??""))),this.#h(s,e,t.success?{code:1}:{code:2,message:t.summary??""});break}case"agent_started":{let s=this.#f()??this.root,r=[T("gen_ai.agent.name",t.role)];t.model&&r.push(T("gen_ai.request.model",t.model)),t.subtask&&r.push(T("taskline.subtask",t.subtask));let i=this.#u(`agent ${t.role}`,s,e,r),o=this.#n.get(t.role);o||this.#n.set(t.role,o=[]),o.push({open:i,subtask:t.subtask??null});break}case"agent_finished":{let r=this.#n.get(t.role)?.shift()?.open??this.#u(`agent ${t.role}`,this.#f()??this.root,e,[T("gen_ai.agent.name",t.role)]);r.span.attributes.push(T("taskline.agent.steps",t.steps??0),T("taskline.agent.stop",this.#c(String(t.stop??""))),T("gen_ai.usage.input_tokens",t.usage?.input_tokens??0),T("gen_ai.usage.output_tokens",t.usage?.output_tokens??0),T("taskline.usage.cache_read_tokens",t.usage?.cache_read_tokens??0),T("taskline.usage.cache_write_tokens",t.usage?.cache_write_tokens??0)),this.#h(r,e);break}case"tool_called":{let s=this.#n.get(t.role),i=(s?.find(u=>u.subtask===(t.subtask??null))??s?.[0])?.open??this.#f()??this.root,o=[T("gen_ai.tool.name",t.tool),T("gen_ai.tool.call.id",t.call),T("taskline.role",t.role),T("taskline.tool.input",this.#c(JSON.stringify(t.input??null)))];t.subtask&&o.push(T("taskline.subtask",t.subtask));let l=this.#u(`tool ${t.tool}`,i,e,o);if(t.call===Pt){let u=`${t.role}|${t.tool}|${t.subtask??""}`,c=this.#r.get(u);c||this.#r.set(u,c=[]),c.push(l)}else this.#s.set(t.call,l);break}case"tool_returned":{let s;if(t.call===Pt?s=this.#r.get(`${t.role}|${t.tool}|${t.subtask??""}`)?.shift():(s=this.#s.get(t.call),this.#s.delete(t.call)),!s){let o=e-BigInt(Math.max(0,Math.round(t.duration_ms??0)))*1000000n;s=this.#u(`tool ${t.tool}`,this.#f()??this.root,o,[T("gen_ai.tool.name",t.tool),T("gen_ai.tool.call.id",t.call),T("taskline.role",t.role),T("taskline.tool.call_missing",!0)])}let r=Ss({returned_at:"",timed_out:t.timed_out===!0,exit_code:typeof t.exit_code=="number"?t.exit_code:null,is_error:t.is_error===!0}),i=s.span.attributes;i.push(T("taskline.tool.result",r),T("taskline.tool.is_error",t.is_error===!0),T("taskline.tool.duration_ms",t.duration_ms??0),T("taskline.tool.timed_out",t.timed_out===!0),T("taskline.tool.output_chars",t.output_chars??0),T("taskline.tool.preview",this.#c(t.preview??""))),typeof t.exit_code=="number"&&i.push(T("taskline.tool.exit_code",t.exit_code)),t.output_file&&i.push(T("taskline.tool.output_file",t.output_file)),this.#h(s,e,r==="ok"?{code:1}:{code:2,message:r});break}case"paused":this.#p("paused",e,[T("taskline.reason",t.reason??"")]);break;case"approval_requested":this.#p("approval_requested",e,[T("taskline.gate",t.gate)]);break;case"approval_resolved":this.#p("approval_resolved",e,[T("taskline.gate",t.gate),T("taskline.approved",t.approved===!0),T("taskline.comment",t.comment??"")]);break;case"committed":this.#p("committed",e,[T("taskline.commit",t.commit),T("taskline.message",t.message??""),T("taskline.files",(t.files??[]).length)]);break;case"merged":this.#p("merged",e,[T("taskline.commit",t.commit),T("taskline.branch",t.branch??""),T("taskline.base",t.base??"")]);break;case"validation_finished":{let s=[T("taskline.command",t.command),T("taskline.integration",t.integration===!0),T("taskline.passed",t.passed===!0)];typeof t.exit_code=="number"&&s.push(T("taskline.exit_code",t.exit_code)),this.#p("validation_finished",e,s);break}case"retrying":this.#p("retrying",e,[T("taskline.what",t.what??""),T("taskline.attempt",t.attempt??0),T("taskline.delay_ms",t.delay_ms??0)]);break;case"log":(t.level==="warn"||t.level==="error")&&this.#p(`log ${t.level}`,e,[T("taskline.message",this.#c(t.message))]);break;default:break}}close(){for(let t of this.#l)t.ended||(t.span.endTimeUnixNano=String(this.#i>t.startNs?this.#i:t.startNs),t.span.attributes.push(T("taskline.unfinished",!0)),t.span.name.startsWith("tool ")&&(t.span.attributes.push(T("taskline.tool.result","no result")),t.span.status={code:2,message:"no result"}))}};a(Fd,"buildOtlpTrace")});var Hd={};W(Hd,{TRACE_HELP:()=>Aw,renderTrace:()=>Bd,traceCommand:()=>Mw});async function Mw(n,t){Ae();let{values:e,positionals:s}=j("trace",t,{run:{type:"string"},all:{type:"boolean"},tool:{type:"string"},subtask:{type:"string"},full:{type:"boolean"},json:{type:"boolean"},format:{type:"string"}}),r=e.json===!0?"json":String(e.format??"text");if(!["text","json","otlp"].includes(r))throw new y("usage",`taskline trace: --format takes text, json or otlp, not "${r.slice(0,40)}"`);if(n.json=r!=="text",s.length!==1)throw new y("usage","taskline trace: name one task, for example `taskline trace 3`");if(e.all&&e.run!==void 0)throw new y("usage","taskline trace: --all does not go with --run");let i=await n.task(s[0]),o=n.io.stdout;if(r==="otlp"){if(e.tool!==void 0||e.subtask!==void 0||e.full)throw new y("usage","taskline trace: --format otlp exports whole runs (not with --tool, --subtask or --full)");let u=await Fd(n.state,i,{run:e.run,all:e.all===!0,onProblem:n.problem,signal:n.io.signal});return await o.write(JSON.stringify(u)+`
`),0}let l=await Ts(n.state,i,{run:e.run,all:e.all===!0,tool:e.tool,subtask:e.subtask,full:e.full===!0,onProblem:n.problem,signal:n.io.signal});if(r==="json")await o.write(JSON.stringify(l)+`
`);else{let u=Ta(o.isTerminal,n.io.env);await o.write(Bd(l,e.full===!0,u))}return 0}function Ud(n){let t=n.replace(/\r\n/g,`
`).replace(/\n$/,"");return t===""?"":t.split(`
`).map(e=>`    ${L(e,{tab:"	"})}`.trimEnd()).join(`
`)+`
`}function Ow(n,t){return t?`${n==="ok"?"\x1B[32m":n==="no result"?"\x1B[33m":"\x1B[31m"}${n}\x1B[0m`:n}function Nw(n,t){let e=ys(n.called_at??n.returned_at),s=n.subtask?L(n.subtask.slice(0,8)):"-",r=n.called_at===null?"(return without a call)":E(JSON.stringify(n.input),100),i=[];return n.paired==="order"?i.push("paired by order: recorded before 0.5"):n.paired!=="id"&&n.paired!=="unmatched"&&i.push(`paired: ${n.paired}`),`${e}  ${E(n.role,40)}  ${s}  ${E(n.tool,40)}  ${r}  ${at(n.duration_ms)}  ${Ow(n.result??Ss(n),t)}${i.length?`  (${i.join("; ")})`:""}
`}function Cw(n){switch(n.output_state){case"cut":return"";case"missing":return`    [complete output missing: ${L(String(n.output_file))} is not in the trace store; showing the preview]
`;case"not kept":return n.returned_at===null?`    [no output: the call never returned]
`:`    [complete output not kept (tracing was off or the file could not be written); showing the preview]
`;case"before 0.5":return`    [recorded before 0.5: only the preview was kept]
`;default:return""}}function Bd(n,t,e=!1){let s=n.runs??[...new Set([...n.run?[n.run]:[],...n.calls.map(o=>o.run)])];if(s.length===0)return`No tool calls: the task has no run yet.
`;let r=[];for(let o of s){let l=n.calls.filter(c=>c.run===o),u=`Run ${L(o)} \xB7 ${l.length===0?"no tool calls":l.length===1?"1 call":`${l.length} calls`}
`;for(let c of l)u+=Nw(c,e),t?(u+=Ud(c.output??c.preview),u+=Cw(c)):(u+=Ud(c.preview),c.output_chars>rr(c.preview)&&c.returned_at!==null&&(u+=`    \u2026 ${c.output_chars} characters in all${c.output_file?" (--full shows them)":""}
`));r.push(u)}let i=r.join(`
`);return n.errors?.length&&(i+=`
Problems:
${n.errors.map(o=>`  ${L(o)}
`).join("")}`),i}var Aw,Wd=v(()=>{Ft();A();uc();Cr();Sn();rt();mn();U();Pa();Aw=`Usage: taskline trace <REF> [options]

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
  --format <F>        text (default), json, or otlp (OpenTelemetry OTLP/JSON)`;a(Mw,"traceCommand");a(Ud,"indent");a(Ow,"paint");a(Nw,"header");a(Cw,"fullNote");a(Bd,"renderTrace")});function hc(){let n=crypto.getRandomValues(new Uint8Array(32));return Array.from(n,t=>t.toString(16).padStart(2,"0")).join("")}function Vd(n,t){let e=Kd.encode(n),s=Kd.encode(t),r=Math.max(e.length,s.length),i=e.length^s.length;for(let o=0;o<r;o++)i|=(e[o]??0)^(s[o]??0);return i===0}function Xd(n){let t=n.replace(/^\[|\]$/g,"").toLowerCase();return t==="localhost"||t==="::1"||/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(t)}function Yd(n,t){let e=new Set([`127.0.0.1:${t}`,`localhost:${t}`,`[::1]:${t}`]),s=n.includes(":")&&!n.startsWith("[")?`[${n}]`:n;return s!=="0.0.0.0"&&s!=="[::]"&&e.add(`${s.toLowerCase()}:${t}`),e}function Gd(n,t){let e=(n.headers.get("host")??"").toLowerCase();if(!t.hosts.has(e))return`Host "${e.slice(0,100)}" is not this server's address`;let s=n.headers.get("origin");if(s!==null){let r=!1;try{let i=new URL(s),o=i.port===""?`${i.host}:80`:i.host;r=i.protocol==="http:"&&t.hosts.has(o.toLowerCase())&&s.replace(/\/$/,"")===`${i.protocol}//${i.host}`}catch{}if(!r)return`Origin "${s.slice(0,100)}" is not this server's`}return null}function Zd(n,t,e,s){let r=n.headers.get("authorization");if(r!==null){let i=/^Bearer[ ]+(\S+)\s*$/i.exec(r);return i!==null&&Vd(i[1],e.token)}if(s){let i=t.searchParams.get("token");if(i!==null)return Vd(i,e.token)}return!1}var Kd,fc=v(()=>{a(hc,"newToken");Kd=new TextEncoder;a(Vd,"constantTimeEqual");a(Xd,"isLoopbackHost");a(Yd,"allowedHosts");a(Gd,"checkHostAndOrigin");a(Zd,"hasToken")});function Qd(n){return n.method==="POST"}function tp(n,t="GET"){let e=n.length>1?n.replace(/\/$/,""):n,s=e==="/"?[]:e.slice(1).split("/"),r=t==="HEAD"?"GET":t,i=[];for(let{route:u,parts:c}of Iw){if(c.length!==s.length)continue;let h={},f=!0;for(let d=0;d<c.length&&f;d++){let p=c[d];if(p.startsWith("{")){let m;try{m=decodeURIComponent(s[d])}catch{return"bad"}h[p.slice(1,-1)]=m}else p!==s[d]&&(f=!1)}f&&(i.length>0&&i[0].route.path!==u.path||(i=[...i,{route:u,params:h}]))}if(i.length===0)return null;let o=i.find(u=>u.route.method===r),l=i.flatMap(u=>u.route.method==="GET"?["GET","HEAD"]:[u.route.method]);return{...o??i[0],methodOk:o!==void 0,allow:l}}var Dw,Pw,dc,Iw,pc=v(()=>{Dw=[{name:"web",path:"/",summary:"The web UI",auth:!1,queryToken:!1},{name:"health",path:"/api/health",summary:"Liveness and version",auth:!0,queryToken:!1},{name:"openapi",path:"/api/openapi.json",summary:"This document (OpenAPI 3.1)",auth:!0,queryToken:!1},{name:"tasks",path:"/api/tasks",summary:"Every task",auth:!0,queryToken:!1},{name:"task",path:"/api/tasks/{ref}",summary:"One task",auth:!0,queryToken:!1},{name:"taskEvents",path:"/api/tasks/{ref}/events",summary:"Events of one task's current run (or another run, or all), ordered by seq",auth:!0,queryToken:!1},{name:"taskStream",path:"/api/tasks/{ref}/stream",summary:"Live stream of one task's run (Server-Sent Events, ids are seq)",auth:!0,queryToken:!0},{name:"taskTrace",path:"/api/tasks/{ref}/trace",summary:"Trace of a run's tool calls (RunTrace)",auth:!0,queryToken:!1},{name:"traceOutput",path:"/api/tasks/{ref}/trace/{call}/output",summary:"The complete output of one tool call, from the trace store",auth:!0,queryToken:!1},{name:"events",path:"/api/events",summary:"Recent events of every task, as tagged envelopes ordered by event cursor",auth:!0,queryToken:!1},{name:"stream",path:"/api/stream",summary:"Live stream of the whole project (Server-Sent Events, ids are event cursors)",auth:!0,queryToken:!0},{name:"history",path:"/api/history",summary:"History of finished work (TaskHistory[])",auth:!0,queryToken:!1},{name:"taskHistory",path:"/api/history/{ref}",summary:"History of one task (TaskHistory)",auth:!0,queryToken:!1}],Pw=[{name:"createTask",path:"/api/tasks",summary:"Creates a task (as `taskline task new`)"},{name:"runTask",path:"/api/tasks/{ref}/run",summary:"Runs or resumes the task in the server's process (as `taskline run`)"},{name:"cancelTask",path:"/api/tasks/{ref}/cancel",summary:"Stops the process that runs the task (as `taskline cancel --no-wait`)"},{name:"approveTask",path:"/api/tasks/{ref}/approve",summary:"Approves the gate the task's run waits for (as `taskline approve`)"},{name:"rejectTask",path:"/api/tasks/{ref}/reject",summary:"Rejects the gate the task's run waits for (as `taskline reject`)"}],dc=[...Dw.map(n=>({...n,method:"GET"})),...Pw.map(n=>({...n,method:"POST",auth:!0,queryToken:!1}))];a(Qd,"isWrite");Iw=dc.map(n=>({route:n,parts:n.path==="/"?[]:n.path.slice(1).split("/")}));a(tp,"matchRoute")});function ip(n){let t={};for(let s of dc){let r=s.path.includes("{ref}"),i=s.method==="POST",o={[Uw[s.name]??"200"]:Fw[s.name]};s.auth&&(o[401]=Qe("Unauthorized")),o[403]=Qe("Forbidden");let l=qw[s.name];(i||l.some(c=>c.in==="query"||"$ref"in c)||s.path.includes("{"))&&(o[400]=Qe("BadRequest")),(r||s.name==="traceOutput")&&(o[404]=Qe("NotFound")),(s.name==="taskEvents"||s.name==="taskStream"||s.name==="taskTrace")&&(o[409]=Qe("BadLogFile")),o[405]=Qe("MethodNotAllowed"),rp[s.name]&&(o[409]={...ep,description:rp[s.name]}),i&&(o[413]=Qe("TooLarge"),o[415]=Qe("UnsupportedMediaType"));let u={operationId:s.name,summary:s.summary,parameters:l,responses:o};np[s.name]&&(u.requestBody=np[s.name]),s.auth?i&&(u.security=[{bearer:[]}]):u.security=[],t[s.path]={...t[s.path],[s.method.toLowerCase()]:u}}let e=ep;return{openapi:"3.1.0",info:{title:"taskline serve",version:n,description:"The local server of taskline. Every /api/ route needs `Authorization: Bearer <token>`; the two stream routes also take `?token=`, the write routes (POST) never. A write needs `Content-Type: application/json` and a body of at most 64 KiB."},servers:[{url:"http://127.0.0.1:7777"}],security:[{bearer:[]}],paths:t,components:{securitySchemes:{bearer:{type:"http",scheme:"bearer"},queryToken:{type:"apiKey",in:"query",name:"token"}},parameters:{ref:{name:"ref",in:"path",required:!0,description:"A task reference: #N or digits, the directory name, the id or an id prefix of at least 4 hex digits",schema:{type:"string"}},after:{name:"after",in:"query",description:"Start strictly after this event cursor (`<ns>-<number>-<seq>`)",schema:{type:"string",pattern:"^\\d+-\\d+-\\d+$"}},since:{name:"since",in:"query",description:"Events at or after this time: RFC 3339, or an age such as 90s, 15m, 1h30m",schema:{type:"string"}},type:{name:"type",in:"query",description:"Only these event types (repeatable, comma-separated)",schema:{type:"array",items:{type:"string",enum:[...Vt]}},style:"form",explode:!0},task:{name:"task",in:"query",description:"Only these tasks (references; repeatable)",schema:{type:"array",items:{type:"string"}},style:"form",explode:!0},lastEventId:{name:"Last-Event-ID",in:"header",description:"Resume after this id (beats the query)",schema:{type:"string"}},token:{name:"token",in:"query",description:"The token, for EventSource clients that cannot send headers",schema:{type:"string"}}},responses:{BadRequest:{...e,description:"A bad parameter, or an ambiguous task reference"},Unauthorized:{...e,description:"Missing or wrong token"},Forbidden:{...e,description:"Host or Origin is not this server's"},NotFound:{...e,description:"No such task, call or output"},MethodNotAllowed:{...e,description:"Not a method of this path (header Allow names those that are)"},TooLarge:{...e,description:"The body is larger than 64 KiB"},UnsupportedMediaType:{...e,description:"A write needs `Content-Type: application/json`"},BadLogFile:{...e,description:"The task's events.jsonl is not a regular file inside .taskline/ (a FIFO, a socket, a device, a directory, a link leading out or to nothing): code bad-log-file"}},schemas:{Problem:{type:"object",required:["type","title","status","detail","instance","error"],properties:{type:{type:"string"},title:{type:"string"},status:{type:"integer"},detail:{type:"string"},instance:{type:"string"},error:{type:"string"},code:{type:"string"}}},Envelope:{type:"object",required:["schema","at","event"],properties:{schema:{type:"integer"},seq:{type:"integer",minimum:1},at:{type:"string"},event:{type:"object",required:["type"],properties:{type:{type:"string"}}}}},TaggedEnvelope:{allOf:[{$ref:"#/components/schemas/Envelope"},{type:"object",required:["task","number"],properties:{task:{type:"string"},number:{type:"integer"}}}]},TaskRow:{type:"object",required:["task","number","dir","running","run"],properties:{task:{type:"object"},number:{type:"integer"},dir:{type:"string"},running:{type:"boolean"},run:{type:["object","null"],required:["id","status","current_phase","pending_approval"],properties:{id:{type:"string"},started_at:{type:"string"},current_phase:{type:["string","null"],description:"the phase the run is in, or was in last (its last phase_started); null before its first phase"},status:{type:["string","null"],description:"running while a process runs the task; else the status of the run's last run_finished (done, paused, cancelled, failed...)"},pending_approval:{type:["string","null"],enum:["spec","plan","merge",null]},active_ms:{type:"number"},usage:{type:"object"}}}}},TaskRef:{type:"object",required:["id","number","dir"],properties:{id:{type:"string"},number:{type:"integer"},dir:{type:"string"}}},Decision:{type:"object",required:["task","run","gate","approved","comment","seq"],properties:{task:{$ref:"#/components/schemas/TaskRef"},run:{type:"string"},gate:{type:"string",enum:["spec","plan","merge"]},approved:{type:"boolean"},comment:{type:["string","null"]},seq:{type:"integer",description:"The seq of approval_resolved"}}}}}}}var ep,G,Qe,qw,Lr,np,sp,Fw,Uw,rp,op=v(()=>{K();pc();ep={description:"A problem (RFC 9457)",content:{"application/problem+json":{schema:{$ref:"#/components/schemas/Problem"}}}},G=a(n=>({$ref:`#/components/parameters/${n}`}),"ref"),Qe=a(n=>({$ref:`#/components/responses/${n}`}),"resp"),qw={web:[],health:[],openapi:[],tasks:[],task:[G("ref")],taskEvents:[G("ref"),{name:"after",in:"query",description:"Only events with a seq above this",schema:{type:"integer",minimum:0}},{name:"run",in:"query",description:"A run id or prefix instead of the current run",schema:{type:"string"}},{name:"all",in:"query",description:"Every run of the task (not with after or run)",schema:{type:"boolean"}}],taskStream:[G("ref"),{name:"after",in:"query",description:"Start after this seq (Last-Event-ID wins)",schema:{type:"integer",minimum:0}},G("lastEventId"),G("token")],taskTrace:[G("ref"),{name:"run",in:"query",description:"A run id or prefix instead of the current run",schema:{type:"string"}},{name:"all",in:"query",description:"Every run of the task (not with run)",schema:{type:"boolean"}},{name:"tool",in:"query",description:"Only calls of this tool",schema:{type:"string"}},{name:"subtask",in:"query",description:"Only calls whose subtask starts with this prefix",schema:{type:"string"}}],traceOutput:[G("ref"),{name:"call",in:"path",required:!0,description:"The call id: 12 hexadecimal digits",schema:{type:"string",pattern:"^[0-9a-f]{12}$"}}],events:[G("after"),G("since"),G("type"),G("task"),{name:"limit",in:"query",description:"How many of the last matching events (default 500)",schema:{type:"integer",minimum:1,maximum:1e4,default:500}}],stream:[G("after"),G("since"),G("type"),G("task"),G("lastEventId"),G("token")],history:[{name:"all",in:"query",description:"Every task, not only ready and done ones",schema:{type:"boolean"}}],taskHistory:[G("ref")],createTask:[],runTask:[G("ref")],cancelTask:[G("ref")],approveTask:[G("ref")],rejectTask:[G("ref")]},Lr=a((n,t)=>({required:t,content:{"application/json":{schema:n}}}),"jsonBody"),np={createTask:Lr({type:"object",required:["title"],additionalProperties:!1,properties:{title:{type:"string",minLength:1,maxLength:1e3},description:{type:"string"}}},!0),runTask:Lr({type:"object",additionalProperties:!1,properties:{resume:{type:"boolean",default:!1,description:"Continue the task's current run (same run, seq continues)"},restart:{type:"boolean",default:!1,description:"Start a new run even though the current one is paused"},max_tokens:{type:["integer","string"],description:"Token budget of the run for this invocation (default pipeline.max_tokens)"},max_duration:{type:["number","string"],description:"Active-time budget for this invocation: seconds, or 90s, 15m, 1h30m (default pipeline.max_duration_secs)"},scenario:{type:"string",description:'The scenario of a new run: "builtin" (default), NAME (.taskline/scenarios/NAME.jsonc) or a file inside .taskline/'},speed:{type:"number",exclusiveMinimum:0,default:1,description:"Play the scenario's timings this many times faster"}}},!1),cancelTask:Lr({type:"object",additionalProperties:!1,properties:{}},!1),approveTask:Lr({type:"object",additionalProperties:!1,properties:{comment:{type:["string","null"]}}},!1),rejectTask:Lr({type:"object",required:["reason"],additionalProperties:!1,properties:{reason:{type:"string",minLength:1}}},!0)},sp={description:"approval_resolved was logged in the paused run",content:{"application/json":{schema:{$ref:"#/components/schemas/Decision"}}}},Fw={web:{description:"The web UI",content:{"text/html":{schema:{type:"string"}}}},health:{description:"The server is up",content:{"application/json":{schema:{type:"object",required:["ok","version"],properties:{ok:{type:"boolean"},version:{type:"string"}}}}}},openapi:{description:"This document",content:{"application/json":{schema:{type:"object"}}}},tasks:{description:"Every task, by number",content:{"application/json":{schema:{type:"array",items:{$ref:"#/components/schemas/TaskRow"}}}}},task:{description:"The task",content:{"application/json":{schema:{$ref:"#/components/schemas/TaskRow"}}}},taskEvents:{description:"Envelopes ordered by seq (the 0.4 shape)",content:{"application/json":{schema:{type:"array",items:{$ref:"#/components/schemas/Envelope"}}}}},taskStream:{description:"Server-Sent Events: `id: <seq>`, `event: <type>`, `data: <envelope>`",content:{"text/event-stream":{schema:{type:"string"}}}},taskTrace:{description:"The RunTrace document",content:{"application/json":{schema:{type:"object"}}}},traceOutput:{description:"The complete kept output",content:{"text/plain":{schema:{type:"string"}}}},events:{description:"Tagged envelopes, oldest first",headers:{"X-Taskline-Cursor":{description:"The cursor of the last event read before filtering; resume after it",schema:{type:"string"}}},content:{"application/json":{schema:{type:"array",items:{$ref:"#/components/schemas/TaggedEnvelope"}}}}},stream:{description:"Server-Sent Events: `id: <cursor>`, `event: <type>`, `data: <tagged envelope>`; ephemeral events have no id",content:{"text/event-stream":{schema:{type:"string"}}}},history:{description:"TaskHistory documents",content:{"application/json":{schema:{type:"array",items:{type:"object"}}}}},taskHistory:{description:"The TaskHistory document",content:{"application/json":{schema:{type:"object"}}}},createTask:{description:"The task was created (status ready): its row",headers:{Location:{description:"The task's route",schema:{type:"string"}}},content:{"application/json":{schema:{$ref:"#/components/schemas/TaskRow"}}}},runTask:{description:"The run holds the task and has logged run_started; it goes on in the server's process",content:{"application/json":{schema:{type:"object",required:["task","run","seq","resume","status"],properties:{task:{$ref:"#/components/schemas/TaskRef"},run:{type:"string"},seq:{type:"integer"},resume:{type:"boolean"},status:{const:"running"}}}}}},cancelTask:{description:"The process that runs the task was asked to stop (cancel.request)",content:{"application/json":{schema:{type:"object",required:["task","requested","stopped"],properties:{task:{$ref:"#/components/schemas/TaskRef"},requested:{const:!0},stopped:{type:"boolean"}}}}}},approveTask:sp,rejectTask:sp},Uw={createTask:"201",runTask:"202",cancelTask:"202",approveTask:"200",rejectTask:"200"},rp={runTask:"A process runs the task already, or its state does not allow it (paused: resume; waits for an approval; done: no resume)",cancelTask:"No process runs the task",approveTask:"No gate is pending, or a process runs the task",rejectTask:"No gate is pending, or a process runs the task"};a(ip,"openApiDocument")});function Hw(n){return`https://taskline.dev/problems/${n}`}function xe(n,t,e,s={}){let r=s.code??"http",i=new URL(e.url),o={type:Hw(r),title:Bw[n]??"Error",status:n,detail:t,instance:Ww(i.pathname+i.search),error:t,code:r};return new Response(JSON.stringify(o),{status:n,headers:{"content-type":"application/problem+json","cache-control":"no-store",...s.headers}})}function ap(n,t){if(n instanceof y)return xe(Pc(n.code),n.message,t,{code:n.code});if(n instanceof Deno.errors.PermissionDenied||n instanceof Deno.errors.NotCapable)return xe(403,"The server may not read that path",t,{code:"permission"});let e=n instanceof Error?n.name:"Error";return xe(500,`The server failed to answer (${e})`,t,{code:"io"})}function Ww(n){return n.replace(/([?&]token=)[^&#]*/g,"$1***")}var Bw,lp=v(()=>{A();Bw={400:"Bad Request",401:"Unauthorized",403:"Forbidden",404:"Not Found",405:"Method Not Allowed",409:"Conflict",413:"Content Too Large",415:"Unsupported Media Type",500:"Internal Server Error",503:"Service Unavailable"};a(Hw,"problemType");a(xe,"problem");a(ap,"errorResponse");a(Ww,"redactToken")});async function Es(n,t,e={}){let s=e.bytesMax??zw,r=n.headers.get("content-type");if((r??"").split(";")[0].trim().toLowerCase()!=="application/json")throw new y("unsupported-media-type",r===null?"This route needs the header `Content-Type: application/json`":`This route takes application/json, not "${r.slice(0,60)}"`);let o=n.headers.get("content-length");if(o!==null&&/^\d+$/.test(o)&&Number(o)>s)throw cp(s);let l=await Jw(n,s),u;try{u=new TextDecoder("utf-8",{fatal:!0}).decode(l)}catch{throw new y("bad-request","The body is not UTF-8 text")}if(u.trim()==="")return{};let c;try{c=JSON.parse(u)}catch(f){throw new y("bad-request",`The body is not JSON (${f.message.slice(0,120)})`)}if(c===null||typeof c!="object"||Array.isArray(c))throw new y("bad-request",`The body must be a JSON object${t.length?` with ${t.join(", ")}`:""}`);let h=c;for(let f of Object.keys(h))if(!t.includes(f))throw new y("bad-request",`Unknown member "${f.slice(0,40)}" in the body; this route takes ${t.length?t.join(", "):"none"}`);return h}function cp(n){return new y("too-large",`The body is larger than ${n} bytes`)}async function Jw(n,t){if(!n.body)return new Uint8Array(0);let e=n.body.getReader(),s=[],r=0;try{for(;;){let{value:l,done:u}=await e.read();if(u)break;if(r+=l.length,r>t)throw await e.cancel().catch(()=>{}),cp(t);s.push(l)}}finally{e.releaseLock()}let i=new Uint8Array(r),o=0;for(let l of s)i.set(l,o),o+=l.length;return i}function Rr(n,t){let e=n[t];if(e!=null){if(typeof e!="string")throw new y("bad-request",`Member ${t} must be text`);return e}}var zw,up=v(()=>{A();zw=64*1024;a(Es,"readJsonBody");a(cp,"tooLarge");a(Jw,"readBounded");a(Rr,"textMember")});async function To(n,t){let[e,s,r]=await Promise.all([bt(n,t.dir).catch(()=>t),Lt(n,t.dir),ss(n,t.dir).catch(()=>null)]);return{task:e.record,number:e.number,dir:e.dir,running:s,run:r&&r.run!==""?{id:r.run,started_at:r.started_at,status:s?"running":r.status??(r.started_at!==""?"interrupted":null),current_phase:r.current_phase??null,pending_approval:r.pending_approval,active_ms:r.active_ms,usage:{...r.usage}}:null}}var So,hp=v(()=>{li();gt();be();nr();A();So=class{static{a(this,"TaskIndex")}state;#t=[];#e="";#n=null;constructor(t){this.state=t}async#s(){try{let t=await Deno.stat(this.state.tasksDir);return`${t.mtime?.getTime()??0}:${t.ino??0}`}catch{return"missing"}}stamp(){return this.#s()}async tasks(t={}){let e=await this.#s();return!t.fresh&&e===this.#e?this.#t:(this.#n||(this.#n=vt(this.state).then(s=>(this.#t=s,this.#e=e,s)).finally(()=>this.#n=null)),await this.#n)}async resolve(t){try{return Fe(t,await this.tasks())}catch(e){if(!(e instanceof y&&e.code==="not-found"))throw e;return Fe(t,await this.tasks({fresh:!0}))}}};a(To,"taskRow")});var fp=v(()=>{Je();ms();gl();Cr();Or();uc();sc();El();kl();Sn()});function Jt(n,t={}){let e=new Headers(t.headers);return e.set("content-type","application/json; charset=utf-8"),e.set("cache-control","no-store"),new Response(JSON.stringify(n),{status:t.status??200,headers:e})}function jt(n,t){for(let e of n.searchParams.keys())if(e!=="token"&&!t.includes(e))throw new y("bad-request",`Unknown query parameter "${e.slice(0,40)}"${t.length?`; this route takes ${t.join(", ")}`:"; this route takes none"}`)}function gc(n,t){let e=n.searchParams.get(t);if(e!==null){if(!/^\d{1,15}$/.test(e))throw new y("bad-request",`Parameter ${t} takes a non-negative integer (a seq), not "${e.slice(0,40)}"`);return Number(e)}}function mc(n,t){let e=n.searchParams.get(t);if(e===null)return!1;if(e===""||e==="true"||e==="1")return!0;if(e==="false"||e==="0")return!1;throw new y("bad-request",`Parameter ${t} takes true or false, not "${e.slice(0,40)}"`)}function dp(n){if(!n.searchParams.has("type"))return null;let t=n.searchParams.getAll("type").flatMap(e=>e.split(",")).map(e=>e.trim()).filter(e=>e!=="");if(t.length===0)throw new y("bad-request","Parameter type names no event type");for(let e of t)if(!Hr(e))throw new y("bad-request",`Unknown event type "${e.slice(0,40)}"; known types: ${Vt.join(", ")}`);return new Set(t)}function pp(n){let{state:t,gate:e}=n,s=new So(t),r=new _t,i=a(async()=>(await He(t)).settings,"settings"),o=new os(t,{settings:i,closeMessage:"cancelled: the server that ran it stopped",sink:a((f,d)=>{f.seq!==void 0||!sn(f.event.type)||n.publishEphemeral?.(le(f,{id:d.id,number:d.number}))},"sink"),onEnd:a((f,d)=>{d instanceof Error&&n.onWarning?.(`the run of task #${f.number} failed: ${d.message}`)},"onEnd")});async function l(f,d,p,m){for(let w of d.searchParams.keys())throw new y("bad-request",w==="token"?"A write takes the token in the Authorization header only, never in the URL":`Unknown query parameter "${w.slice(0,40)}"; a write route takes its input in the JSON body`);switch(p){case"createTask":{let w=await Es(f,["title","description"]),g=Rr(w,"title");if(g===void 0)throw new y("bad-request",'Cannot create a task: the body needs a "title"');let b=Rr(w,"description"),_=await as(t,{title:g,...b!==void 0?{description:b}:{}});return Jt(await To(t,_),{status:201,headers:{location:`/api/tasks/${_.number}`}})}case"runTask":{let w=await Es(f,["resume","restart","max_tokens","max_duration","scenario","speed"]),g=hs({resume:w.resume,restart:w.restart,scenario:w.scenario,speed:w.speed,maxTokens:w.max_tokens,maxDuration:w.max_duration},Vw),b=await s.resolve(m.params.ref),_=g.scenario!==void 0?await qi(t,g.scenario,{scenariosOnly:!0}):void 0,x=await o.start(b,g,_);return Jt({task:{id:b.id,number:b.number,dir:b.dir},run:x.run,seq:x.seq,resume:x.resume,status:"running"},{status:202})}case"cancelTask":{await Es(f,[]);let w=await s.resolve(m.params.ref);return await us(t,w),Jt(Di(w,!1),{status:202})}case"approveTask":{let w=await Es(f,["comment"]),g=Rr(w,"comment")??null,b=await s.resolve(m.params.ref),_=await ls(t,b,g,{settings:await i()});return Jt(or(b,_))}case"rejectTask":{let w=await Es(f,["reason"]),g=Rr(w,"reason");if(g===void 0||g.trim()==="")throw new y("bad-request",'A rejection needs a "reason" in the body');let b=await s.resolve(m.params.ref),_=await cs(t,b,g,{settings:await i()});return Jt(or(b,_))}default:throw new y("bad-request",`${p} is not a write route`)}}a(l,"act");async function u(f,d,p,m){switch(p){case"web":return n.webPage?await n.webPage(f):new Response(Xw,{headers:{"content-type":"text/html; charset=utf-8"}});case"health":{jt(d,[]);let w=await Cn(t.root);return Jt({ok:!0,version:n.version,state_dir:t.root,tasks:(await s.tasks()).length,read_outside_state_dir:Fc(w),permissions:w,streams:n.live?.streamStats()??null})}case"openapi":return jt(d,[]),Jt(ip(n.version));case"tasks":{jt(d,[]);let w=n.live?`"${Kw}-${await s.stamp()}-${n.live.rowsVersion}"`:null;if(w!==null&&f.headers.get("if-none-match")===w)return new Response(null,{status:304,headers:{etag:w,"cache-control":"no-store"}});let g=await s.tasks();return Jt(await Promise.all(g.map(b=>To(t,b))),w===null?{}:{headers:{etag:w}})}case"task":{jt(d,[]);let w=await s.resolve(m.params.ref);return Jt(await To(t,w))}case"taskEvents":return await c(d,m);case"traceOutput":{jt(d,[]);let w=await s.resolve(m.params.ref),g;try{g=await $s(t,w,m.params.call)}catch(b){throw b instanceof y&&b.code==="bad-state"?new y("not-found",b.message):b}if(g===null)throw new y("not-found",`Cannot read the output of call ${m.params.call} of task #${w.number}: it was not kept`);return new Response(g.text,{headers:{"content-type":"text/plain; charset=utf-8","cache-control":"no-store","x-taskline-run":g.run,...g.cut?{"x-taskline-cut":`${g.cut.kept}/${g.cut.total}`}:{}}})}case"events":case"stream":case"taskStream":{if(!n.live)throw new y("bad-state","This server was started without live routes");return await n.live[p](f,d,m)}case"history":{jt(d,["all"]);let w=mc(d,"all");return Jt(await gs(t,{all:w,tasks:await s.tasks({fresh:!0}),settings:await i(),cache:r}))}case"taskHistory":{jt(d,[]);let w=await s.resolve(m.params.ref);return Jt(await ze(t,w,{settings:await i(),cache:r}))}case"taskTrace":{jt(d,["run","all","tool","subtask"]);let w=d.searchParams.get("run")??void 0,g=mc(d,"all");if(g&&w!==void 0)throw new y("bad-request","Parameter all does not go with run");let b=await s.resolve(m.params.ref);return Jt(await Ts(t,b,{run:w,all:g,tool:d.searchParams.get("tool")??void 0,subtask:d.searchParams.get("subtask")??void 0}))}case"createTask":case"runTask":case"cancelTask":case"approveTask":case"rejectTask":return await l(f,d,p,m)}}a(u,"route");async function c(f,d){jt(f,["after","run","all"]);let p=gc(f,"after"),m=f.searchParams.get("run")??void 0,w=mc(f,"all");if(w&&(p!==void 0||m!==void 0))throw new y("bad-request","Parameter all does not go with after or run");if(m!==void 0&&!/^[0-9a-fA-F-]{1,36}$/.test(m))throw new y("bad-request",`Parameter run takes a run id or prefix, not "${m.slice(0,40)}"`);let g=await d.tasks.resolve(d.params.ref),b=await Ps(t,g,{after:p,run:m,all:w}),_=new TextEncoder,x=b.batches,S=!0,O=new ReadableStream({start(C){C.enqueue(_.encode("["))},async pull(C){let M;for(;;){let Y=await x.next();if(Y.done){C.enqueue(_.encode(`]
`)),C.close();return}if(M=Y.value,M.records.length>0)break}let z="";for(let Y of M.records)z+=(S?"":",")+je(Y),S=!1;C.enqueue(_.encode(z))},async cancel(){await x.return(void 0)}});return new Response(O,{headers:{"content-type":"application/json; charset=utf-8","cache-control":"no-store",...b.run?{"x-taskline-run":b.run}:{}}})}a(c,"taskEvents");async function h(f){let d;try{d=new URL(f.url)}catch{return new Response("bad request",{status:400})}let p=Gd(f,e);if(p)return xe(403,p,f,{code:"forbidden"});let m=Yw(f.url),w=m==="/api"||m.startsWith("/api/"),g=tp(m,f.method),b=g!==null&&g!=="bad"&&g.route.queryToken;if(w&&!Zd(f,d,e,b)){let x=f.headers.has("authorization")||b&&d.searchParams.has("token");return xe(401,x?"The token is wrong; use the token `taskline serve` printed (also in .taskline/server.token)":"This route needs the header `Authorization: Bearer <token>` (the token `taskline serve` printed)",f,{code:"unauthorized",headers:{"www-authenticate":'Bearer realm="taskline"'}})}if(g==="bad")return xe(400,"The path has a segment that is not valid percent-encoding",f,{code:"bad-request"});if(g===null)return xe(404,`No route ${d.pathname.slice(0,200)}`,f,{code:"not-found"});if(!g.methodOk)return xe(405,`${g.route.path} answers ${g.allow.join(", ")}, not ${f.method.slice(0,20)}`,f,{code:"method-not-allowed",headers:{allow:g.allow.join(", ")}});let _;try{let x={state:t,tasks:s,params:g.params};_=Qd(g.route)?await l(f,d,g.route.name,x):await u(f,d,g.route.name,x)}catch(x){_=ap(x,f)}return f.method==="HEAD"&&(await _.body?.cancel().catch(()=>{}),_=new Response(null,{status:_.status,headers:_.headers})),_}return a(h,"fetch"),{tasks:s,close:a(()=>o.close(),"close"),fetch:a(async f=>{let d=await h(f);return n.onRequest?.(`${f.method} ${new URL(f.url).pathname} ${d.status}`),d},"fetch")}}function Yw(n){let t=n.indexOf("//"),e=n.indexOf("/",t+2);if(e<0)return"/";let s=n.slice(e).search(/[?#]/);return s<0?n.slice(e):n.slice(e,e+s)}var Kw,Vw,Xw,yc=v(()=>{Ln();De();K();A();cn();fc();op();lp();pc();up();xn();Ka();me();K();hp();fp();Or();_e();Kw=crypto.randomUUID().slice(0,8),Vw={resume:"resume",restart:"restart",scenario:"scenario",speed:"speed",maxTokens:"max_tokens",maxDuration:"max_duration"};a(Jt,"json");a(jt,"checkParams");a(gc,"seqParam");a(mc,"flagParam");a(dp,"typesParam");Xw=`<!doctype html><meta charset="utf-8"><title>taskline</title>
<p>taskline serve is running. The web UI is not built into this version; the API is under /api/.</p>`;a(pp,"createHandler");a(Yw,"rawPathOf")});function $e(n){let t=n.id===void 0||!/^[\x21-\x7e]{1,256}$/.test(n.id)?"":`id: ${n.id}
`,e=Gw.test(n.event)?`event: ${n.event}
`:"",s=/[\r\n]/.test(n.data)?n.data.replace(/[\r\n]/g," "):n.data;return`${t}${e}data: ${s}

`}function Qw(n,t){let e=Eo.get(t);if(e===void 0){let s=new Set,r=setInterval(()=>{let i=Date.now();for(let o of s)o.tick(i)},t);e={streams:s,timer:r},Eo.set(t,e)}e.streams.add(n)}function tk(n,t){let e=Eo.get(t);e!==void 0&&(e.streams.delete(n),e.streams.size===0&&(clearInterval(e.timer),Eo.delete(t)))}var Gw,wc,Zw,kc,Eo,As,jr=v(()=>{Gw=/^[A-Za-z0-9_.:-]{1,64}$/;a($e,"frameText");wc=16*1024,Zw=new TextEncoder,kc={"content-type":"text/event-stream; charset=utf-8","cache-control":"no-store","x-accel-buffering":"no"},Eo=new Map;a(Qw,"startTicks");a(tk,"stopTicks");As=class{static{a(this,"SseStream")}readable;#t;#e=[];#n=0;#s=!1;#r=!1;#i;#o;#a;#l;#c;#u;#h=0;#p=0;#f=null;#d=[];constructor(t={}){this.#c=t.queueBytesMax??128*1024,this.#u=t.onClose,this.readable=new ReadableStream({start:a(e=>{this.#t=e},"start"),pull:a(()=>this.#k(),"pull"),cancel:a(()=>this.#w(),"cancel")},{highWaterMark:wc,size:a(e=>e.byteLength,"size")}),this.#y(`retry: ${t.retryMs??1e3}
: taskline

`),this.#i=t.heartbeatMs??15e3,this.#o=Date.now()+this.#i,this.#a=t.stallMsMax??1e4,this.#l=Math.max(1,Math.min(1e3,this.#a,this.#i)),Qw(this,this.#l)}tick(t){this.#r||(t>=this.#o&&(this.#o=t+this.#i,this.backlogBytes===0&&this.#y(`: keep-alive ${t}

`)),this.#g(this.#a))}#g(t){if(this.#r)return;let e=this.#m(),s=this.#h-e,r=Date.now();if(e===0||s!==this.#p){this.#p=s,this.#f=null;return}if(this.#f??=r,r-this.#f>=t){this.stalled=!0;try{this.#t.error(new Error("The client took nothing for too long"))}catch{}this.#w()}}stalled=!1;#m(){return Math.max(0,wc-(this.#t.desiredSize??0))}#k(){let t=this.#d;if(t.length!==0){this.#d=[];for(let e of t)e()}}async room(t){for(;!this.#r&&!t?.aborted&&this.backlogBytes>=wc;)await new Promise(e=>{let s=a(()=>{t?.removeEventListener("abort",s),e()},"done");this.#d.push(s),t?.addEventListener("abort",s,{once:!0})})}get closed(){return this.#r}get takenBytes(){return this.#h-this.#m()}get backlogBytes(){return this.#r?0:this.#m()+this.#n}push(t){return this.#r||this.backlogBytes+t.length>this.#c?!1:(this.#y(t),!0)}write(t){this.#y(t)}writeBytes(t){if(!this.#r){this.#b();try{this.#t.enqueue(t),this.#h+=t.byteLength}catch{this.#w()}}}#y(t){this.#r||(this.#e.push(t),this.#n+=t.length,this.#s||(this.#s=!0,queueMicrotask(()=>this.#b())))}#b(){if(this.#s=!1,this.#r||this.#e.length===0)return;let t=this.#e.length===1?this.#e[0]:this.#e.join("");this.#e=[],this.#n=0;try{let e=Zw.encode(t);this.#t.enqueue(e),this.#h+=e.byteLength}catch{this.#w()}}close(){if(!this.#r){this.#b();try{this.#t.close()}catch{}this.#w()}}#w(){this.#r||(this.#r=!0,tk(this,this.#l),this.#k(),this.#e=[],this.#n=0,this.#u?.())}}});function ek(n){return{cursor:n.cursor,type:n.record.env.event.type,json:ke(n.record,n.task)}}async function*mp(n,t,e,s){for await(let r of kt(n,{from:e,to:s}))for(let i of r.records){if(i.env.schema<2)continue;let o=pe(i.env,t.number);o!==null&&(yield[i,o])}}async function nk(n,t,e){let s=await nt(n);if(s===null)return e;try{let r=t-1,i=new Uint8Array(64*1024);for(;r<e;){await s.seek(r,Deno.SeekMode.Start);let o=await s.read(i);if(o===null||o===0)return e;let l=i.subarray(0,o).indexOf(10);if(l>=0)return r+l+1;r+=o}return e}finally{s.close()}}function sk(n,t,e,s,r){let i=new yn((u,c)=>ut(u[0].items[u[1]].cursor,c[0].items[c[1]].cursor)>0),o=null;for(let u of n)if(u.items.length>0){i.push([u,u.items.length-1]);let c=u.items[u.items.length-1];(e===null||ut(c.cursor,e)>0)&&(o===null||ut(c.cursor,o)>0)&&(o=c.cursor)}else u.complete||r.push(u);let l=[];for(;i.size>0&&l.length<t;){let u=i.top,[c,h]=u,f=c.items[h];if(e!==null&&ut(f.cursor,e)<=0){i.pop();continue}s(c.task.id,f.type,f.cursor)&&l.push([c,f]),h>0?(u[1]=h-1,i.replaceTop()):(c.complete||r.push(c),i.pop())}return l.reverse(),{items:l,last:o}}var Ao,Mo,gp=v(()=>{Kt();Ne();U();Bs();Na();De();Ao=class{static{a(this,"Tail")}task;items;complete;cap;windowBytes;windowFrom;windowTo;loading;constructor(t,e,s,r){this.task=t,this.items=[],this.windowFrom=0,this.windowTo=0,this.loading=null,this.complete=e,this.cap=s,this.windowBytes=r}add(t){let e=this.items.length,s=1;for(;e>0&&(s=ut(this.items[e-1].cursor,t.cursor))>0;)e--;if(e>0&&s===0){this.items[e-1].json??=t.json;return}this.items.splice(e,0,t),this.trim()}trim(){this.items.length<=this.cap||(this.items=this.items.slice(this.items.length-this.cap),this.complete=!1)}};a(ek,"itemOf");Mo=class{static{a(this,"RecentIndex")}state;#t=new Map;#e;#n;#s;constructor(t,e={}){this.state=t,this.#e=e.itemsPerTask??16,this.#n=e.windowBytes??4*1024,this.#s=e.windowBytesMax??64*1024*1024}existing(t){for(let e of t)this.#t.has(e.dir)||this.#t.set(e.dir,new Ao(e,!1,this.#e,0))}remove(t){let e=this.#t.get(t.dir);e&&e.task.id===t.id&&this.#t.delete(t.dir)}add(t){for(let e of t){let s=this.#t.get(e.task.dir);s&&s.task.id!==e.task.id&&(s=void 0),s||(s=new Ao(e.task,!0,this.#e,0),this.#t.set(e.task.dir,s)),s.add(ek(e))}}async#r(t,e){if(t.loading)return await t.loading;t.loading=(async()=>{try{await this.#i(t,e)}catch(s){if(!(s instanceof N))throw s;t.complete=!0,t.windowBytes=e}})().finally(()=>t.loading=null),await t.loading}async#i(t,e){let s=this.state.logPath(t.task.dir),r=await Pe(s),i=Math.max(0,r-e);i>0&&(i=await nk(s,i,r));let o=[];for await(let[l,u]of mp(s,t.task,i,r))o.push({cursor:u,type:l.env.event.type,json:null});t.cap=Math.max(t.cap,o.length+this.#e);for(let l of o)t.add(l);t.windowBytes=e,t.windowFrom=t.windowTo===0?i:Math.min(t.windowFrom,i),t.windowTo=Math.max(t.windowTo,r),i===0&&(t.complete=!0)}async#o(t,e){let s=new Map;for(let i of e)s.set(Ot(i.cursor),i);let r=this.state.logPath(t.task.dir);try{for await(let[i,o]of mp(r,t.task,t.windowFrom,t.windowTo)){let l=Ot(o),u=s.get(l);u!==void 0&&(u.json=ke(i,t.task),s.delete(l))}}catch(i){if(!(i instanceof N))throw i}return s.size===0}async warm(t=16,e=0){let s=[...this.#t.values()].filter(o=>!o.complete&&o.windowBytes===0),r=0,i=a(async()=>{for(;r<s.length;){let o=s[r++];o.complete||o.windowBytes>0||(await this.#r(o,this.#n),e>0&&await new Promise(l=>setTimeout(l,e)))}},"worker");await Promise.all(Array.from({length:Math.min(t,s.length)},i))}async query(t,e,s,r){await this.warm();let i=[...this.#t.values()].filter(o=>r===null||r.has(o.task.id));for(let o=0;o<32;o++){let l=[],u=sk(i,t,e,s,l);if(l.length===0)return await this.#a(u);for(let c of l){let h=Math.max(c.windowBytes*2,this.#n);if(h>this.#s)return null;c.cap=Math.max(c.cap,t+this.#e),await this.#r(c,h)}}return null}async#a(t){let e=new Map;for(let[s,r]of t.items){if(r.json!==null)continue;let i=e.get(s);i?i.push(r):e.set(s,[r])}for(let[s,r]of e)if(!await this.#o(s,r))return null;return{items:t.items.map(([,s])=>s.json),last:t.last===null?null:Ot(t.last)}}};a(mp,"feedEvents");a(nk,"nextLineStart");a(sk,"mergeNewest")});var bc,rk,ik,ok,ak,lk,ck,Ms,vc=v(()=>{bc=new TextEncoder,rk=2048,ik=4096,ok=1e3,ak=50,lk=Number(Deno.env.get("TASKLINE_FLUSH_MS_MAX")??35),ck=20,Ms=class n{static{a(this,"FanOut")}#t=0;#e=0;#n;#s=[];#r=new Set;#i=new Map;#o=[];#a=[];#l=null;#c=-1/0;#u=!1;#h;#p;stats={flushes:0,left:0,postponed:0};#f=new Map;#d=new WeakMap;#g=0;constructor(t){this.#p=t,this.#h=t.flushMs??10,this.#n=new Array(t.ringItems??1024)}get memberCount(){return this.#r.size}get flushed(){return this.#e}#m(t){let e=this.#i.get(t.dir);return e===void 0?(e=this.#o.length,this.#i.set(t.dir,e),this.#a.push(0),this.#o.push(t)):this.#o[e]=t,e}addLogs(t){for(let{task:e,offset:s}of t)this.#a[this.#m(e)]=s}addItems(t){for(let e of t){let s=++this.#t;this.#n[s%this.#n.length]=e,this.#s.push({item:e})}this.#y()}addEphemeral(t,e,s){this.#r.size!==0&&(this.#s.push({frame:t,task:e,env:s}),this.#y())}snapshot(){return{flushed:this.#e,offsets:this.#a.slice(),tasks:this.#o.slice()}}indexOf(t){return this.#m(t)}ringStep(t,e,s){let r=[],i=0,o="",l=new Map,u=this.#n,c=e;for(;c<this.#e&&i+o.length<s;){let h=t.keeps===null?this.#f.get(c):void 0;if(h!==void 0){o!==""&&r.push(o),i+=o.length+h.bytes.length,o="",r.push(h.bytes);for(let[p,m]of h.ends)l.set(p,Math.max(l.get(p)??0,m));c=h.to;continue}if(this.#e-c>u.length)return null;let f=u[++c%u.length],d=f.record.end;if(d!==void 0){let p=this.#m(f.task);l.set(p,Math.max(l.get(p)??0,d))}(t.keeps===null||t.keeps(f.task,f.record.env))&&(o+=this.#p.frameOf(f))}return o!==""&&r.push(o),{parts:r,size:i+o.length,ends:l,to:c}}static write(t,e){for(let s of e)typeof s=="string"?t.sse.write(s):t.sse.writeBytes(s)}has(t){return this.#r.has(t)}join(t,e,s=1/0){if(this.#u||t.sse.closed)return!1;if(e<this.#e){let r=this.ringStep(t,e,1/0);if(r===null||r.size>s)return!1;n.write(t,r.parts)}return this.#r.add(t),!0}leave(t){this.#r.delete(t)}#k(){let t=Math.min(lk,this.#r.size/ck);return Math.max(this.#h,t)}#y(){if(this.#l!==null||this.#u)return;let t=performance.now(),e=this.#c+this.#k()-t;e<=0?(this.#g=0,this.#_()):this.#b(e,t)}#b(t,e){let s=e+t;this.#l=setTimeout(()=>{this.#l=null,this.#g=performance.now()-s,this.#_()},t)}#w(t){let e=0,s=0;for(let r of this.#r){if(r.sse.closed)continue;s++;let i=r.sse.takenBytes,o=this.#d.get(r);o===void 0?this.#d.set(r,o={bytes:i,at:-1/0}):i!==o.bytes&&(o.bytes=i,o.at=t);let l=t-o.at<ok||this.#g>=ak;r.sse.backlogBytes>0&&l&&e++}return e*2>s}#_(){let t=performance.now();if(this.#s.length<=rk&&this.#w(t)){this.stats.postponed++,this.#c=t,this.#b(this.#k(),t);return}let e=this.#s;this.#s=[],this.#c=t,this.stats.flushes++;let s=new Map,r=0;for(let o of e){if(!("item"in o))continue;r++;let l=o.item.record.end;if(l===void 0)continue;let u=this.#m(o.item.task);s.set(u,Math.max(s.get(u)??0,l))}let i=null;if(this.#r.size>0&&e.length>0){let o=this.#p.memberBytesMax??65536;for(let l of[...this.#r]){if(l.sse.closed){this.#r.delete(l);continue}if(l.sse.backlogBytes>o){this.#r.delete(l),this.stats.left++,l.fellBehind(this.#a.slice(),this.#e);continue}let u;l.keeps===null?u=i??=bc.encode(this.#x(e,null)):u=bc.encode(this.#x(e,l.keeps)),u.length>0&&l.sse.writeBytes(u)}}for(let[o,l]of s)this.#a[o]=l;if(r>0){this.#f.set(this.#e,{to:this.#t,bytes:i??bc.encode(this.#x(e,null)),ends:[...s]});for(let o of this.#f.keys()){if(this.#t-o<=ik)break;this.#f.delete(o)}}this.#e=this.#t}#x(t,e){let s="";for(let r of t)"item"in r?(e===null||e(r.item.task,r.item.record.env))&&(s+=this.#p.frameOf(r.item)):(e===null||e(r.task,r.env))&&(s+=r.frame);return s}close(){this.#u=!0,this.#l!==null&&clearTimeout(this.#l),this.#l=null,this.#r.clear(),this.#s=[]}}});function kp(n){let t=yp.get(n);return t===void 0&&(t=$e({event:n.env.event.type,data:JSON.stringify(le(n.env,n.task))}),yp.set(n,t)),t}function Oo(n){let t=wp.get(n);if(t===void 0){let e=n;t=$e({id:n.cursorText,event:e.type??n.record.env.event.type,data:e.taggedText?e.taggedText():ke(n.record,n.task)}),wp.set(n,t)}return t}var yp,wp,_c=v(()=>{me();De();jr();yp=new WeakMap;a(kp,"ephemeralFrame");wp=new WeakMap;a(Oo,"feedFrame")});var No,bp=v(()=>{Zn();vc();_c();jr();No=class{static{a(this,"ProjectStreamClient")}hub;options;sse;keeps;#t;#e;#n;#s;#r;#i;#o;#a;constructor(t,e){this.hub=t,this.options=e,this.#t=[],this.#e=null,this.#n=null,this.#s=!1,this.#r=!1,this.#i=new AbortController,this.keeps=e.keeps,this.#o=e.queueBytesMax??64*1024,this.#a=e.stepBytesMax??1024*1024,this.sse=new As({heartbeatMs:e.heartbeatMs,queueBytesMax:this.#o,stallMsMax:e.stallMsMax,onClose:a(()=>this.close(),"onClose")})}begin(t){if(t===null){this.hub.fan.join(this,this.hub.fan.flushed);return}this.#t=[],this.#e=t,this.#l()}close(){this.#i.signal.aborted||(this.#i.abort(),this.hub.fan.leave(this),this.#t=[],this.sse.close(),this.options.onClose())}fellBehind(t,e){this.#i.signal.aborted||(this.hub.stats.catchUps++,this.#t=t,this.#e=null,this.#n=e,this.#s?this.#r=!0:this.#l())}async#l(){if(this.#s)return;this.#s=!0;let t=this.#i.signal;try{for(;!t.aborted&&(await this.sse.room(t),!(t.aborted||this.sse.closed));){if(this.#n!==null){let s=this.#c();if(s===!0&&!this.#r)break;if(this.#r=!1,s!==null)continue}await this.hub.slots.acquire(t);let e;try{e=await this.#u(t)}finally{this.hub.slots.release()}if(e&&!this.#r)break;this.#r=!1}}catch(e){t.aborted||(this.sse.write($e({event:"error",data:JSON.stringify({error:e.message})})),this.close())}finally{this.#s=!1,this.#r&&!t.aborted&&(this.#r=!1,this.#l())}}#c(){let t=this.hub.fan,e=t.ringStep(this,this.#n,this.#o);if(e===null)return this.#n=null,null;Ms.write(this,e.parts);for(let[s,r]of e.ends)r>(this.#t[s]??0)&&(this.#t[s]=r);return this.#n=e.to,e.to<t.flushed||!t.join(this,e.to)?!1:(this.#n=null,this.#t=[],!0)}async#u(t){let e=this.hub.fan.snapshot(),s=new Map,r=new Map,i=new Map,o=[];for(let l=0;l<e.tasks.length;l++){let u=this.#t[l]??0;if(u>=e.offsets[l])continue;let c=e.tasks[l];o.push(c),s.set(c.dir,u),r.set(c.dir,e.offsets[l]),i.set(c.dir,l)}if(o.length>0){let l=0,u=wn(this.hub.state,o,{from:s,to:r,after:this.#e??void 0,bytes:!0,needles:this.options.needles,batchItemsMax:128,signal:t}),c=this.options.keepsAt;for await(let h of u){let f="";for(let d of h){(c===null||c(d.task,d.type,d.sec,d.nanos))&&(f+=Oo(d));let p=i.get(d.task.dir),m=d.fileEnd;m>(this.#t[p]??0)&&(this.#t[p]=m)}if(this.sse.closed||t.aborted||(f!==""&&(this.sse.write(f),l+=f.length),this.sse.backlogBytes>this.#o||l>this.#a))return!1}}return this.#e=null,this.sse.closed||t.aborted?!1:this.hub.fan.join(this,e.flushed,this.#o)?(this.#t=[],!0):(this.#t=e.offsets,this.#n=e.flushed,!1)}}});var Co,vp=v(()=>{Vn();De();K();cn();jr();Co=class{static{a(this,"TaskStreamClient")}hub;task;options;sse;#t;#e;#n;#s;#r;#i;#o;constructor(t,e,s,r){this.hub=t,this.task=e,this.options=r,this.#t=null,this.#n=!0,this.#s=!1,this.#r=new AbortController,this.#e=s,this.#i=r.queueBytesMax??64*1024,this.#o=r.stepBytesMax??1024*1024,this.sse=new As({heartbeatMs:r.heartbeatMs,queueBytesMax:this.#i,stallMsMax:r.stallMsMax,onClose:a(()=>this.close(),"onClose")})}begin(){this.#c()}end(t){this.#r.signal.aborted||(this.sse.push($e({event:"error",data:JSON.stringify({error:t})})),this.close())}close(){this.#r.signal.aborted||(this.#r.abort(),this.sse.close(),this.options.onClose())}#a(t,e){return $e({id:t.seq===void 0?void 0:String(t.seq),event:t.event.type,data:e})}offer(t){if(this.#n||this.#r.signal.aborted)return;let[e,s]=[this.#t,this.#e],r="";for(let i of t)i.task.id===this.task.id&&(r+=this.#l(i));r===""||this.sse.push(r)||([this.#t,this.#e]=[e,s],this.#n=!0,this.hub.stats.catchUps++,this.#c())}#l(t){let e=t.env;if(e.event.type==="run_started"&&e.seq!==void 0){let s=q(e.event);this.#t===null?this.#t=s:s!==null&&s!==this.#t&&(this.#t=s,this.#e=0)}return this.#t===null||q(e.event)!==this.#t?"":e.seq===void 0?t.text===void 0?this.#a(e,te(e)):"":e.schema<2||e.seq<=this.#e?"":(this.#e=e.seq,this.#a(e,je(t)))}async#c(){if(this.#s)return;this.#s=!0;let t=this.#r.signal;try{for(;!t.aborted&&this.#n&&(await this.sse.room(t),!(t.aborted||this.sse.closed));){await this.hub.slots.acquire(t);try{if(!await this.#u(t))continue}finally{this.hub.slots.release()}let e=this.hub.published(this.task.id);if(e!==void 0&&this.#t!==null&&e.run!==this.#t){this.#t=e.run,this.#e=0;continue}e!==void 0&&(this.#t===null||e.seq>this.#e)||(this.#n=!1)}}catch(e){t.aborted||(this.sse.write($e({event:"error",data:JSON.stringify({error:e.message})})),this.close())}finally{this.#s=!1}}async#u(t){let e=await Ps(this.hub.state,this.task,{after:this.#e,run:this.#t??void 0,signal:t});this.#t===null&&(this.#t=e.run);let s=0;for await(let r of e.batches){let i="";for(let o of r.records)o.env.seq===void 0||o.env.seq<=this.#e||(this.#e=o.env.seq,i+=this.#a(o.env,je(o)));if(this.sse.closed||t.aborted)return!1;if(i!==""&&(this.sse.write(i),s+=i.length,this.sse.backlogBytes>this.#i||s>this.#o))return!1}return!0}}});var Lo,_p=v(()=>{Lo=class{static{a(this,"Slots")}#t;#e=[];constructor(t){this.#t=t}get waiting(){return this.#e.length}acquire(t){return t?.throwIfAborted(),this.#t>0?(this.#t--,Promise.resolve()):new Promise((e,s)=>{let r=a(()=>{t?.removeEventListener("abort",i),e()},"grant"),i=a(()=>{let o=this.#e.indexOf(r);o>=0&&this.#e.splice(o,1),s(t.reason)},"onAbort");this.#e.push(r),t?.addEventListener("abort",i,{once:!0})})}release(){let t=this.#e.shift();t?t():this.#t++}}});function uk(n){return n.all?null:(t,e)=>n.keeps(t,e)}function xp(n){return n<=0n?Wc:{ns:n-1n,number:Number.MAX_SAFE_INTEGER,seq:Number.MAX_SAFE_INTEGER}}var xc,hk,fk,Ro,$p=v(()=>{K();Kt();A();_i();Zn();_a();U();yc();jr();gp();vc();_c();bp();vp();_p();xc=64*1024;a(uk,"memberFilter");a(xp,"cursorBefore");hk=new Set(["run_started","run_finished","paused","approval_requested","approval_resolved","phase_started","phase_finished","merged"]),fk=1e3,Ro=class{static{a(this,"LiveHub")}rowsVersion=0;#t=null;state;follower;recent;fan;slots;stats={catchUps:0};#e=new Set;#n=new Set;#s=new Map;#r=!1;#i=!1;#o;#a=new AbortController;constructor(t,e={}){this.state=t,this.#o=e,this.follower=new bn(t,{pollIntervalMs:e.pollIntervalMs,onReset:e.onReset,onBadLog:e.onBadLog,onRemoved:a(s=>{this.recent.remove(s);for(let r of this.#n)r.task.id===s.id&&r.end(`Task #${s.number} was discarded`)},"onRemoved")}),this.recent=new Mo(t),this.fan=new Ms({frameOf:Oo,flushMs:e.fanOutFlushMs,memberBytesMax:e.clientQueueBytesMax??xc}),this.slots=new Lo(e.catchUpsMax??2)}get clientCount(){return this.#e.size}streamStats(){return{clients:this.#e.size,catch_ups:this.stats.catchUps,fan_out:this.fan.memberCount,flushes:this.fan.stats.flushes,postponed:this.fan.stats.postponed}}published(t){return this.#s.get(t)}async start(){if(this.#i)return;this.#i=!0,await this.follower.start(),this.recent.existing(this.follower.tasks()),this.fan.addLogs(this.follower.published());let t=this.#a.signal,e=this.follower.subscribe({lossless:!0,signal:t});(async()=>{try{for await(let s of e){let r=[];for(let i of s){let o=i.record.env;r.push({task:i.task,env:o,text:i.record.text,upgraded:i.record.upgraded});let l=q(o.event);l!==null&&o.seq!==void 0&&this.#s.set(i.task.id,{run:l,seq:o.seq}),hk.has(o.event.type)&&this.#l()}this.recent.add(s),this.fan.addItems(s),this.#c(r)}}catch{}})(),this.recent.warm(1,2).catch(()=>{})}#l(){this.rowsVersion++,this.#t!==null&&clearTimeout(this.#t),this.#t=setTimeout(()=>{this.#t=null,this.rowsVersion++},fk)}async close(){if(this.#t!==null&&clearTimeout(this.#t),this.#t=null,!this.#r){this.#r=!0,this.#a.abort(),this.fan.close();for(let t of[...this.#e])t.close();this.#e.clear(),this.follower.close(),await Promise.resolve()}}#c(t){if(t.length!==0)for(let e of this.#n)try{e.offer(t)}catch{}}publishEphemeral(t){let{task:e,number:s,...r}=t,i={task:{id:e,number:s},env:r,upgraded:!1};this.fan.addEphemeral(kp(i),i.task,i.env),this.#c([i])}async#u(t,e){let s=dp(t),r=t.searchParams.get("since"),i=null;if(r!==null)try{i=ii(r)}catch(u){throw new y("bad-request",u.message.replace(/^--since/,"since"))}let o=t.searchParams.getAll("task").flatMap(u=>u.split(",")).map(u=>u.trim()).filter(u=>u!==""),l=null;if(t.searchParams.has("task")&&o.length===0)throw new y("bad-request","Parameter task names no task");if(o.length>0){l=new Set;for(let u of o)l.add((await e.tasks.resolve(u)).id)}return new pn({types:s,tasks:l,sinceNs:i})}async events(t,e,s){jt(e,["after","since","type","task","limit"]);let r=e.searchParams.get("limit"),i=500;if(r!==null){if(!/^\d{1,6}$/.test(r)||Number(r)<1||Number(r)>1e4)throw new y("bad-request",`Parameter limit takes an integer from 1 to 10000, not "${r.slice(0,40)}"`);i=Number(r)}let o=e.searchParams.get("after"),l=o===null?null:Rn(o),u=await this.#u(e,s),c=l??void 0;if(u.sinceNs!==null){let _=xp(u.sinceNs);(c===void 0||ut(_,c)>0)&&(c=_)}let h={"content-type":"application/json; charset=utf-8","cache-control":"no-store"};if(this.#i){let _=await this.recent.query(i,c??null,(x,S)=>u.types===null||u.types.has(S),u.tasks);if(_!==null)return new Response(`[${_.items.join(",")}]`,{headers:{...h,"x-taskline-cursor":_.last??(c?Ot(c):"0-0-0")}})}let f=await s.tasks.tasks({fresh:!0}),d=u.tasks?f.filter(_=>u.tasks.has(_.id)):f,p=new Array(i),m=0,w=null;for await(let _ of wn(this.state,d,{after:c,bytes:!0,needles:u.needles})){for(let x of _)u.keepsAt(x.task,x.type,x.sec,x.nanos)&&(p[m%i]=x.taggedText(),m++);_.length>0&&(w=_[_.length-1].cursorText)}let g=Math.min(m,i),b=[];for(let _=m-g;_<m;_++)b.push(p[_%i]);return new Response(`[${b.join(",")}]`,{headers:{...h,"x-taskline-cursor":w??(c?Ot(c):"0-0-0")}})}async stream(t,e,s){jt(e,["after","since","type","task"]);let r=await this.#u(e,s),i=t.headers.get("last-event-id"),o=e.searchParams.get("after"),l=null;if(i!==null&&i.trim()!==""?l=Rn(i.trim()):o!==null?l=Rn(o):r.sinceNs!==null&&(l=xp(r.sinceNs)),!this.#i)throw new y("bad-state","The live feed is not running");if(this.#r)throw new y("bad-state","The live feed is stopping");let u=new No(this,{keeps:uk(r),keepsAt:r.all?null:(c,h,f,d)=>r.keepsAt(c,h,f,d),needles:r.needles,heartbeatMs:this.#o.heartbeatMs,queueBytesMax:this.#o.clientQueueBytesMax??xc,stallMsMax:this.#o.stallMsMax,onClose:a(()=>{this.#e.delete(u)},"onClose")});return this.#e.add(u),u.begin(l),new Response(u.sse.readable,{headers:kc})}async taskStream(t,e,s){jt(e,["after"]);let r=gc(e,"after")??0,i=t.headers.get("last-event-id");if(i!==null&&i.trim()!==""){if(!/^\d{1,15}$/.test(i.trim()))throw new y("bad-request",`Last-Event-ID of a task stream is a seq, not "${i.slice(0,40)}"`);r=Number(i.trim())}let o=await s.tasks.resolve(s.params.ref);if(!this.#i)throw new y("bad-state","The live feed is not running");if(this.#r)throw new y("bad-state","The live feed is stopping");await Gt(this.state.logPath(o.dir));let l=new Co(this,o,r,{heartbeatMs:this.#o.heartbeatMs,queueBytesMax:this.#o.clientQueueBytesMax??xc,stallMsMax:this.#o.stallMsMax,onClose:a(()=>{this.#e.delete(l),this.#n.delete(l)},"onClose")});return this.#e.add(l),this.#n.add(l),l.begin(),new Response(l.sse.readable,{headers:kc})}}});function dk(n,t){return`http://${n.includes(":")&&!n.startsWith("[")?`[${n}]`:n}:${t}/`}async function Sp(n,t){await n.requireExists();let e=t.host??"127.0.0.1",s=t.port??7777;Xd(e)||t.onWarning?.(`--host ${e} is not a loopback address: anyone who can reach it and has the token can read this project`);let r=t.token??hc(),i={token:r,hosts:new Set},o=new Ro(n,{...t.streams,heartbeatMs:t.heartbeatMs,onReset:a(w=>t.onWarning?.(`${w.path} was ${w.reason} (it had ${w.offset} bytes read): reading it again from its start`),"onReset"),onBadLog:a(w=>t.onWarning?.(`${w.message} (every other task is served)`),"onBadLog")}),l=pp({state:n,gate:i,version:t.version,webPage:t.webPage,live:o,publishEphemeral:a(w=>o.publishEphemeral(w),"publishEphemeral"),onWarning:t.onWarning}),u=new AbortController,c,h=Promise.withResolvers();try{c=Deno.serve({hostname:e,port:s,signal:u.signal,onListen:a(w=>h.resolve(w),"onListen"),onError:a(w=>(t.onWarning?.(`request failed: ${w?.name??"error"}`),new Response(JSON.stringify({type:"about:blank",title:"Internal Server Error",status:500,detail:"The server failed to answer",instance:"",error:"The server failed to answer"}),{status:500,headers:{"content-type":"application/problem+json"}})),"onError")},w=>l.fetch(w))}catch(w){throw await o.close(),w instanceof Deno.errors.AddrInUse?new y("io",`Cannot listen on ${e}:${s}: the address is in use (try --port 0)`):w instanceof Deno.errors.NotCapable||w instanceof Deno.errors.PermissionDenied?new y("io",`Cannot listen on ${e}:${s}: taskline may only use the network on 127.0.0.1, localhost and [::1]`):w}let f=await h.promise;for(let w of Yd(e,f.port))i.hosts.add(w);let d=n.tokenPath,p=null,m=await va(n).catch(()=>{});m===null&&t.onWarning?.(`another taskline serve runs for this project: while this one runs, ${d} and ${n.liveChannelPath} are this one's (the other keeps serving its own clients, without the agent_delta of runs)`);try{await Deno.writeTextFile(d,r+`
`,{mode:384}),await Deno.chmod(d,384).catch(()=>{}),p=await er(n.liveChannelPath,hc(),w=>o.publishEphemeral(w),{onWarning:t.onWarning}),await o.start(),await t.onListen({url:dk(e,f.port),port:f.port,host:e,token:r}),t.signal.aborted||await new Promise(w=>{t.signal.addEventListener("abort",()=>w(),{once:!0})})}finally{await l.close(),await o.close(),u.abort(),await p?.close().catch(()=>{}),await c.finished.catch(()=>{}),await pk(d,r),m?.release()}}async function pk(n,t){try{if(!(await Deno.readTextFile(n)).includes(t))return;await Deno.remove(n)}catch{}}var Tp=v(()=>{A();fc();yc();$p();$i();be();a(dk,"baseUrl");a(Sp,"serve");a(pk,"removeIfOurs")});var Ep,Ap=v(()=>{Ep=`
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
`});var $c,Mp=v(()=>{$c=`(() => {
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
`});function mk(n){return`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>taskline</title>
<style nonce="${n}">${Ep}</style>
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
${$c}
<\/script>
</body>
</html>
`}function Sc(){let n=btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));return new Response(mk(n),{headers:{"content-type":"text/html; charset=utf-8","cache-control":"no-store","content-security-policy":["default-src 'none'",`script-src 'nonce-${n}'`,`style-src 'nonce-${n}'`,"connect-src 'self'","img-src 'self' data:","base-uri 'none'","form-action 'none'","frame-ancestors 'none'"].join("; "),"referrer-policy":"no-referrer","x-content-type-options":"nosniff","x-frame-options":"DENY"}})}var Op=v(()=>{Ap();Mp();a(mk,"page");a(Sc,"webPage")});var Np=v(()=>{Op()});var Cp={};W(Cp,{SERVE_HELP:()=>gk,serveCommand:()=>wk});async function wk(n,t){let{values:e,positionals:s}=j("serve",t,{host:{type:"string"},port:{type:"string"},"exit-on-stdin-eof":{type:"boolean"},json:{type:"boolean"}});if(n.json=e.json===!0,s.length>0)throw new y("usage",`taskline serve takes no arguments, not "${s[0]}"`);let r=await n.settings(),i=Ur("port",e.port)??r.server.port;if(i>65535)throw new y("usage",`--port takes 0 to 65535, not ${i}`);let o=e.host??r.server.host;if(o.trim()==="")throw new y("usage","--host cannot be empty");let l=n.io.env("TASKLINE_TOKEN");if(l!==void 0&&!/^[A-Za-z0-9._~-]{32,256}$/.test(l))throw new y("usage","TASKLINE_TOKEN must be 32 to 256 letters, digits or ._~- (for example 64 hexadecimal digits)");let u=new AbortController,c=a(()=>u.abort(),"onAbort");n.io.signal.addEventListener("abort",c,{once:!0}),n.io.signal.aborted&&u.abort(),e["exit-on-stdin-eof"]&&kk(n.io.stdin,u);try{await Sp(n.state,{host:o,port:i,version:yk,webPage:Sc,token:l,signal:u.signal,onWarning:a(h=>void n.warn(h),"onWarning"),onListen:a(async({url:h,port:f,token:d})=>{let p=n.io.stdout;n.json?await p.write(JSON.stringify({url:h,port:f,token:d})+`
`):await p.write(`taskline serve on ${h}
token: ${d} (also in ${n.state.tokenPath} while the server runs)
web UI: ${h}#token=${d}
Press Ctrl-C to stop.
`),await p.flush()},"onListen")})}finally{n.io.signal.removeEventListener("abort",c)}return 0}async function kk(n,t){try{let e=n.getReader();for(;;){let{done:s}=await e.read();if(s)break}}catch{}t.abort()}var gk,yk,Lp=v(()=>{A();Tp();Np();rt();gk=`Usage: taskline serve [options]

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
  --json                 print {"url","port","token"} as the first line`,yk="0.5.0";a(wk,"serveCommand");a(kk,"watchStdin")});function ue(n){return!("loading"in n)&&!("error"in n)}var Tc=v(()=>{a(ue,"isReady")});function Z(n){return L(n,{newline:"\u23CE",tab:" "})}function Se(n){return ve(n)}function I(n,t,e={}){if(t<=0)return"";let s="",r=0,i=!1;for(let o of n){let l=Yn(o.codePointAt(0));if(r+l>t){i=!0;break}s+=o,r+=l}if(i){let o=[...s];for(;o.length>0&&r+1>t;)r-=Yn(o.pop().codePointAt(0));s=o.join("")+"\u2026",r+=1}return e.pad===!1?s:s+" ".repeat(Math.max(0,t-r))}function Rp(n,t){let e=I(n,t,{pad:!1});return" ".repeat(Math.max(0,t-Se(e)))+e}function Ec(n,t,e=1e4){if(t<=0)return[];let s=[],r="",i=0;for(let o of n){let l=Yn(o.codePointAt(0));if(i+l>t){if(s.push(r),s.length>=e)return s;r="",i=0}r+=o,i+=l}return(r!==""||s.length===0)&&s.push(r),s}function jo(n,t,e=1e4){let s=[];for(let r of n.split(`
`)){for(let i of Ec(Z(r.replace(/\r$/,"")),t,e-s.length))s.push(i);if(s.length>=e)break}return s}function jp(n,t,e=!0){let s=t.filter(r=>e||!vk.has(r)).map(r=>bk[r]);return s.length===0?n:`\x1B[${s.join(";")}m${n}\x1B[0m`}var bk,vk,Dp=v(()=>{Ft();a(Z,"clean");a(Se,"textWidth");a(I,"fit");a(Rp,"fitRight");a(Ec,"wrap");a(jo,"textLines");bk={bold:"1",dim:"2",reverse:"7",red:"31",green:"32",yellow:"33",blue:"34",magenta:"35",cyan:"36"},vk=new Set(["red","green","yellow","blue","magenta","cyan"]);a(jp,"paint")});function Mc(n){return"error"in n?`Cannot show it: ${n.error}`:"Loading\u2026"}function Fp(n,t){return t===0?0:n===1/0?t-1:n===-1/0?0:Math.max(0,Math.min(t-1,n))}function Sk(n,t){return n===-1/0?0:n===1/0?t:Math.max(0,Math.min(t,n))}function Po(n,t,e){if(t==="")return n;let s=t.toLowerCase();return n.filter(r=>e(r).toLowerCase().includes(s))}function Io(n,t){let e=t.map(o=>o>0?o:0),s=a(()=>e.reduce((o,l)=>o+l,0),"sum");for(let o of[3,0])for(let l=e.length-1;l>=0&&s()>n;l--)e[l]-=Math.min(s()-n,Math.max(0,e[l]-o));let r=Math.max(0,n-s()),i=t.reduce((o,l)=>o+(l<0?-l:0),0);if(i===0)return e;for(let[o,l]of t.entries())l<0&&(e[o]=Math.floor(r*-l/i));return e[t.findLastIndex(o=>o<0)]+=n-s(),e}function Oc(n,t,e,s){return t<=e?I(n,t):(s?Rp(n,t-e):I(n,t-e))+" ".repeat(e)}function Tk(n,t,e){let s=Se(t[0]??""),r=Math.max(0,Math.floor((e-s)/2)),i=Math.max(0,Math.floor((n.length-t.length)/2));for(let o=0;o<t.length&&i+o<n.length;o++)n[i+o]=" ".repeat(r)+t[o]+" ".repeat(Math.max(0,e-r-s))}var Do,_k,Ac,xk,Pp,Ip,$k,qp,Dr,Nc=v(()=>{Tc();Dp();Do=["tasks","activity","history","trace"],_k={tasks:"Tasks",activity:"Activity",history:"History",trace:"Trace"},Ac=2e4,xk=16,Pp=40,Ip=10,$k=1e3,qp=["Keys","","  Tab, Shift-Tab   next, previous screen","  1 2 3 4          Tasks, Activity, History, Trace","  \u2191 \u2193  k j         move the selection, scroll","  PgUp PgDn        a page up, down (Trace: the output)","  Home End  g G    first, last (Activity: End follows live)","  Enter            open: the task's detail, a call's output","  t                the Trace tab of the selected task","  a                History list: every task, or finished work only","  Esc \u2190 Backspace  back, or clear the filter","  /                filter the rows (Enter keeps it, Esc clears)","  Ctrl-L           redraw","  ?                this help (any key closes it)","  q  Ctrl-C        quit","","On the Tasks screen, a task's detail and its Trace tab:","  n                new task (asks its title)","  r  R             run the selected task, resume its run","  c                cancel its run (asks to confirm)","  a                approve the gate it waits for (comment optional)","  x                reject the gate (asks the reason)","Runs started here stop (resumable) when the UI quits.","","Tasks: the board, live. Activity: every task's events as they","happen. History: finished work; Enter for a task's detail.","Trace: the calls of the current run with results and outputs."],Dr=class{static{a(this,"TuiApp")}model;screen;task;historyDetail=!1;historyAll=!1;help=!1;editing=!1;filters={tasks:"",activity:"",history:"",trace:""};selected={tasks:null,activity:null,history:null,trace:null};#t={tasks:0,activity:0,history:0,trace:0};follow=!0;#e=0;#n=0;#s=20;#r=null;#i;#o;#a;prompt=null;notice=null;constructor(t,e={}){this.model=t,this.#i=e.colour??!0,this.#o=e.actions??null,this.#a=e.onUpdate??(()=>{}),this.#o&&(this.#o.onNotice=(s,r)=>{this.notice={text:s,tone:r?"ok":"fail"},this.#a()}),this.task=e.task??null,this.screen=e.screen??(this.task!==null?"trace":"tasks")}key(t){if(t.name==="ctrl-c")return"interrupt";if(this.help)return this.help=!1,null;if(this.prompt)return this.#l(t);if(this.editing&&this.#h(t))return null;if(t.name==="ctrl-l")return"redraw";if((t.name!=="char"||t.char!=="?")&&(this.notice=null),t.name==="char"){if(this.#u(t.char))return null;switch(t.char){case"q":{let e=this.#o?.running()??0;return e===0?"quit":(this.prompt={kind:"confirm",label:`${e} run${e===1?"":"s"} started here stop${e===1?"s":""} when the UI quits (resumable with R). Quit?`,submit:a(()=>"quit","submit")},null)}case"?":return this.help=!0,null;case"/":return this.editing=!0,null;case"1":case"2":case"3":case"4":return this.#d(Do[Number(t.char)-1]),null;case"t":return this.#k(),null;case"a":return this.screen==="history"&&!this.historyDetail&&(this.historyAll=!this.historyAll),null;case"j":return this.#w(1),null;case"k":return this.#w(-1),null;case"g":return this.#w(-1/0),null;case"G":return this.#w(1/0),null}return null}switch(t.name){case"tab":case"backtab":{let e=this.#f(),s=e.indexOf(this.screen),r=e.length;return this.#d(e[(s+(t.name==="tab"?1:r-1))%r]),null}case"up":return this.#w(-1),null;case"down":return this.#w(1),null;case"pageup":return this.#_(-1),null;case"pagedown":return this.#_(1),null;case"home":return this.#w(-1/0),null;case"end":return this.#w(1/0),null;case"enter":return this.#y(),null;case"escape":case"left":case"backspace":return this.#b(),null;case"right":return this.#y(),null;default:return null}}#l(t){let e=this.prompt;if(t.name==="escape")return this.prompt=null,this.notice={text:"Nothing done.",tone:"none"},null;if(e.kind==="confirm")return this.prompt=null,t.name==="char"&&(t.char==="y"||t.char==="Y")?this.#c(e.submit()):(this.notice={text:"Nothing done.",tone:"none"},null);switch(t.name){case"char":return e.text.length<$k&&(e.text+=t.char),null;case"backspace":return e.text=[...e.text].slice(0,-1).join(""),null;case"ctrl-u":return e.text="",null;case"enter":return e.required&&e.text.trim()===""?null:(this.prompt=null,this.#c(e.submit(e.text.trim())));default:return null}}#c(t){return t==="quit"?"quit":(this.notice={text:"Working\u2026",tone:"run"},t.then(e=>this.notice={text:e,tone:"ok"},e=>this.notice={text:e.message??String(e),tone:"fail"}).finally(()=>this.#a()),null)}#u(t){if(!"nrRcax".includes(t)||!(this.screen==="tasks"||this.screen==="trace"||this.screen==="history"&&this.historyDetail))return!1;let s=this.#o;if(!s)return this.notice={text:"This view cannot act on tasks.",tone:"fail"},!0;if(t==="n")return this.prompt={kind:"text",label:"New task, its title:",text:"",required:!0,submit:a(l=>s.create(l),"submit")},!0;let r=this.#m();if(r===null)return this.notice={text:"Select a task first.",tone:"fail"},!0;let i=this.model.board().find(l=>l.number===r)?.approval||"",o=`the ${i} gate`;switch(t){case"r":return this.#c(s.run(r,!1)),!0;case"R":return this.#c(s.run(r,!0)),!0;case"c":return this.prompt={kind:"confirm",label:`Cancel the run of #${r}? It stops now; R resumes it later.`,submit:a(()=>s.cancel(r),"submit")},!0;case"a":case"x":return i===""?(this.notice={text:`#${r} waits for no approval: nothing to ${t==="a"?"approve":"reject"}.`,tone:"fail"},!0):t==="x"?(this.prompt={kind:"text",label:`Reject ${o} of #${r}. Reason:`,text:"",required:!0,submit:a(l=>s.reject(r,l),"submit")},!0):(this.prompt={kind:"text",label:`Approve ${o} of #${r}. Comment (optional):`,text:"",required:!1,submit:a(l=>s.approve(r,l===""?null:l),"submit")},!0)}return!1}#h(t){let e=this.filters[this.screen];switch(t.name){case"char":return this.filters[this.screen]=(e+t.char).slice(0,200),this.#p(),!0;case"backspace":return this.filters[this.screen]=[...e].slice(0,-1).join(""),this.#p(),!0;case"ctrl-u":return this.filters[this.screen]="",!0;case"enter":return this.editing=!1,!0;case"escape":return this.editing=!1,this.filters[this.screen]="",!0;default:return!1}}#p(){this.#t[this.screen]=0,this.#e=0}#f(){return this.task===null?Do.filter(t=>t!=="trace"):[...Do]}#d(t){if(t==="trace"&&this.task===null){let e=this.#m();if(e===null)return;this.#g(e)}this.screen=t,this.editing=!1}#g(t){this.task!==t&&(this.task=t,this.selected.trace=null,this.#t.trace=0,this.#n=0,this.#e=0,this.filters.trace="")}#m(){switch(this.screen){case"tasks":{let t=this.#A();return t[this.#$(t.map(e=>String(e.number)),"tasks")]?.number??null}case"history":{if(this.historyDetail)return this.task;let t=this.#N();return t[this.#$(t.map(e=>String(e.number)),"history")]?.number??null}case"activity":{let t=this.#S();return t[this.#T(t)]?.number??null}case"trace":return this.task}}#k(){let t=this.#m();t!==null&&(this.#g(t),this.screen="trace")}#y(){switch(this.screen){case"tasks":case"activity":case"history":{let t=this.#m();if(t===null)return;this.#g(t),this.screen="history",this.historyDetail=!0,this.#e=0;return}case"trace":this.#n+=Math.max(1,Math.floor(this.#s/2));return}}#b(){if(this.filters[this.screen]!==""){this.filters[this.screen]="";return}if(this.screen==="history"&&this.historyDetail){this.historyDetail=!1;return}this.screen==="trace"&&(this.screen="tasks")}#w(t){switch(this.screen){case"tasks":{this.#x("tasks",this.#A().map(e=>String(e.number)),t);return}case"history":{if(this.historyDetail){this.#e=Sk(this.#e+t,1e9);return}this.#x("history",this.#N().map(e=>String(e.number)),t);return}case"activity":{let e=this.#S(),s=e.map(o=>o.key),r=this.#T(e),i=Fp(r+t,s.length);this.selected.activity=s[i]??null,this.follow=i>=s.length-1;return}case"trace":{let e=this.#C();if(!e)return;let s=this.selected.trace;this.#x("trace",e.map(r=>r.key),t),this.selected.trace!==s&&(this.#n=0);return}}}#_(t){let e=Math.max(1,this.#s-2);if(this.screen==="trace"){this.#n=Math.max(0,this.#n+t*e);return}this.#w(t*e)}#x(t,e,s){let r=this.#$(e,t);this.selected[t]=e[Fp(r+s,e.length)]??null}#$(t,e){let s=this.selected[e],r=s===null?-1:t.indexOf(s);return r>=0?r:0}#T(t){if(this.follow||this.selected.activity===null)return t.length-1;let e=t.findIndex(s=>s.key===this.selected.activity);return e>=0?e:0}#A(){return Po(this.model.board(),this.filters.tasks,t=>`#${t.number} ${t.title} ${t.status} ${t.phase} ${t.approval} ${t.progress}`)}#S(){return Po(this.model.feed(),this.filters.activity,t=>`#${t.number} ${t.text}`)}#N(){return Po(this.model.history(this.historyAll).rows,this.filters.history,t=>t.cells.join(" "))}#C(){if(this.task===null)return null;let t=this.model.trace(this.task);return ue(t)?Po(t.calls,this.filters.trace,e=>`${e.role} ${e.tool} ${e.summary} ${e.result} ${e.call}`):null}frame(t){let{width:e,height:s}=t;if(e<Pp||s<Ip){let o=[],l=`Terminal too small (${e}x${s}); taskline tui needs ${Pp}x${Ip}. q quits.`;for(let u of Ec(l,Math.max(1,e)))o.push(I(u,e));return o.slice(0,s)}let r=s-3;this.#s=r;let i;switch(this.screen){case"tasks":i=this.#j(e,r);break;case"activity":i=this.#L(e,r);break;case"history":i=this.historyDetail?this.#F(e,r):this.#I(e,r);break;case"trace":i=this.#U(e,r);break}for(;i.length<r;)i.push(I("",e));return i.length=r,this.help&&Tk(i,this.#B(e,r),e),[this.#D(e),...i,this.#R(e),this.#P(e)]}#v(t,...e){return jp(t,e,this.#i)}#M(t,e){let s={ok:["green"],fail:["red"],run:["cyan","bold"],wait:["yellow"],none:[]};return this.#v(t,...s[e])}#D(t){let e=this.#v(" taskline ","bold"),s=10;for(let[o,l]of Do.entries()){if(l==="trace"&&this.task===null)continue;let u=` ${o+1} ${_k[l]}${l==="trace"?` #${this.task}`:""} `;if(s+u.length+1>t)break;e+=" "+(l===this.screen?this.#v(u,"reverse","bold"):u),s+=u.length+1}let r=I(Z(this.model.status()),Math.max(0,t-s-1),{pad:!1}),i=Math.max(0,t-s-Se(r));return e+" ".repeat(i)+this.#v(r,"dim")}#R(t){let e=this.prompt;if(e){let r=e.kind==="confirm"?`${e.label} y: yes, any other key: no`:`${e.label} ${Z(e.text)}\u2588  (Enter ${e.required?"confirms":"confirms, empty is fine"}, Esc gives up)`;return this.#v(I(r,t),"yellow","bold")}if(this.notice)return this.#M(I(Z(this.notice.text),t),this.notice.tone);let s=this.filters[this.screen];return this.editing?I(`/${Z(s)}\u2588  (Enter keeps the filter, Esc clears it)`,t):s!==""?this.#v(I(`filter: ${Z(s)}  (/ to change, Esc to clear)`,t),"yellow"):I("",t)}#P(t){let e;switch(this.screen){case"tasks":e=["\u2191\u2193 select","Enter detail","t trace"];break;case"activity":e=["\u2191\u2193 scroll","End follow","Enter task"];break;case"history":e=this.historyDetail?["\u2191\u2193 scroll","Esc back","t trace"]:["\u2191\u2193 select","Enter detail","t trace","a all"];break;case"trace":e=["\u2191\u2193 call","PgUp PgDn output","Esc back"];break}let s=["? help","q quit"],r=this.screen==="tasks"||this.screen==="trace"||this.screen==="history"&&this.historyDetail,i=[...e,"Tab screens","/ filter",...r?["n new","r/R run","c cancel","a/x approve/reject"]:[]],o=a(l=>" "+[...l,...s].join("  "),"text");for(;i.length>0&&Se(o(i))>t;)i.pop();return this.#v(I(o(i),t),"reverse")}#O(t,e,s,r,i,o){let l=this.#t[t];r<l&&(l=r),r>=l+i&&(l=r-i+1),l=Math.max(0,Math.min(l,Math.max(0,e.length-i))),this.#t[t]=l;let u=[];for(let c=l;c<Math.min(e.length,l+i);c++){let h=I(e[c],o);u.push(c===r?this.#v(h,"reverse"):this.#M(h,s[c]))}return u}#E(t,e){return this.#v(I(t,e),"bold")}#j(t,e){let s=this.model.board(),r=this.#A(),i=r.map(f=>String(f.number)),o=this.#$(i,"tasks");r.length>0&&(this.selected.tasks=i[o]);let l=Io(t,[5,-1,11,12,10,-1]),u=a(f=>f.map((d,p)=>Oc(d,l[p],1,p===0)).join(""),"line"),c=[this.#E(`Tasks \xB7 ${s.length} task${s.length===1?"":"s"}${r.length!==s.length?` (${r.length} shown)`:""}`,t),this.#v(u(["#","Title","Status","Phase","Approval","Progress"]),"dim")];if(s.length===0)return c.push(I("No tasks yet. Tasks appear here as soon as they are created.",t)),c;let h=r.map(f=>u([`#${f.number}`,Z(f.title),Z(f.status),Z(f.phase),f.approval?`${Z(f.approval)} \u23F8`:"",Z(f.progress)]));return c.push(...this.#O("tasks",h,r.map(f=>f.tone),o,e-2,t)),c}#L(t,e){let s=this.model.feed(),r=this.#S(),i=this.#T(r);r.length>0&&(this.selected.activity=r[i].key);let o=[this.#E(`Activity \xB7 ${s.length} event${s.length===1?"":"s"}${r.length!==s.length?` (${r.length} shown)`:""} \xB7 ${this.follow?"following live":"paused (End follows live)"}`,t)];if(r.length===0)return o.push(I(s.length===0?"Waiting for events\u2026":"No event matches the filter.",t)),o;let l=r.map(u=>I(`#${u.number}`,5)+Z(u.text));return o.push(...this.#O("activity",l,r.map(u=>u.tone),i,e-1,t)),o}#I(t,e){let s=this.model.history(this.historyAll),r=this.#N(),i=r.map(m=>String(m.number)),o=this.#$(i,"history");r.length>0&&(this.selected.history=i[o]);let l=s.header.map((m,w)=>w===s.flex?-1:Math.max(Se(m),...r.slice(0,500).map(g=>Math.min(24,Se(Z(g.cells[w]??"")))))+2),u=l.map((m,w)=>w),c=Io(t,l);for(let m of s.drop){if(c[u.indexOf(s.flex)]>=xk)break;u.splice(u.indexOf(m),1),c=Io(t,u.map(w=>l[w]))}let h=a(m=>u.map((w,g)=>Oc(m[w]??"",c[g],2,s.align[w]==="right")).join(""),"line"),f=[this.#E(`History \xB7 ${s.rows.length} ${this.historyAll?"":"finished "}task${s.rows.length===1?"":"s"}${r.length!==s.rows.length?` (${r.length} shown)`:""} \xB7 a: ${this.historyAll?"finished work only":"every task"}`,t),this.#v(h(s.header),"dim")];if(s.rows.length===0)return f.push(I(this.historyAll?"No tasks yet.":"No finished work yet (a: every task).",t)),f;let d=s.notes.map(m=>this.#v(I(Z(m),t),"dim")),p=r.map(m=>h(m.cells.map(Z)));return f.push(...this.#O("history",p,r.map(m=>m.tone),o,Math.max(1,e-2-d.length),t)),f.push(...d),f}#F(t,e){if(this.task===null)return[];let s=this.model.detail(this.task),r=[this.#E(this.#q(s,`Task #${this.task}`),t)];if(!ue(s))return[...r,I(Mc(s),t)];let i=this.filters.history.toLowerCase(),o=s.lines.filter(u=>i===""||u.toLowerCase().includes(i)).flatMap(u=>jo(u,t)),l=e-1;this.#e=Math.max(0,Math.min(this.#e,o.length-l));for(let u of o.slice(this.#e,this.#e+l))r.push(I(u,t));return r}#q(t,e){return ue(t)?Z(t.title):e}#U(t,e){if(this.task===null)return[];let s=this.model.trace(this.task),r=[this.#E(this.#q(s,`Trace of #${this.task}`),t)];if(!ue(s))return[...r,I(Mc(s),t)];let i=this.#C()??[];for(let M of s.notes)r.push(this.#v(I(Z(M),t),"dim"));if(s.calls.length===0)return r.push(I("No tool calls in this run yet.",t)),r;let o=i.map(M=>M.key),l=this.#$(o,"trace");i.length>0&&(this.selected.trace=o[l]);let u=Io(t,[13,12,12,-1,10,10]),c=a(M=>M.map((z,Y)=>Oc(z,u[Y],1,Y===5)).join(""),"line");r.push(this.#v(c(["Time","Role","Tool","Input","Result","Duration"]),"dim"));let h=e-r.length,f=Math.max(1,Math.min(i.length,Math.floor(h*.4))),d=i.map(M=>c([M.time,Z(M.role),Z(M.tool),Z(M.summary),Z(M.result),M.duration]));for(r.push(...this.#O("trace",d,i.map(M=>M.tone),l,f,t));r.length<e-h+f;)r.push(I("",t));let p=i[l];if(!p)return r.push(I("No call matches the filter.",t)),r;let m=this.model.output(this.task,p),w=ue(m)?m.note:Mc(m),g=ue(m)?m.text:p.preview,b=this.#r,_;if(b&&b.call===p&&b.width===t&&b.text===g&&b.note===w)_=b.lines;else{let M=jo(g,t,Ac);_=[...p.detail.flatMap(z=>jo(z,t)),`\u2500\u2500 output: ${w} \u2500\u2500`,...M],M.length>=Ac&&_.push(`\u2500\u2500 the first ${Ac} lines: taskline trace ${this.task} --full has all \u2500\u2500`),this.#r={call:p,width:t,text:g,note:w,lines:_}}let x=e-r.length-1,S=Math.max(0,Math.min(this.#n,_.length-x));ue(m)&&(this.#n=S);let O=_.length-x,C=`\u2500\u2500 call ${p.call} ${O>0?`\xB7 lines ${S+1}-${S+x} of ${_.length} `:""}`;r.push(this.#v(I(C+"\u2500".repeat(Math.max(0,t-Se(C))),t),"dim"));for(let M of _.slice(S,S+x))r.push(M.startsWith("\u2500\u2500 output")?this.#v(I(M,t),"dim"):I(M,t));return r}#B(t,e){let s=Math.min(t-4,Math.max(...qp.map(i=>Se(i)))+2),r=qp.slice(0,Math.max(0,e-2));return["\u250C"+"\u2500".repeat(s)+"\u2510",...r.map(i=>"\u2502"+I(" "+i,s)+"\u2502"),"\u2514"+"\u2500".repeat(s)+"\u2518"]}};a(Mc,"loadingText");a(Fp,"clampIndex");a(Sk,"clampScroll");a(Po,"filterRows");a(Io,"columns");a(Oc,"cell");a(Tk,"overlay")});function Ek(n,t){let e=n.number;if(t instanceof Error)return`The run of #${e} failed: ${t.message}`;switch(t.run_status){case"done":return`The run of #${e} is done`;case"awaiting_approval":return`#${e} waits for approval of the ${t.pending_approval} gate: a approves, x rejects`;case"budget_exhausted":return`#${e} paused: ${t.last_error}`;case"cancelled":return`The run of #${e} stopped: ${t.last_error}; R resumes it`;case"failed":return`The run of #${e} failed: ${t.last_error}`}}var Pr,Up=v(()=>{xn();es();li();_e();gt();Pr=class{static{a(this,"TaskActions")}state;#t;#e;#n=null;onNotice;constructor(t,e){this.state=t,this.#t=e.settings,this.onNotice=e.onNotice??(()=>{}),e.liveChannel!==!1&&(this.#n=ts(t));let s=this.#n;this.#e=new os(t,{settings:a(async()=>(await He(t)).settings,"settings"),closeMessage:"cancelled: the terminal UI that ran it quit",...s?{sink:s.sink}:{},onEnd:a((r,i)=>this.onNotice(Ek(r,i),!(i instanceof Error)),"onEnd")})}async#s(t){return Fe(`#${t}`,await vt(this.state))}async create(t){let e=await as(this.state,{title:t});return`Created task #${e.number} ${e.record.title}`}async run(t,e){let s=await this.#s(t),r=await this.#e.start(s,hs({resume:e},Pi));return`${e?"Resumed":"Started"} run ${r.run.slice(0,8)} of #${t}`}async cancel(t){let e=await this.#s(t);return await us(this.state,e),`Asked the run of #${t} to stop`}async approve(t,e){let s=await this.#s(t),r=await ls(this.state,s,e,{settings:this.#t});return`Approved the ${r.gate} gate of #${t}; ${r.recorded?`its engine resumes it (taskline record ${t} --resume)`:"R resumes its run"}`}async reject(t,e){let s=await this.#s(t),r=await cs(this.state,s,e,{settings:this.#t});return`Rejected the ${r.gate} gate of #${t}; ${r.recorded?`its engine resumes it (taskline record ${t} --resume)`:"R plays the work again"}`}running(){return this.#e.active}async close(){await this.#e.close(),this.#n?.close()}};a(Ek,"endText")});async function Ak(n,t){let e=new bn(n.state,{onProblem:a(s=>n.problem(`${s.path}: line ${s.line}: skipped a broken line`),"onProblem"),onBadLog:a((s,r)=>n.badLog(r,s.message),"onBadLog")});try{await e.start();let s=(async()=>{let i=null;for(;!t.aborted;)try{for await(let o of e.subscribe({after:i,signal:t}))o.length!==0&&(i=o[o.length-1].cursor,n.accept(o.map(l=>({env:l.record.env,task:l.task}))));return}catch(o){if(t.aborted)return;if(!(o instanceof y&&o.code==="io"))throw o;n.problem("the feed fell behind; caught up again")}})(),r=n.fillBacklog(t).catch(i=>{t.aborted||n.problem(`Activity backlog: ${i?.message??i}`)});await Promise.all([s,r])}finally{e.close()}}function Mk(n){if(n.state==="interrupted")return{progress:"interrupted (ended without run_finished)",tone:"fail"};let t=`${F(Rt(n.usage))}${n.totals_known?"":"+"} tok \xB7 ${at(n.active_ms)}`;return n.paused_reason!==null&&n.success!==!0?{progress:`paused: ${n.paused_reason} \xB7 ${t}`,tone:"wait"}:{progress:`${n.success?"succeeded":"failed"} (${n.status??"-"}) \xB7 ${t}`,tone:n.success?"ok":"fail"}}function qo(n,t=Date.now()){let e=!1,s=n.map(r=>{r.totals.complete||(e=!0);let i=r.totals.complete?"":"+",o=r.running?"run":r.runs.at(-1)?.success===!1?"fail":r.task.status==="done"?"ok":"none";return{number:r.number,tone:o,cells:[`#${r.number}`,r.task.title,r.running?`${r.task.status} (running)`:ps(r.task.status,!1),String(r.totals.runs),String(r.totals.commits),String(r.changed_files.files.length),F(Rt(r.totals.usage))+i,at(r.totals.active_ms)+i,r.cost?Ke(r.cost.amount,r.cost.currency):"-",gr(r.last_activity?Date.parse(r.last_activity):null,t)]}});return{header:["#","Title","Status","Runs","Commits","Files","Tokens","Active","Cost","Last activity"],align:["right","left","left","right","right","right","right","right","right","left"],flex:1,drop:[8,4,5,3,7,9],rows:s,notes:e?[Tn]:[]}}function Ok(n){if(typeof n=="object"&&n!==null&&!Array.isArray(n)){let t=n;for(let e of["command","cmd","path","file","file_path","pattern","query","url"])if(typeof t[e]=="string")return t[e]}if(n==null)return"";try{return JSON.stringify(n)??""}catch{return String(n)}}function Nk(n,t){let e;try{e=JSON.stringify(n.input,null,2)??"null"}catch{e=String(n.input)}let s=e.split(`
`),r=n.result==="ok"?"ok":n.result==="no result"?n.returned_at===null?"run":"wait":"fail";return{key:`${n.call}:${n.seq??t}`,call:n.call,time:ys(n.called_at??n.returned_at),role:n.role,tool:n.tool,summary:Ok(n.input),result:n.result,duration:at(n.duration_ms),tone:r,detail:[`${n.tool} by ${n.role}${n.subtask?` on subtask ${n.subtask.slice(0,8)}`:""} \xB7 run ${n.run.slice(0,8)} \xB7 ${n.result}${n.duration_ms!==null?` in ${at(n.duration_ms)}`:""} \xB7 ${F(n.output_chars)} chars${n.paired!=="id"?` \xB7 paired ${n.paired}`:""}`,`called ${ys(n.called_at)} \xB7 returned ${ys(n.returned_at)}${n.output_file?` \xB7 ${n.output_file}`:""}`,"input:",...s.slice(0,200).map(i=>"  "+i),...s.length>200?[`  \u2026 ${s.length-200} more lines`]:[]],preview:n.preview,outputFile:n.output_file,outputChars:n.output_chars}}function Ck(n){if(n.schema>2)return"none";let t=n.event;switch(t.type){case"run_finished":case"phase_finished":return t.success===!0?"ok":"fail";case"tool_returned":return t.is_error===!0?"fail":"none";case"validation_finished":return t.passed===!0?"ok":"fail";case"approval_requested":case"paused":case"retrying":return"wait";case"run_started":case"phase_started":return"run";case"merged":return"ok";default:return"none"}}var Cc,Fo,Ir,Bp=v(()=>{Kt();gt();_e();ms();Je();Cr();Or();Sn();mn();vr();A();_i();Zn();ri();Tc();cl();Cc={loading:!0},Fo=class{static{a(this,"FeedLine")}key;number;#t;#e=null;constructor(t,e,s){this.key=t,this.number=e,this.#t=s}get text(){return this.#e??=oi(this.#t,{color:!1,textCharsMax:300})}get tone(){return Ck(this.#t)}},Ir=class{static{a(this,"TuiData")}state;settings;#t;#e;#n;#s=new _t;#r=[];#i=new Map;#o=new Map;#a=new Map;#l=[];#c=new Set;#u=[];#h=[];#p=qo([]);#f=qo([]);#d=null;#g=new Map;#m=null;#k=new Set;#y=!1;#b;#w=new AbortController().signal;#_="loading\u2026";#x=null;#$=Promise.resolve();#T=0n;#A=!1;constructor(t,e={}){this.state=t,this.settings=e.settings??Ut(),this.#t=e,this.#e=Math.max(1,e.feedMax??1e3),this.#n=e.reloadIntervalMs??200}onChange(t){this.#u.push(t)}#S(){for(let t of this.#u)t()}async start(t){this.#w=t,this.#T=BigInt(Date.now()-2e3)*1000000n,await this.#D(),this.#_="live",this.#S();let e="";try{e=await Deno.realPath(this.state.tasksDir)}catch{}let s=Xn(this.state.tasksDir,r=>this.#N(e,r),{signal:t,recursive:!0});try{await(this.#t.follow??Ak)(this,t)}catch(r){if(!t.aborted)throw r}finally{s(),this.#b!==void 0&&clearTimeout(this.#b)}}#N(t,e){let s=this.state.tasksDir.replace(/^\.\//,""),r=s.startsWith("/")?s:`/${s}`,i=a(l=>l===t||l.endsWith(r),"isTasksDir"),o=!1;for(let l of e){let u=l.lastIndexOf("/"),c=l.slice(0,u),h=l.slice(u+1);if(i(c))this.#y=!0,o=!0;else if(h.startsWith("task.json")&&i(c.slice(0,c.lastIndexOf("/")))){let f=c.slice(c.lastIndexOf("/")+1),d=this.#r.find(p=>p.dir===f);d?this.#k.add(d.number):this.#y=!0,o=!0}}o&&this.#v()}problem(t){this.#x=t,this.#S()}badLog(t,e){this.#k.add(t.number),this.problem(e),this.#v()}accept(t){if(t.length!==0){for(let{env:e,task:s}of t){let r=pe(e,s.number),i=r?Ot(r):`${s.number}-${e.at}-${e.seq??0}`;this.#c.has(i)||(this.#c.add(i),this.#l.push(new Fo(i,s.number,e)),this.#C(s.number,e,!0),this.#i.has(s.number)?(r===null||r.ns>=this.#T)&&this.#k.add(s.number):(this.#y=!0,this.#k.add(s.number)))}if(this.#l.length>this.#e)for(let e of this.#l.splice(0,this.#l.length-this.#e))this.#c.delete(e.key);(this.#k.size>0||this.#y)&&this.#v(),this.#S()}}async fillBacklog(t){let e=[...this.#o.values()].filter(i=>i.last_activity!==null).sort((i,o)=>Date.parse(o.last_activity)-Date.parse(i.last_activity)).slice(0,this.#t.backlogTasks??32).map(i=>this.#i.get(i.number)).filter(i=>i!==void 0),s=[];for await(let i of wn(this.state,e,{chunkBytes:16*1024,lookaheadItems:64,signal:t})){for(let o of i)s.push(new Fo(o.cursorText,o.task.number,o.record.env)),this.#C(o.task.number,o.record.env,!1);s.length>2*this.#e&&s.splice(0,s.length-this.#e)}let r=s.slice(-this.#e).filter(i=>!this.#c.has(i.key));for(let i of r)this.#c.add(i.key);if(this.#l=[...r,...this.#l],this.#l.length>this.#e)for(let i of this.#l.splice(0,this.#l.length-this.#e))this.#c.delete(i.key);this.#h=this.#r.map(i=>this.#j(i,this.#o.get(i.number))),this.#S()}#C(t,e,s){let r=this.#a.get(t);if(r||this.#a.set(t,r={env:null,tokens:null,activeMs:null}),r.live&&!s)return;r.env=e,r.live=s;let i=e.event;i.type==="budget_updated"&&(typeof i.tokens=="number"&&(r.tokens=i.tokens),typeof i.active_ms=="number"&&(r.activeMs=i.active_ms)),i.type==="run_started"&&(r.tokens=null,r.activeMs=null)}#v(){this.#b!==void 0||this.#w.aborted||(this.#b=setTimeout(()=>{this.#b=void 0;let t=new Set(this.#k),e=this.#y;this.#k.clear(),this.#y=!1,this.#$=this.#$.then(()=>this.#P(t,e)).then(()=>this.#S(),s=>this.#M(s))},this.#n))}#M(t){this.#w.aborted||this.problem(t?.message??String(t))}async#D(){let t=await this.#R();this.#E(),this.#S();let e=await gs(this.state,{all:!0,tasks:t,settings:this.settings,cache:this.#s,signal:this.#w});this.#o=new Map(e.map(s=>[s.number,s])),this.#E(),this.#d&&!ue(this.#d.value)&&await this.#L(this.#d.number)}async#R(){let t=await vt(this.state,{onProblem:a(e=>this.#x=`${e.dir}: ${e.reason}`,"onProblem")});return this.#r=t,this.#i=new Map(t.map(e=>[e.number,e])),this.#A=!0,t}async#P(t,e){if(e){await this.#R();for(let s of this.#r)this.#o.has(s.number)||t.add(s.number);for(let s of this.#o.keys())this.#i.has(s)||this.#o.delete(s)}else for(let s of t)await this.#O(s);for(let s of t){let r=this.#i.get(s);r&&this.#o.set(s,await ze(this.state,r,{settings:this.settings,cache:this.#s,signal:this.#w}))}this.#E(),this.#d&&t.has(this.#d.number)&&await this.#L(this.#d.number)}async#O(t){let e=this.#i.get(t);if(!e)return;let s;try{s=await bt(this.state,e.dir)}catch{return}s.number===t&&(this.#i.set(t,s),this.#r=this.#r.map(r=>r.number===t?s:r))}#E(){this.#h=this.#r.map(s=>this.#j(s,this.#o.get(s.number)));let t=[...this.#o.values()].filter(s=>this.#i.has(s.number)),e=a(s=>{let r=Date.parse(s.last_activity??s.task.created_at);return Number.isFinite(r)?r:0},"when");t.sort((s,r)=>e(r)-e(s)||r.number-s.number),this.#f=qo(t),this.#p=qo(t.filter(s=>vl.includes(s.task.status)))}#j(t,e){let s=e?.runs.find(d=>d.current)??e?.runs.at(-1)??null,r=e?.running===!0,i=this.#a.get(t.number),o=s?.phases.findLast(d=>d.finished_at===null),l=s?.phases.at(-1),u=r&&o?o.phase:l?l.phase:"",c=s?.state!=="running"?s?.pending_approval??"":"",h="",f="none";if(r&&s){f="run";let d=[];i?.tokens!=null&&d.push(`${F(i.tokens)} tok`),i?.activeMs!=null&&d.push(at(i.activeMs)),d.push(`${s.calls} calls`),i?.env&&d.push(oi(i.env,{color:!1,textCharsMax:200}).replace(/^\S+\s+/,"")),h=d.join(" \xB7 ")}else e?.bad_log?(h=e.bad_log.message,f="fail"):s?{progress:h,tone:f}=Mk(s):h=e?"no run yet":"\u2026";return c&&(f="wait"),{number:t.number,title:t.record.title,status:ps(t.record.status,r),phase:u,approval:c,progress:h,tone:f}}board(){return this.#h}feed(){return this.#l}history(t=!1){return t?this.#f:this.#p}detail(t){let e=this.#o.get(t);if(!e)return this.#i.has(t)?Cc:{error:`no task #${t}`};let[s,...r]=Ki(e,Date.now()).replace(/\n$/,"").split(`
`);return{title:s,lines:r}}trace(t){return this.#d?.number!==t&&(this.#d={number:t,value:Cc},this.#m=null,this.#L(t).then(()=>this.#S(),e=>this.#M(e))),this.#d.value}async#L(t){let e=this.#i.get(t);if(!e){this.#A&&(this.#d={number:t,value:{error:`no task #${t}`}});return}try{let s=await Ts(this.state,e,{signal:this.#w});if(this.#d?.number!==t)return;this.#g=new Map;let r=s.calls.map((u,c)=>{let h=Nk(u,c);return this.#g.set(h.key,u),h}),i=this.#o.get(t),o=[];s.paired_by_order&&o.push("Calls recorded before 0.5 are paired by order: only previews were kept.");for(let u of s.errors.slice(0,3))o.push(`log: ${u}`);this.#d={number:t,value:{title:`Trace of #${t} ${i?.task.title??e.record.title} \xB7 run ${s.run?.slice(0,8)??"-"} \xB7 ${r.length} call${r.length===1?"":"s"}`,calls:r,notes:o}};let l=this.#m?.value;l&&"note"in l&&l.note==="no result yet"&&(this.#m=null)}catch(s){this.#d?.number===t&&(this.#d={number:t,value:{error:s.message}})}}output(t,e){let s=`${t}:${e.key}`;return this.#m?.key===s?this.#m.value:(this.#m={key:s,value:Cc},this.#I(t,e,s).then(()=>this.#S(),r=>this.#M(r)),this.#m.value)}async#I(t,e,s){let r=this.#i.get(t),i=this.#g.get(e.key),o;if(!r||!i)o={text:e.preview,note:"preview"};else if(i.returned_at===null)o={text:"",note:"no result yet"};else if(i.output_file===null||!/^[0-9a-f]{12}$/i.test(i.call)||/^0+$/.test(i.call))o={text:i.preview,note:`preview only (${F(i.output_chars)} chars; the complete output was not kept)`};else try{let l=await $s(this.state,r,i.call,{run:i.run,bytesMax:this.#t.outputBytesMax??4194304});o=l===null?{text:i.preview,note:"preview only (the kept output is missing)"}:{text:l.text,note:l.cut?`cut to the first ${F(l.cut.kept)} of ${F(l.cut.total)} chars`:`complete, ${F(i.output_chars)} chars`}}catch(l){o={text:i.preview,note:`preview only (${l.message})`}}this.#m?.key===s&&(this.#m={key:s,value:o})}status(){let t=this.#r.length,e=[...this.#o.values()].filter(r=>r.running).length,s=`${this.#_} \xB7 ${t} task${t===1?"":"s"}${e?` \xB7 ${e} running`:""}`;return this.#x?`${s} \xB7 ${this.#x}`:s}};a(Ak,"followProject");a(Mk,"outcomeOf");a(qo,"historyTable");a(Ok,"inputSummary");a(Nk,"callRow");a(Ck,"toneOf")});function Hp(n){let t=[],e=0;for(;e<n.length;){let s=n[e];if(s==="\x1B"){let r=n[e+1];if(r==="["||r==="O"){let i=e+2;if(r==="[")for(;i<n.length&&!/[\x40-\x7e]/.test(n[i]);)i++;let o=n.slice(e+1,i+1),l=Lk[o];l&&t.push({name:l}),e=i+1;continue}if(r==="\x1B"){t.push({name:"escape"}),e++;continue}t.push({name:"escape"}),e+=r===void 0?1:2;continue}switch(e++,s){case"\r":case`
`:t.push({name:"enter"}),s==="\r"&&n[e]===`
`&&e++;break;case"	":t.push({name:"tab"});break;case"\x7F":case"\b":t.push({name:"backspace"});break;case"":t.push({name:"ctrl-c"});break;case"":t.push({name:"ctrl-d"});break;case"\f":t.push({name:"ctrl-l"});break;case"":t.push({name:"ctrl-u"});break;default:{let r=s.codePointAt(0);if(r<32)break;r>=55296&&r<=56319&&e<n.length?(t.push({name:"char",char:s+n[e]}),e++):t.push({name:"char",char:s})}}}return t}var Lk,Wp=v(()=>{Lk={"[A":"up","[B":"down","[C":"right","[D":"left",OA:"up",OB:"down",OC:"right",OD:"left","[5~":"pageup","[6~":"pagedown","[H":"home","[F":"end",OH:"home",OF:"end","[1~":"home","[4~":"end","[7~":"home","[8~":"end","[Z":"backtab"};a(Hp,"parseKeys")});var Rk,jk,Uo,zp=v(()=>{Rk="\x1B[?2026h",jk="\x1B[?2026l",Uo=class{static{a(this,"Screen")}#t=[];#e=-1;#n=-1;#s;constructor(t){this.#s=t}invalidate(){this.#t=[],this.#e=-1}draw(t,e){let s="";(e.width!==this.#e||e.height!==this.#n)&&(s+="\x1B[0m\x1B[2J",this.#t=[],this.#e=e.width,this.#n=e.height);let r=0;for(let i=0;i<e.height;i++){let o=t[i]??"";this.#t[i]!==o&&(s+=`\x1B[${i+1};1H\x1B[0m\x1B[2K${o}\x1B[0m`,this.#t[i]=o,r++)}return this.#t.length=e.height,s!==""&&this.#s(Rk+s+jk),r}}});async function Lc(n,t,e={}){let s=new Dr(n,{colour:e.colour,screen:e.screen,task:e.task,...e.actions?{actions:e.actions}:{},onUpdate:a(()=>d(),"onUpdate")}),r=new Uo(m=>t.write(m)),i=new AbortController,o=e.signal,l=a(()=>i.abort(o?.reason),"onOuter");o?.addEventListener("abort",l,{once:!0});let u=!1,c,h=null,f=a(()=>{if(c=void 0,!u)try{let m=t.size();r.draw(s.frame(m),m)}catch(m){h??=m,i.abort(m)}},"draw"),d=a(()=>{c===void 0&&!u&&(c=setTimeout(f,e.frameIntervalMs??30))},"schedule");n.onChange(d);let p=a(()=>{},"offResize");t.enter();try{p=t.onResize(()=>{r.invalidate(),d()}),f();let m=n.start(i.signal).catch(g=>{i.signal.aborted||(h??=g,i.abort(g))}),w=null;for await(let g of t.input(i.signal)){for(let b of Hp(g)){let _=s.key(b);if(_==="quit"?w=0:_==="interrupt"?w=130:_==="redraw"&&r.invalidate(),w!==null)break}if(w!==null)break;f()}if(i.abort(),await m,h)throw h;return w??(o?.aborted?130:0)}finally{u=!0,c!==void 0&&clearTimeout(c),i.abort(),o?.removeEventListener("abort",l),p(),t.restore()}}var Jp=v(()=>{Nc();Wp();zp();a(Lc,"runTui")});var Dk,Pk,qr,Kp=v(()=>{Dk="\x1B[?1049h\x1B[?25l\x1B[?7l\x1B[H\x1B[2J",Pk="\x1B[0m\x1B[?7h\x1B[?25h\x1B[?1049l",qr=class{static{a(this,"DenoTerminal")}#t=!1;#e=new TextEncoder;#n=a(()=>this.restore(),"#onUnload");size(){try{let{columns:t,rows:e}=Deno.consoleSize();return{width:t,height:e}}catch{return{width:80,height:24}}}write(t){let e=this.#e.encode(t),s=0;for(;s<e.length;)s+=Deno.stdout.writeSync(e.subarray(s))}enter(){this.#t||(Deno.stdin.setRaw(!0),this.#t=!0,globalThis.addEventListener("unload",this.#n),globalThis.addEventListener("error",this.#n),globalThis.addEventListener("unhandledrejection",this.#n),this.write(Dk))}restore(){if(this.#t){this.#t=!1,globalThis.removeEventListener("unload",this.#n),globalThis.removeEventListener("error",this.#n),globalThis.removeEventListener("unhandledrejection",this.#n);try{this.write(Pk)}catch{}try{Deno.stdin.setRaw(!1)}catch{}}}async*input(t){let e=new Uint8Array(4096),s=new TextDecoder,r=new Promise(i=>{t.aborted&&i(null),t.addEventListener("abort",()=>i(null),{once:!0})});for(;!t.aborted;){let i=await Promise.race([Deno.stdin.read(e),r]);if(i===null)return;yield s.decode(e.subarray(0,i),{stream:!0})}}onResize(t){try{Deno.addSignalListener("SIGWINCH",t)}catch{return()=>{}}return()=>{try{Deno.removeSignalListener("SIGWINCH",t)}catch{}}}}});var Vp=v(()=>{Nc();Up();Bp();Jp();Kp()});var Yp={};W(Yp,{TUI_HELP:()=>Ik,tuiCommand:()=>qk});async function qk(n,t){let{values:e,positionals:s}=j("tui",t,{screen:{type:"string"}});if(s.length>1)throw new y("usage","taskline tui: name at most one task");let r=e.screen;if(r!==void 0&&!Xp.includes(r))throw new y("usage",`taskline tui: --screen takes ${Xp.join(", ")}, not "${r.slice(0,40)}"`);if(!n.io.stdout.isTerminal||!Deno.stdin.isTerminal()){let c=n.io.stdout.isTerminal?"standard input":"standard output";throw new y("usage",`taskline tui: ${c} is not a terminal; the terminal UI needs one (for scripts use \`taskline events --follow\` or \`--json\`)`)}await n.tasks();let i=s[0]!==void 0?await n.task(s[0]):void 0,o=await n.settings();await n.io.stdout.flush();let l=new Ir(n.state,{settings:o}),u=new Pr(n.state,{settings:o});try{return await Lc(l,new qr,{signal:n.io.signal,colour:n.io.env("NO_COLOR")===void 0||n.io.env("NO_COLOR")==="",screen:r,task:i?.number,actions:u})}finally{await u.close()}}var Ik,Xp,Gp=v(()=>{A();Vp();rt();Ik=`Usage: taskline tui [<TASK>] [options]

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
2 and says so (scripts read \`taskline events --follow\` or \`--json\` instead).`,Xp=["tasks","activity","history"];a(qk,"tuiCommand")});A();rt();Ln();function zd(...n){return t=>n.includes(t[0]??"")?nn:Nn}a(zd,"writesIf");var xo={events:{summary:"replay and follow events",keeps:a(n=>Ls(n,"follow","f")&&!Ls(n,"json")&&(Ls(n,"verbose","v")||n.some(t=>t.includes("agent_delta")))?fe:Nn,"keeps"),load:a(()=>Promise.resolve().then(()=>(bh(),kh)).then(n=>({help:n.EVENTS_HELP,run:n.eventsCommand})),"load")},schema:{summary:"print the JSON Schema of an event line",keeps:a(()=>Ic,"keeps"),load:a(()=>Promise.resolve().then(()=>($h(),xh)).then(n=>({help:n.SCHEMA_HELP,run:n.schemaCommand})),"load")},run:{summary:"run a task (scripted engine) or resume it",keeps:a(()=>fe,"keeps"),load:a(()=>Promise.resolve().then(()=>(sf(),nf)).then(n=>({help:n.RUN_HELP,run:n.runCommand})),"load")},record:{summary:"record a run from an engine of your own (events on stdin)",keeps:a(()=>fe,"keeps"),load:a(()=>Promise.resolve().then(()=>(kf(),wf)).then(n=>({help:n.RECORD_HELP,run:n.recordCommand})),"load")},approve:{summary:"approve a pending gate",keeps:a(()=>nn,"keeps"),load:a(()=>Promise.resolve().then(()=>(ol(),il)).then(n=>({help:n.APPROVE_HELP,run:n.approveCommand})),"load")},reject:{summary:"reject a pending gate",keeps:a(()=>nn,"keeps"),load:a(()=>Promise.resolve().then(()=>(ol(),il)).then(n=>({help:n.REJECT_HELP,run:n.rejectCommand})),"load")},cancel:{summary:"stop a running task",keeps:a(()=>nn,"keeps"),load:a(()=>Promise.resolve().then(()=>(_f(),vf)).then(n=>({help:n.CANCEL_HELP,run:n.cancelCommand})),"load")},init:{summary:"set up .taskline/ in this project",keeps:a(()=>nn,"keeps"),load:a(()=>Promise.resolve().then(()=>(Tf(),Sf)).then(n=>({help:n.INIT_HELP,run:n.initCommand})),"load")},task:{summary:"new, list, show, import, discard tasks",keeps:zd("new","discard","import"),load:a(()=>Promise.resolve().then(()=>(Of(),Mf)).then(n=>({help:n.TASK_HELP,run:n.taskCommand})),"load")},memory:{summary:"list or clear the project memory",keeps:zd("clear"),load:a(()=>Promise.resolve().then(()=>(Cf(),Nf)).then(n=>({help:n.MEMORY_HELP,run:n.memoryCommand})),"load")},doctor:{summary:"check the state directory",keeps:a(()=>Nn,"keeps"),load:a(()=>Promise.resolve().then(()=>(Pf(),Df)).then(n=>({help:n.DOCTOR_HELP,run:n.doctorCommand})),"load")},history:{summary:"what each task delivered and cost",keeps:a(()=>nn,"keeps"),load:a(()=>Promise.resolve().then(()=>(Xf(),Vf)).then(n=>({help:n.HISTORY_HELP,run:n.historyCommand})),"load")},ship:{summary:"publish this project's tasks to NATS JetStream",keeps:a(n=>Ls(n,"live")?fe:{read:!0,write:!1,net:!0},"keeps"),load:a(()=>Promise.resolve().then(()=>(Cd(),Nd)).then(n=>({help:n.SHIP_HELP,run:n.shipCommand})),"load")},mirror:{summary:"a replica .taskline/ of the projects shipped to NATS",keeps:a(()=>fe,"keeps"),load:a(()=>Promise.resolve().then(()=>(Rd(),Ld)).then(n=>({help:n.MIRROR_HELP,run:n.mirrorCommand})),"load")},pr:{summary:"the text of a pull request for a task's branch",keeps:a(()=>Nn,"keeps"),load:a(()=>Promise.resolve().then(()=>(Pd(),Dd)).then(n=>({help:n.PR_HELP,run:n.prCommand})),"load")},trace:{summary:"the tool calls of a run, with results",keeps:a(()=>Nn,"keeps"),load:a(()=>Promise.resolve().then(()=>(Wd(),Hd)).then(n=>({help:n.TRACE_HELP,run:n.traceCommand})),"load")}};it();Ft();gt();_e();var $o=class{static{a(this,"Context")}io;state;json=!1;#t=new Set;badLogs=new Set;constructor(t,e=new Xr){this.io=t,this.state=e}async warn(t){await this.io.stderr.write(`taskline: warning: ${L(t)}
`),await this.io.stderr.flush()}problem=a(t=>{if(this.#t.has(t.path))return;this.#t.add(t.path);let e=t.line>0?`line ${t.line}`:`near byte ${t.offset}`;this.warn(`${t.path}: ${e}: skipped a broken line (${t.reason})`)},"problem");badLog=a(t=>{this.badLogs.has(t.path)||(this.badLogs.add(t.path),this.warn(`${t.message}; its task is skipped`))},"badLog");status(t=0){return t===0&&this.badLogs.size>0?1:t}async tasks(){return await this.state.requireExists(),await vt(this.state,{onProblem:a(t=>void this.warn(`${this.state.tasksDir}/${t.dir}: ${t.reason}`),"onProblem")})}async task(t){return await this.state.requireExists(),await Wu(this.state,t,{onProblem:a(e=>void this.warn(`${this.state.tasksDir}/${e.dir}: ${e.reason}`),"onProblem")})}async settings(){let{settings:t,warnings:e}=await He(this.state);for(let s of e)await this.warn(s);return t}};lr();Ft();Ln();var Jd="0.5.0";function Lw(n){let t=Object.keys(n).sort(),e=Math.max(...t.map(r=>r.length)),s=t.map(r=>`  ${r.padEnd(e)}  ${n[r].summary}`);return`taskline ${Jd}: the event log of an AI coding agent engine

Usage: taskline <command> [options]

Commands:
${s.join(`
`)}

Run \`taskline <command> --help\` for a command's options.
Exit codes: 0 success, 1 failure, 2 usage error (run: waits for a human or a budget), 130 interrupted.`}a(Lw,"usage");async function Rw(n,t,e=xo){let[s,...r]=n,i=new $o(t);i.json=r.includes("--json");try{if(s===void 0||s==="help"||s==="--help"||s==="-h"){let u=s==="help"?r[0]:void 0,h=u!==void 0&&Object.hasOwn(e,u)?(await e[u].load()).help:Lw(e);return await t.stdout.write(h+`
`),s===void 0?2:0}if(s==="--version"||s==="-V")return await t.stdout.write(`taskline ${Jd}
`),0;let o=Object.hasOwn(e,s)?e[s]:void 0;if(!o)throw new y("usage",`Unknown command "${s}". Commands: ${Object.keys(e).sort().join(", ")}`);let l=await o.load();return r.includes("--help")||r.includes("-h")?(await t.stdout.write(l.help+`
`),0):(await qc(o.keeps(r)),t.env("TASKLINE_SHOW_PERMISSIONS")==="1"&&await t.stderr.write(`taskline ${s}: holds ${JSON.stringify(await Cn(".taskline"))}
`),await l.run(i,r))}catch(o){return await jw(i,o)}finally{try{await t.stdout.flush()}catch{}await t.stderr.flush().catch(()=>{})}}a(Rw,"run");async function jw(n,t){if(ef(t))return 0;if(n.io.signal.aborted&&!(t instanceof y&&t.code!=="interrupted"))return 130;let e,s;t instanceof y?(e=t.code,s=t.message):t instanceof Deno.errors.PermissionDenied||t instanceof Deno.errors.NotCapable?(e="io",s=`Permission denied: ${t.message}. taskline reads and writes only .taskline/ and must run from the project root`):(e="io",s=t?.message??String(t));let r=n.io.stderr;try{if(n.json){let i=t instanceof y&&t.details?t.details:void 0;await r.write(JSON.stringify({error:{code:e,message:s,...i?{details:i}:{}}})+`
`)}else await r.write(`taskline: ${L(s)}
`),e==="usage"&&await r.write("Run `taskline --help` for usage.\n")}catch{}return Dc(e)}a(jw,"report");lr();Ln();var Fk={...xo,serve:{summary:"the local server: web UI and API",keeps:a(()=>fe,"keeps"),load:a(()=>Promise.resolve().then(()=>(Lp(),Cp)).then(n=>({help:n.SERVE_HELP,run:n.serveCommand})),"load")},tui:{summary:"the terminal UI: tasks, activity, history, trace",keeps:a(()=>fe,"keeps"),load:a(()=>Promise.resolve().then(()=>(Gp(),Yp)).then(n=>({help:n.TUI_HELP,run:n.tuiCommand})),"load")}};export{Fk as ALL_COMMANDS,Xa as WriterSink,Rw as run};
// Generated by `deno task bundle` (scripts/bundle_program.ts) from src/app/program.ts: do not edit.
//# sourceMappingURL=taskline.js.map
