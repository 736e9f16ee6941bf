var $l=Object.defineProperty;var a=(s,e)=>$l(s,"name",{value:e,configurable:!0});var v=(s,e)=>()=>(s&&(e=s(s=0)),e);var W=(s,e)=>{for(var t in e)$l(s,t,{get:e[t],enumerable:!0})};function Tl(s){switch(s){case"usage":case"bad-cursor":case"bad-request":case"unsupported-media-type":case"too-large":return 2;case"interrupted":return 130;default:return 1}}function Sl(s){switch(s){case"usage":case"bad-cursor":case"bad-request":case"ambiguous-ref":return 400;case"not-found":return 404;case"task-running":case"not-running":case"nothing-pending":case"wrong-state":case"bad-log-file":case"bad-state-file":return 409;case"too-large":return 413;case"unsupported-media-type":return 415;case"fell-behind":return 503;default:return 500}}var y,A=v((function(){y=class extends Error{static{a(this,"TasklineError")}name="TasklineError";code;details;constructor(e,t,n){super(t,n?.cause===void 0?void 0:{cause:n.cause}),this.code=e,n?.details&&(this.details=n.details)}};a(Tl,"exitCodeOf");a(Sl,"httpStatusOf")}));function Re(s){let e=s.length>20&&s.charCodeAt(19)===46?20:-1;if(e>0&&s.startsWith(Fi)&&Fi!==""){let n=e,r=0;for(let i=s.charCodeAt(n);i>=48&&i<=57&&n<e+9;i=s.charCodeAt(++n))r=r*10+i-48;if(n>e&&s.slice(n)===El)return Al+BigInt(r*10**(9-(n-e)))}let t=Hi(s);if(t!==null&&e>0){let n=/^\.\d{1,9}/.exec(s.slice(19));n&&(Fi=s.slice(0,19),El=s.slice(19+n[0].length),Al=t-BigInt(Number(n[0].slice(1).padEnd(9,"0"))))}return t}function Hi(s){let e=kp.exec(s);if(!e)return null;let[,t,n,r,i,o,l,c,u]=e,h=Number(n),f=Number(r),d=Number(i),p=Number(o),m=Number(l);if(h<1||h>12||f<1||f>31||d>23||p>59||m>60)return null;let g=Date.UTC(Number(t),h-1,f,d,p,m);if(!Number.isFinite(g)||new Date(Date.UTC(Number(t),h-1,f)).getUTCDate()!==f)return null;let k=BigInt(g)*1000000n;if(c&&(k+=BigInt(c.padEnd(9,"0"))),u!=="Z"&&u!=="z"){let b=u[0]==="-"?-1n:1n,x=BigInt(Number(u.slice(1,3))*60+Number(u.slice(4,6)));k-=b*x*60000000000n}return k}var kp,Fi,El,Al,Ui,Bi,ut=v((function(){kp=/^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;a(Re,"parseTimeNs");Fi="",El="",Al=0n;a(Hi,"parseTimeNsUncached");Ui=class{static{a(this,"MonotonicClock")}#e=0;#t=NaN;#s="";#n(e=!1){if(e&&this.#e>0)return++this.#e;let t=Math.round((performance.timeOrigin+performance.now())*1e3),n=t>this.#e?t:this.#e+1;return this.#e=n,n}nowNs(){return BigInt(this.#n())*1000n}now(e=!1){let t=this.#n(e),n=Math.floor(t/1e6);return n!==this.#t&&(this.#t=n,this.#s=new Date(n*1e3).toISOString().slice(0,19)+"."),`${this.#s}${String(t-n*1e6).padStart(6,"0")}Z`}},Bi=new Ui}));function ss(s){let e=bp.exec(s),t=e?Number(e[2]):NaN,n=e?Number(e[3]):NaN;if(!e||!Number.isSafeInteger(t)||!Number.isSafeInteger(n))throw new y("bad-cursor",`Cannot read cursor "${s.slice(0,80)}": expected <nanoseconds>-<task number>-<seq>, such as 0-0-0`);return{ns:BigInt(e[1]),number:t,seq:n}}function de(s){return`${s.ns}-${s.number}-${s.seq}`}function be(s,e){return s.ns!==e.ns?s.ns<e.ns?-1:1:s.number!==e.number?s.number-e.number:s.seq-e.seq}function Xe(s,e){let t=Re(s.at);return t===null||t<0n?null:{ns:t,number:e,seq:typeof s.seq=="number"?s.seq:0}}var Ml,bp,Ot=v((function(){A();ut();Ml=Object.freeze({ns:0n,number:0,seq:0}),bp=/^(0|[1-9]\d{0,20})-(0|[1-9]\d{0,15})-(0|[1-9]\d{0,15})$/;a(ss,"parseCursor");a(de,"formatCursor");a(be,"compareCursor");a(Xe,"cursorOf")}));function ne(){return{input_tokens:0,output_tokens:0,cache_read_tokens:0,cache_write_tokens:0}}function Zn(s){return vp.has(s)}function Lt(s){return s==="agent_delta"}function I(s){let e=s.run;return typeof e=="string"?e:null}var Se,je,vp,Cl,J=v((function(){Se="000000000000";a(ne,"zeroUsage");je=["run_started","phase_started","phase_finished","agent_started","agent_delta","agent_text","tool_called","tool_returned","agent_finished","subtask_updated","subtask_integrated","committed","merged","validation_finished","budget_updated","artefact_written","approval_requested","approval_resolved","retrying","paused","run_finished","log"],vp=new Set(je),Cl=new Set(["approval_resolved","log"]);a(Zn,"isEventType");a(Lt,"isEphemeral");a(I,"runOf")}));var H,ns,R,Nt,Dt,xp,Ol,Ll,Nl,Dl,Rl,_p,$p,Tp,Ee,T,Ys,rs,is=v((function(){H={type:"string",minLength:1},ns={type:["string","null"]},R={type:"string"},Nt={type:"boolean"},Dt={type:"number"},xp={type:"integer"},Ol={type:["number","null"]},Ll={type:["integer","null"]},Nl={type:"string",pattern:"^[0-9a-f]{12}$"},Dl={enum:["spec","plan","merge"]},Rl={type:"object",required:["input_tokens","output_tokens","cache_read_tokens","cache_write_tokens"],properties:{input_tokens:{type:"integer",minimum:0},output_tokens:{type:"integer",minimum:0},cache_read_tokens:{type:"integer",minimum:0},cache_write_tokens:{type:"integer",minimum:0}}},_p={type:"object",required:["kind","text"],properties:{kind:{enum:["text","thinking"]},text:R}},$p={type:"object",required:["kind"],properties:{kind:{enum:["spec","plan","qa_report"]},round:xp},if:{properties:{kind:{const:"qa_report"}}},then:{required:["kind","round"]}},Tp={type:"string",format:"date-time"},Ee=a((s,e)=>({schema:s,default0_5:e}),"added"),T=a(s=>({schema:s}),"f"),Ys={run_started:{run:T(H),task:T(H)},phase_started:{run:T(H),phase:T(R)},phase_finished:{run:T(H),phase:T(R),success:T(Nt),summary:T(R)},agent_started:{run:T(H),role:T(R),subtask:T(ns),model:Ee(R,()=>"")},agent_delta:{run:T(H),role:T(R),subtask:T(ns),delta:T(_p)},agent_text:{run:T(H),role:T(R),text:T(R)},tool_called:{run:T(H),role:T(R),tool:T(R),input:T({}),call:Ee(Nl,()=>"000000000000"),subtask:Ee(ns,()=>null)},tool_returned:{run:T(H),role:T(R),tool:T(R),is_error:T(Nt),duration_ms:T(Dt),preview:T(R),call:Ee(Nl,()=>"000000000000"),subtask:Ee(ns,()=>null),exit_code:Ee(Ll,()=>null),timed_out:Ee(Nt,()=>!1),output_chars:Ee({type:"integer",minimum:0},()=>0),output_file:Ee({type:["string","null"]},()=>null)},agent_finished:{run:T(H),role:T(R),steps:T(Dt),usage:T(Rl),stop:T(R)},subtask_updated:{run:T(H),subtask:T(H),status:T(R)},subtask_integrated:{run:T(H),subtask:T(H),commit:T(R),conflicts:T({type:"array",items:R})},committed:{run:T(H),subtask:T(ns),commit:T(R),message:T(R),files:T({type:"array",items:R})},merged:{run:T(H),commit:T(R),branch:T(R),base:T(R)},validation_finished:{run:T(H),command:T(R),integration:T(Nt),passed:T(Nt),exit_code:T(Ll)},budget_updated:{run:T(H),tokens:T(Dt),token_limit:T(Ol),active_ms:T(Dt),duration_limit_ms:T(Ol)},artefact_written:{run:T(H),artefact:T($p)},approval_requested:{run:T(H),gate:T(Dl)},approval_resolved:{run:T(H),gate:T(Dl),approved:T(Nt),comment:T({type:["string","null"]})},retrying:{run:T(H),what:T(R),attempt:T(Dt),delay_ms:T(Dt)},paused:{run:T(H),reason:T(R)},run_finished:{run:T(H),success:T(Nt),status:T(R),usage:Ee(Rl,()=>({input_tokens:0,output_tokens:0,cache_read_tokens:0,cache_write_tokens:0})),active_ms:Ee(Dt,()=>0),started_at:Ee(Tp,()=>"1970-01-01T00:00:00Z")},log:{run:{schema:ns,optional:!0},level:T(R),message:T(R)}},rs=new Map(Object.entries(Ys).map(([s,e])=>[s,Object.entries(e).filter(([,t])=>t.default0_5!==void 0).map(([t,n])=>[t,n.default0_5])]))}));function ze(s,e){let{schema:t,seq:n,at:r,event:i,...o}=s,l={task:e.id,number:e.number,schema:t};n!==void 0&&(l.seq=n),l.at=r,l.event=i;for(let[c,u]of Object.entries(o))c!=="task"&&c!=="number"&&(l[c]=u);return l}var Ze=v((function(){a(ze,"tag")}));function z(s){if(s===os)return{ok:!1,reason:"line is longer than the reader's limit"};if(s===Gs)return{ok:!1,reason:"not valid UTF-8"};let e;try{e=JSON.parse(s)}catch(t){return{ok:!1,reason:`not JSON (${t.message.slice(0,120)})`}}return Wi(e)}function Wi(s){if(s===null||typeof s!="object"||Array.isArray(s))return{ok:!1,reason:"not a JSON object"};let e=s,t=e.event;if(t===null||typeof t!="object"||Array.isArray(t))return{ok:!1,reason:"no event object"};let n=t.type;if(typeof n!="string"||n==="")return{ok:!1,reason:"no event.type"};let r=e.schema;if(r===void 0)r=1;else if(!Number.isSafeInteger(r)||r<1)return{ok:!1,reason:"schema is not a positive integer"};let i=e.seq;if(i!==void 0&&(!Number.isSafeInteger(i)||i<0))return{ok:!1,reason:"seq is not a non-negative integer"};let o=e.at===void 0?"1970-01-01T00:00:00Z":e.at;if(typeof o!="string")return{ok:!1,reason:"at is not a string"};let l=!1;if(r<=2){let u=rs.get(n);if(u){let h=t;for(let[f,d]of u)h[f]===void 0&&(h[f]=d(),l=!0)}}let c={schema:r};i!==void 0&&(c.seq=i),c.at=o,c.event=t;for(let u in e)u!=="schema"&&u!=="seq"&&u!=="at"&&u!=="event"&&(c[u]=e[u]);return{ok:!0,env:c,upgraded:l}}var os,Gs,Ae=v((function(){is();Ze();os="\0",Gs="\0";a(z,"decodeLine");a(Wi,"decodeValue")}));function pe(s){try{return Il.decode(s)}catch{return Gs}}function Sp(s,e,t){let n=e,r=s.byteOffset;for(;n<t&&(r+n&3)!==0;){if(s[n]>=128)return n;n++}if(n>=t)return t;let i=new Uint32Array(s.buffer,r+n,t-n>>2),o=0;for(;o<i.length&&(i[o]&2155905152)===0;)o++;for(n+=o<<2;n<t;){if(s[n]>=128)return n;n++}return t}function Ep(s){let e=[],t=s.length,n=0;for(;;){let r=Sp(s,n,t);if(r===t)break;let i=s.lastIndexOf(Xs,r)+1,o=s.indexOf(Xs,r);if(o<0&&(o=t),i>n&&jl(s.subarray(n,i-1),e),e.push(pe(s.subarray(i,o))),o===t)return e;n=o+1}return jl(s.subarray(n,t),e),e}function jl(s,e){let t=Il.decode(s).split(`
`);for(let n=0;n<t.length;n++)e.push(t[n])}function Ap(s,e){if(s.length===1)return s[0];let t=new Uint8Array(e),n=0;for(let r of s)t.set(r,n),n+=r.length;return t}function Mp(s){return new TextEncoder().encode(s).length}var Xs,Il,Q,Je=v((function(){Ae();Xs=10,Il=new TextDecoder("utf-8",{fatal:!0});a(pe,"lineText");a(Sp,"nonAsciiAt");a(Ep,"splitLines");a(jl,"pushAscii");Q=class{static{a(this,"LineSplitter")}#e=[];#t=0;#s=!1;#n;#r;constructor(e={}){this.#n=e.offset??0,this.#r=e.lineBytesMax??64*1024*1024}get offset(){return this.#n}get pendingBytes(){return this.#t}push(e){let t=[],n=0,r=e.indexOf(Xs);if(r>=0&&(this.#t>0||this.#s)&&(this.#s||this.#t+r>this.#r?t.push(os):(this.#e.push(e.subarray(0,r)),t.push(pe(Ap(this.#e,this.#t+r)))),this.#n+=this.#t+r+1,this.#e=[],this.#t=0,this.#s=!1,n=r+1,r=e.indexOf(Xs,n)),r>=0){let i=e.lastIndexOf(Xs),o=Ep(e.subarray(n,i)),l=this.#r;if(i-n<=l)for(let c of o)t.push(c);else for(let c of o)t.push(c.length*3>l&&Mp(c)>l?os:c);this.#n+=i+1-n,n=i+1}if(n<e.length){let i=e.length-n;this.#s||this.#t+i>this.#r?(this.#s=!0,this.#t+=i,this.#e=[]):(this.#e.push(e.slice(n)),this.#t+=i)}return{lines:t,end:this.#n}}};a(Ap,"concat");a(Mp,"byteLength")}));function Pl(s,e=null){return`it is ${Cp[s]}${e!==null?` (${e})`:""}, not a regular file`}function zi(s){return s.isFile?null:s.isDirectory?"directory":s.isFifo?"fifo":s.isSocket?"socket":s.isCharDevice||s.isBlockDevice?"device":s.isSymlink?"dangling-symlink":"other"}function Op(s,e){if(e.root!==void 0)return e.root;let t=s.split("/");return t.length>=4?t.slice(0,-3).join("/")||"/":"."}function Lp(s,e){return s===e||s.startsWith(e.endsWith("/")?e:e+"/")}function Qn(s){return s instanceof Deno.errors.NotFound}function Pe(s,e={}){return new Promise(t=>t(Rt(s,e)))}function Rt(s,e={}){let t;try{t=Deno.lstatSync(s)}catch(l){if(Qn(l))return null;throw l}if(!t.isSymlink){let l=zi(t);if(l!==null)throw new N(s,l);return t}let n;try{n=Deno.realPathSync(s)}catch(l){if(!Qn(l))throw l;let c=null;try{c=Deno.readLinkSync(s)}catch{}throw new N(s,"dangling-symlink",c)}let r;try{r=Deno.realPathSync(Op(s,e))}catch{throw new N(s,"symlink-out",n)}if(!Lp(n,r))throw new N(s,"symlink-out",n);let i=Deno.statSync(n),o=zi(i);if(o!==null)throw new N(s,o,n);return i}function ql(s,e){let t=zi(e);if(t!==null)throw new N(s,t)}function as(){Fl=!0}async function ee(s,e={}){if(Fl)return Ke(s,e);if(await Pe(s,e)===null)return null;let t;try{t=await Deno.open(s,{read:!0})}catch(n){if(Qn(n))return null;throw n}try{ql(s,t.statSync())}catch(n){throw t.close(),n}return t}function Ke(s,e={}){if(Rt(s,e)===null)return null;let t;try{t=Deno.openSync(s,{read:!0})}catch(n){if(Qn(n))return null;throw n}try{ql(s,t.statSync())}catch(n){throw t.close(),n}return t}async function Ve(s,e,t){let n=new Uint8Array(t),r=t<=Np;r?s.seekSync(e,Deno.SeekMode.Start):await s.seek(e,Deno.SeekMode.Start);let i=0;for(;i<t;){let o=r?s.readSync(n.subarray(i)):await s.read(n.subarray(i));if(o===null||o===0)break;i+=o}return i===t?n:n.subarray(0,i)}async function ls(s,e){let t=e;for(let n=4096;t>0;n=n<65536?n*4:1024*1024){let r=Math.max(0,t-n),o=(await Ve(s,r,t-r)).lastIndexOf(10);if(o>=0)return r+o;t=r}return-1}function er(s,e){let t=new Uint8Array(Math.min(4096,e)),n=e;for(;n>0;){let r=Math.max(0,n-t.length);s.seekSync(r,Deno.SeekMode.Start);let i=0;for(;i<n-r;){let l=s.readSync(t.subarray(i,n-r));if(l===null||l===0)break;i+=l}let o=t.subarray(0,i).lastIndexOf(10);if(o>=0)return r+o;n=r,t.length<65536&&(t=new Uint8Array(Math.min(65536,t.length*4)))}return-1}async function tr(s,e={}){let t=await ee(s,e);if(t===null)return null;try{let n=t.statSync().size,r=new Uint8Array(n),i=0;for(;i<n;){let o=await t.read(r.subarray(i));if(o===null||o===0)break;i+=o}return i===n?r:r.subarray(0,i)}finally{t.close()}}function ht(s,e={}){let t=Ke(s,e);if(t===null)return null;try{let n=t.statSync().size,r=new Uint8Array(n),i=0;for(;i<n;){let o=t.readSync(r.subarray(i));if(o===null||o===0)break;i+=o}return i===n?r:r.subarray(0,i)}finally{t.close()}}var Cp,N,Fl,Np,K=v((function(){A();Cp={fifo:"a FIFO (named pipe)",socket:"a socket",device:"a device",directory:"a directory","symlink-out":"a symbolic link leading out of the state directory","dangling-symlink":"a symbolic link to nothing",other:"not a regular file"};a(Pl,"whatOf");N=class extends y{static{a(this,"BadLogFile")}name="BadLogFile";path;kind;target;get what(){return Pl(this.kind,this.target)}constructor(e,t,n=null){super("bad-log-file",`Cannot read ${e}: ${Pl(t,n)}`,{details:{path:e,kind:t,...n!==null?{target:n}:{}}}),this.path=e,this.kind=t,this.target=n}};a(zi,"kindOf");a(Op,"rootOf");a(Lp,"inside");a(Qn,"isNotFound");a(Pe,"checkLogFile");a(Rt,"checkLogFileSync");a(ql,"verifyOpen");Fl=!1;a(as,"openLogsSynchronously");a(ee,"openLogFile");a(Ke,"openLogFileSync");Np=64*1024;a(Ve,"readAt");a(ls,"lastNewlineBefore");a(er,"lastNewlineBeforeSync");a(tr,"readRegularFile");a(ht,"readRegularFileSync")}));async function jt(s){return(await Pe(s))?.size??0}function Ji(s){return ee(s)}async function*me(s,e={}){let t=await Ji(s);if(t)try{let n=e.from??0,r=e.to??t.statSync().size;n>0&&await t.seek(n,Deno.SeekMode.Start);let i=new Q({offset:n,lineBytesMax:e.lineBytesMax}),o=new Uint8Array(e.chunkBytes??64*1024),l=n,c=n===0?0:-1,u=e.prefilter;for(;l<r;){e.signal?.throwIfAborted();let h=Math.min(o.length,r-l),f=await t.read(h===o.length?o:o.subarray(0,h));if(f===null||f===0)break;let d=i.offset;l+=f;let{lines:p,end:m}=i.push(o.subarray(0,f)),g=[];for(let k of p){if(c>=0&&c++,k===""||u&&!u(k))continue;let b=z(k);b.ok?g.push({env:b.env,upgraded:b.upgraded,text:k,line:Math.max(c,0)}):k.trim()!==""&&e.onProblem?.({path:s,line:Math.max(c,0),offset:d,reason:b.reason})}p.length>0&&(yield{records:g,end:m})}}finally{t.close()}}async function ft(s,e,t,n={}){let r=await Ji(s);if(r)try{let i=n.to??r.statSync().size,o=n.chunkBytes??1024*1024,l=n.lineBytesMax??64*1024*1024,c=new TextEncoder().encode(e),u=await Ve(r,Math.max(0,i-1),1);for(i>0&&u[0]!==10&&(i=await ls(r,i)+1);i>0;){let h=Math.max(0,i-o),f=await Ve(r,h,i-h),d=0;if(h>0){let m=f.indexOf(10);if(m<0||m===f.length-1){o>=l?i=h:o*=2;continue}d=m+1}if(!Dp.decode(f.subarray(d)).includes(e)){if(i=h+d,h===0)break;continue}let p=Ul(f,c,f.length-c.length);for(;p>=d;){let m=f.lastIndexOf(10,p)+1,g=f.indexOf(10,p);g<0&&(g=f.length);let k=pe(f.subarray(m,g));if(t(k,h+m,h+g+1))return;if(m===0)break;p=Ul(f,c,m-1)}if(i=h+d,h===0)break}}finally{r.close()}}function Ul(s,e,t){let n=e[0];for(let r=s.lastIndexOf(n,t);r>=0;r=r>0?s.lastIndexOf(n,r-1):-1){if(r+e.length>s.length)continue;let i=1;for(;i<e.length&&s[r+i]===e[i];)i++;if(i===e.length)return r}return-1}async function Me(s,e={}){let t=null;return await ft(s,'"run_started"',(n,r)=>{let i=z(n);if(i.ok&&i.env.event.type==="run_started"){let o=I(i.env.event);if(o)return t={run:o,offset:r},!0}return!1},e),t}async function cs(s,e={}){let t=null,n=e.run;return await ft(s,n??'"run"',(r,i,o)=>{let l=z(r);if(!l.ok||l.env.schema<2||typeof l.env.seq!="number")return!1;let c=I(l.env.event);return c===null||n!==void 0&&c!==n?!1:(t={run:c,seq:l.env.seq,type:l.env.event.type,start:i,end:o},!0)},{to:e.to,chunkBytes:64*1024}),t}async function sr(s,e,t){let n=null;return await ft(s,e,r=>{let i=z(r);if(!i.ok||I(i.env.event)!==e)return!1;let o=i.env.event.type;return Cl.has(o)||!Zn(o)?!1:(n=i.env,!0)},{to:t,chunkBytes:64*1024}),n}async function Hl(s,e={}){let t=[],n=new Set;for await(let r of me(s,{...e,prefilter:a(i=>i.includes('"run_started"'),"prefilter")}))for(let i of r.records){let o=i.env.event.type==="run_started"?I(i.env.event):null;o&&!n.has(o)&&(n.add(o),t.push(o))}return t}async function nr(s,e,t,n={}){let r=n.to??await jt(s),i=n.last??await cs(s,{to:r,run:e});if(i===null)return r;if(i.seq<=t)return i.end;let o=await Ji(s);if(!o)return 0;try{let l=0,c=i.start,u=n.windowBytes??256*1024;for(;c-l>u;){let h=l+Math.floor((c-l)/2),f=await Rp(o,h,c);f===null?c=h:f.run!==e?l=f.end:f.seq>t?c=f.start:l=f.end}return l}finally{o.close()}}async function Rp(s,e,t){let n=e,r=!0,i=16*1024,o=new Uint8Array(0),l=n;for(;n<t;){let c=await Ve(s,n,Math.min(i,t-n));if(c.length===0)return null;let u=o.length?jp(o,c):c,h=o.length?l:n,f=0;if(r){if((e===0?10:(await Ve(s,e-1,1))[0])!==10){let p=u.indexOf(10);if(p<0){o=new Uint8Array(0),n+=c.length,i=Math.min(i*2,16*1024*1024);continue}f=p+1}r=!1}for(;f<u.length;){let d=u.indexOf(10,f);if(d<0||h+f>=t)break;let p=pe(u.subarray(f,d));if(p.includes('"seq"')){let m=z(p),g=m.ok?I(m.env.event):null;if(m.ok&&m.env.schema>=2&&typeof m.env.seq=="number"&&g!==null)return{start:h+f,end:h+d+1,seq:m.env.seq,run:g}}f=d+1}o=u.slice(f),l=h+f,n+=c.length,i=Math.min(i*2,16*1024*1024)}return null}function jp(s,e){let t=new Uint8Array(s.length+e.length);return t.set(s),t.set(e,s.length),t}var Dp,dt=v((function(){J();Ae();Je();K();a(jt,"fileSize");a(Ji,"openOrNull");a(me,"readLog");a(ft,"scanBackward");Dp=new TextDecoder;a(Ul,"lastIndexOfBytes");a(Me,"findCurrentRun");a(cs,"lastRunLine");a(sr,"lastSegmentLine");a(Hl,"listRuns");a(nr,"seekAfterSeq");a(Rp,"probeForward");a(jp,"concat2")}));async function Qe(s,e){let t=`${s}.${crypto.randomUUID().slice(0,8)}.tmp`;try{await Deno.writeTextFile(t,e),await Deno.rename(t,s)}catch(n){throw await Deno.remove(t).catch(()=>{}),n}}function us(s,e){let t=`${s}.${crypto.randomUUID().slice(0,8)}.tmp`;try{typeof e=="string"?Deno.writeTextFileSync(t,e):Deno.writeFileSync(t,e),Deno.renameSync(t,s)}catch(n){try{Deno.removeSync(t)}catch{}throw n}}async function pt(s){return await et(Deno.stat(s))!==null}async function et(s){try{return await s}catch(e){if(e instanceof Deno.errors.NotFound)return null;throw e}}async function mt(s,e){try{return await s}catch(t){throw t instanceof Deno.errors.NotFound?new y("not-found",e):t}}function tt(s){let e=[];try{for(let t of Deno.readDirSync(s))e.push(t)}catch(t){if(!(t instanceof Deno.errors.NotFound))return Promise.reject(t)}return Promise.resolve(e)}function hs(s){return new Promise(e=>e(Ip(s)))}function Ip(s){try{if(!Deno.statSync(s).isFile)throw new y("bad-state-file",`${s} is not a regular file`);return JSON.parse(Deno.readTextFileSync(s))}catch(e){if(e instanceof Deno.errors.NotFound)return null;throw e}}var rr,re=v((function(){A();rr=class{static{a(this,"StateDir")}root;constructor(e=".taskline"){this.root=e.replace(/\/+$/,"")||"."}get tasksDir(){return`${this.root}/tasks`}get toolOutputDir(){return`${this.root}/tool-output`}get configPath(){return`${this.root}/config.jsonc`}get memoryPath(){return`${this.root}/memory.jsonl`}get numbersDir(){return`${this.root}/numbers`}get tokenPath(){return`${this.root}/server.token`}get serveLockPath(){return`${this.root}/serve.lock`}get liveSocketPath(){return`${this.root}/live.sock`}get liveChannelPath(){return`${this.root}/live.json`}liveListenerPath(e){return`${this.root}/live-${e}.json`}taskDir(e){return`${this.tasksDir}/${e}`}logPath(e){return`${this.tasksDir}/${e}/events.jsonl`}taskJsonPath(e){return`${this.tasksDir}/${e}/task.json`}runJsonPath(e){return`${this.tasksDir}/${e}/run.json`}lockPath(e){return`${this.tasksDir}/${e}/run.lock`}cancelPath(e){return`${this.tasksDir}/${e}/cancel.request`}traceFile(e,t,n){return`${this.toolOutputDir}/${e}/${t}/${n}.txt`}async exists(){try{return(await Deno.stat(this.root)).isDirectory}catch{return!1}}requireExists(){return new Promise(e=>e(this.#e()))}#e(){let e=!1;try{e=Deno.statSync(this.root).isDirectory}catch(t){if(t instanceof Deno.errors.NotCapable||t instanceof Deno.errors.PermissionDenied)throw new y("io",`Cannot read ${this.root}/ here: the runtime refuses it with taskline's permissions (${t.message.replace(/, run again.*$/,"")})`)}if(!e)throw new y("not-found",`No taskline project here: ${this.root}/ does not exist (run \`taskline init\` in the project root)`)}};a(Qe,"writeFileAtomic");a(us,"writeFileAtomicSync");a(pt,"pathExists");a(et,"unlessNotFound");a(mt,"orNotFound");a(tt,"dirEntries");a(hs,"readJsonFile");a(Ip,"readJsonFileSync")}));var Bl={};W(Bl,{openReplay:()=>Zs,resolveRun:()=>gt});async function gt(s,e,t){let r=(await Hl(s,{to:t})).filter(i=>i.startsWith(e.toLowerCase()));if(r.length===1)return r[0];throw r.length===0?new y("not-found",`Cannot find run "${e}": the task has no such run`):new y("ambiguous-ref",`Cannot resolve run "${e}": it matches ${r.map(i=>i.slice(0,8)).join(", ")}`)}async function Zs(s,e,t={}){let n=s.logPath(e.dir),r=await jt(n),i=t.after??0,o={to:r,onProblem:t.onProblem,prefilter:t.prefilter,signal:t.signal};if(t.all)return{run:null,path:n,to:r,batches:Ki(me(n,o),u=>u.env.schema>=2&&u.env.seq!==void 0)};let l=t.run!==void 0?await gt(n,t.run,r):(await Me(n,{to:r}))?.run??null;if(l===null)return{run:l,path:n,to:r,batches:Ki(Pp(),()=>!1)};let c=await nr(n,l,i,{to:r});return{run:l,path:n,to:r,batches:Ki(me(n,{...o,from:c}),u=>u.env.schema>=2&&typeof u.env.seq=="number"&&u.env.seq>i&&I(u.env.event)===l)}}async function*Pp(){}async function*Ki(s,e){for await(let t of s)yield{records:t.records.filter(e),end:t.end}}var It=v((function(){J();A();dt();a(gt,"resolveRun");a(Zs,"openReplay");a(Pp,"empty");a(Ki,"filtered")}));var Vi,Wl=v((function(){Vi=new Uint8Array([0,97,115,109,1,0,0,0,1,46,7,96,0,1,127,96,2,127,127,1,127,96,1,127,1,127,96,3,127,127,127,1,127,96,4,127,127,127,127,1,127,96,3,127,127,127,0,96,5,127,127,127,127,127,1,127,3,15,14,0,0,1,1,2,3,1,1,4,5,1,6,1,1,5,3,1,0,48,6,11,2,127,1,65,0,11,127,1,65,0,11,7,59,8,6,109,101,109,111,114,121,2,0,5,107,101,121,115,49,0,0,4,115,97,109,101,0,1,3,101,111,108,0,6,3,115,111,108,0,7,4,102,105,110,100,0,8,4,99,111,112,121,0,9,5,99,104,101,99,107,0,13,10,207,21,14,4,0,35,0,11,4,0,35,1,11,164,1,1,4,127,32,0,69,4,64,65,0,15,11,32,0,45,0,0,65,34,71,4,64,65,0,15,11,32,0,65,1,106,33,2,2,64,3,64,32,2,32,3,106,45,0,0,33,4,32,4,65,34,70,13,1,32,4,65,220,0,70,32,3,65,60,79,114,4,64,65,0,15,11,32,3,65,1,106,33,3,12,0,11,11,2,64,32,1,40,2,0,32,3,71,13,0,3,64,32,5,32,3,79,4,64,65,1,15,11,32,2,32,5,106,45,0,0,32,1,65,4,106,32,5,106,45,0,0,71,13,1,32,5,65,1,106,33,5,12,0,11,11,32,1,32,3,54,2,0,32,1,65,4,106,32,2,32,3,252,10,0,0,65,2,11,205,4,3,2,127,1,123,1,127,2,64,3,64,2,64,3,64,32,0,65,16,106,32,1,77,4,64,32,0,253,0,4,0,33,4,32,4,253,12,34,34,34,34,34,34,34,34,34,34,34,34,34,34,34,34,253,35,32,4,253,12,92,92,92,92,92,92,92,92,92,92,92,92,92,92,92,92,253,35,253,80,32,4,253,12,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,253,38,32,4,253,12,126,126,126,126,126,126,126,126,126,126,126,126,126,126,126,126,253,40,253,80,253,80,253,100,33,5,32,5,69,4,64,32,0,65,16,106,33,0,12,2,11,32,0,32,5,104,106,33,0,12,2,11,32,0,32,1,79,13,3,65,128,192,0,32,0,45,0,0,106,45,0,0,13,1,32,0,65,1,106,33,0,12,0,11,11,32,0,45,0,0,33,2,32,0,65,1,106,33,0,32,2,65,34,70,4,64,32,0,15,11,32,2,65,255,0,79,4,64,32,2,32,0,32,1,16,5,33,0,32,0,65,0,72,13,2,12,1,11,32,2,65,220,0,71,13,1,2,64,2,64,32,0,32,1,79,13,3,32,0,45,0,0,33,2,32,0,65,1,106,33,0,32,2,65,245,0,70,4,64,32,0,65,4,106,32,1,75,13,4,32,0,45,0,0,65,228,0,70,4,64,32,0,65,1,106,45,0,0,33,2,32,2,65,56,79,32,2,65,57,77,113,32,2,65,225,0,79,32,2,65,230,0,77,113,114,69,13,5,32,0,65,2,106,45,0,0,16,4,69,13,5,32,0,65,3,106,45,0,0,16,4,69,13,5,32,2,65,226,0,77,4,64,32,0,65,8,106,32,1,77,4,64,32,0,65,4,106,40,2,0,65,255,255,255,7,113,65,220,234,145,3,70,32,0,65,7,106,45,0,0,65,227,0,79,32,0,65,7,106,45,0,0,65,230,0,77,113,113,13,7,11,11,32,0,65,4,106,33,0,12,4,11,32,0,47,1,0,65,176,224,0,71,13,4,32,0,65,2,106,45,0,0,33,2,32,0,65,3,106,45,0,0,33,3,32,2,65,48,70,4,64,32,3,65,48,79,32,3,65,55,77,113,32,3,65,226,0,70,32,3,65,229,0,70,32,3,65,230,0,70,114,114,114,69,13,5,5,32,2,65,49,71,13,5,32,3,65,48,79,32,3,65,57,77,113,32,3,65,225,0,79,32,3,65,230,0,77,113,114,69,13,5,11,32,0,65,4,106,33,0,5,65,128,194,0,32,2,106,45,0,0,69,13,4,11,11,11,12,0,11,11,65,127,11,20,0,32,0,65,48,107,65,9,77,32,0,65,225,0,107,65,5,77,114,11,224,1,1,4,127,32,0,65,255,0,70,4,64,32,1,15,11,65,128,1,33,3,65,191,1,33,4,2,64,32,0,65,194,1,73,13,0,32,0,65,224,1,73,4,64,65,1,33,5,5,32,0,65,240,1,73,4,64,65,2,33,5,32,0,65,224,1,70,4,64,65,160,1,33,3,11,32,0,65,237,1,70,4,64,65,159,1,33,4,11,5,32,0,65,244,1,75,13,2,65,3,33,5,32,0,65,240,1,70,4,64,65,144,1,33,3,11,32,0,65,244,1,70,4,64,65,143,1,33,4,11,11,11,32,1,32,5,106,32,2,75,13,0,32,1,45,0,0,33,6,32,6,32,3,73,32,6,32,4,75,114,13,0,32,1,65,1,106,33,1,32,5,65,1,107,33,5,2,64,3,64,32,5,69,13,1,32,1,45,0,0,65,192,1,113,65,128,1,71,13,2,32,1,65,1,106,33,1,32,5,65,1,107,33,5,12,0,11,11,32,1,15,11,65,127,11,109,1,1,127,2,64,3,64,32,0,65,16,106,32,1,75,13,1,32,0,253,0,4,0,253,12,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,253,35,253,100,33,2,32,2,4,64,32,0,32,2,104,106,15,11,32,0,65,16,106,33,0,12,0,11,11,2,64,3,64,32,0,32,1,79,13,1,32,0,45,0,0,65,10,70,4,64,32,0,15,11,32,0,65,1,106,33,0,12,0,11,11,65,127,11,118,1,1,127,2,64,3,64,32,1,32,0,107,65,16,73,13,1,32,1,65,16,107,253,0,4,0,253,12,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,253,35,253,100,33,2,32,2,4,64,32,1,65,16,106,32,2,103,107,15,11,32,1,65,16,107,33,1,12,0,11,11,2,64,3,64,32,1,32,0,77,13,1,32,1,65,1,107,45,0,0,65,10,70,4,64,32,1,15,11,32,1,65,1,107,33,1,12,0,11,11,32,0,11,134,2,3,1,127,2,123,4,127,32,2,65,1,106,45,0,0,253,15,33,5,32,2,32,3,65,2,107,106,45,0,0,253,15,33,6,32,3,65,3,107,33,7,32,1,32,3,107,33,10,2,64,3,64,32,0,65,15,106,32,10,74,13,1,32,0,65,1,106,253,0,4,0,32,5,253,35,32,0,65,1,106,32,7,106,253,0,4,0,32,6,253,35,253,78,253,100,33,4,2,64,3,64,32,4,69,13,1,32,0,32,4,104,106,33,8,65,0,33,9,2,64,3,64,32,9,32,3,79,4,64,32,8,15,11,32,8,32,9,106,45,0,0,32,2,32,9,106,45,0,0,71,13,1,32,9,65,1,106,33,9,12,0,11,11,32,4,32,4,65,1,107,113,33,4,12,0,11,11,32,0,65,16,106,33,0,12,0,11,11,2,64,3,64,32,0,32,10,74,13,1,65,0,33,9,2,64,3,64,32,9,32,3,79,4,64,32,0,15,11,32,0,32,9,106,45,0,0,32,2,32,9,106,45,0,0,71,13,1,32,9,65,1,106,33,9,12,0,11,11,32,0,65,1,106,33,0,12,0,11,11,65,127,11,12,0,32,0,32,1,32,2,252,10,0,0,11,152,1,1,3,127,2,64,32,0,45,0,0,65,45,70,4,64,65,1,33,4,32,0,65,1,106,33,0,11,32,0,33,3,2,64,3,64,32,0,32,1,79,13,1,32,0,45,0,0,33,2,32,2,65,48,107,65,9,75,13,1,32,0,65,1,106,33,0,12,0,11,11,32,0,32,3,107,33,2,32,2,69,32,2,65,15,75,114,13,0,32,3,45,0,0,65,48,70,4,64,32,2,65,1,75,32,4,114,13,1,11,32,0,32,1,73,4,64,32,0,45,0,0,33,2,32,2,65,46,70,32,2,65,229,0,70,32,2,65,197,0,70,114,114,13,1,11,32,0,15,11,65,127,11,113,1,2,127,2,64,3,64,32,1,32,2,79,13,1,32,0,32,1,65,3,116,106,40,2,0,33,5,32,4,32,0,65,4,106,32,1,65,3,116,106,40,2,0,32,5,107,70,4,64,65,0,33,6,2,64,3,64,32,6,32,4,79,4,64,65,1,15,11,32,5,32,6,106,45,0,0,32,3,32,6,106,45,0,0,71,13,1,32,6,65,1,106,33,6,12,0,11,11,11,32,1,65,1,106,33,1,12,0,11,11,65,0,11,143,1,1,1,127,32,0,45,0,0,33,2,32,2,65,244,0,70,4,64,32,0,65,4,106,65,127,32,0,65,4,106,32,1,77,32,0,40,2,0,65,244,228,213,171,6,70,113,27,15,11,32,2,65,238,0,70,4,64,32,0,65,4,106,65,127,32,0,65,4,106,32,1,77,32,0,40,2,0,65,238,234,177,227,6,70,113,27,15,11,32,2,65,230,0,70,4,64,32,0,65,5,106,65,127,32,0,65,5,106,32,1,77,32,0,40,2,0,65,230,194,177,155,7,70,32,0,65,4,106,45,0,0,65,229,0,70,113,113,27,15,11,65,127,11,191,6,1,8,127,32,0,33,2,65,0,36,0,65,0,66,0,55,3,0,2,64,3,64,32,6,69,4,64,32,2,32,1,79,13,2,32,2,45,0,0,33,3,65,1,33,6,32,3,65,34,70,4,64,32,2,65,1,106,32,1,16,3,33,2,5,32,3,65,251,0,70,32,3,65,219,0,70,114,4,64,32,4,65,250,1,79,13,4,65,128,32,32,4,106,32,3,58,0,0,32,4,65,1,106,33,4,65,128,35,32,4,65,2,116,106,32,9,54,2,0,32,4,65,2,70,4,64,32,5,33,8,11,32,2,65,1,106,33,2,32,2,32,1,79,13,4,32,2,45,0,0,32,3,65,2,106,70,4,64,32,4,65,1,107,33,4,32,2,65,1,106,33,2,5,65,2,65,0,32,3,65,251,0,70,27,33,6,11,5,32,3,65,45,70,32,3,65,48,107,65,9,77,114,4,64,32,2,32,1,16,10,33,2,5,32,2,32,1,16,12,33,2,11,11,11,32,2,65,0,72,13,2,12,1,11,32,6,65,2,70,4,64,32,2,32,1,79,13,2,32,2,45,0,0,65,34,71,13,2,32,2,65,1,106,33,7,32,7,32,1,16,3,33,2,32,2,65,0,72,13,2,32,4,65,1,70,4,64,35,0,65,192,0,79,13,3,65,128,16,65,0,35,0,32,7,32,2,65,1,107,32,7,107,16,11,13,3,65,128,16,35,0,65,3,116,106,32,7,54,2,0,65,132,16,35,0,65,3,116,106,32,2,65,1,107,54,2,0,35,0,65,1,106,36,0,11,32,4,65,2,70,4,64,65,8,32,8,32,5,32,7,32,2,65,1,107,32,7,107,16,11,13,3,32,5,65,192,0,79,13,3,65,8,32,5,65,3,116,106,32,7,54,2,0,65,12,32,5,65,3,116,106,32,2,65,1,107,54,2,0,32,5,65,1,106,33,5,32,2,32,7,107,65,5,70,32,7,40,2,0,65,244,242,193,171,6,70,113,4,64,65,0,32,2,65,1,106,54,2,0,11,32,2,32,7,107,65,4,70,32,7,47,1,0,65,242,234,1,70,32,7,65,2,106,45,0,0,65,238,0,70,113,113,4,64,65,4,32,2,65,1,106,54,2,0,11,11,32,4,65,3,79,4,64,65,128,35,32,4,65,2,116,106,40,2,0,33,3,32,9,32,3,107,65,192,0,79,13,3,32,9,65,192,7,79,13,3,65,128,196,0,32,3,32,9,32,7,32,2,65,1,107,32,7,107,16,11,13,3,65,128,196,0,32,9,65,3,116,106,32,7,54,2,0,65,132,196,0,32,9,65,3,116,106,32,2,65,1,107,54,2,0,32,9,65,1,106,33,9,11,32,7,45,0,0,65,48,107,65,9,77,4,64,32,7,33,3,2,64,3,64,32,3,65,1,106,32,2,79,13,5,32,3,45,0,0,65,48,107,65,9,75,13,1,32,3,65,1,106,33,3,12,0,11,11,11,32,2,32,1,79,13,2,32,2,45,0,0,65,58,71,13,2,32,2,65,1,106,33,2,65,0,33,6,12,1,11,32,4,69,4,64,32,2,32,1,71,13,2,65,0,40,2,0,65,128,34,16,2,65,4,40,2,0,65,192,34,16,2,65,2,116,114,36,1,32,5,15,11,32,2,32,1,79,13,1,32,2,45,0,0,33,3,65,255,31,32,4,106,45,0,0,33,7,32,2,65,1,106,33,2,32,3,65,44,70,4,64,65,2,65,0,32,7,65,251,0,70,27,33,6,12,1,11,32,3,32,7,65,2,106,71,13,1,65,128,35,32,4,65,2,116,106,40,2,0,33,9,32,4,65,1,107,33,4,12,0,11,11,65,127,11,11,145,4,2,0,65,128,192,0,11,128,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,65,128,194,0,11,128,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,1,0,0,0,0,0,0,0,1,0,0,0,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0])}));var Gi,Yi,ve,Qs=v((function(){Wl();Gi=null;WebAssembly.compile(Vi).then(s=>Gi??=s,()=>{});Yi=16*1024,ve=class{static{a(this,"JsonChecker")}room;memory;typeText="";runText="";#e;#t;#s;#n;eol;sol;find;copy;#r;constructor(){Gi??=new WebAssembly.Module(Vi);let e=new WebAssembly.Instance(Gi).exports;this.#n=e.memory,this.memory=new Uint8Array(this.#n.buffer),this.room=new Uint8Array(this.#n.buffer,Yi),this.#e=e.check,this.#t=e.keys1,this.#s=e.same,this.eol=e.eol,this.sol=e.sol,this.find=e.find,this.copy=e.copy,this.#r=new Int32Array(e.memory.buffer,0,1024)}static ROOM_AT=Yi;grow(e){let t=this.#n.buffer.byteLength;e<=t||(this.#n.grow(Math.ceil((e-t)/65536)),this.memory=new Uint8Array(this.#n.buffer),this.room=new Uint8Array(this.#n.buffer,Yi),this.#r=new Int32Array(this.#n.buffer,0,1024))}check(e,t){return this.#e(e,t)}get outerKeys(){return this.#t()}get same(){return this.#s()}get typeValueAt(){return this.#r[0]}get runValueAt(){return this.#r[1]}keyStart(e){return this.#r[2+2*e]}keyEnd(e){return this.#r[3+2*e]}}}));function ds(s){return new TextEncoder().encode(s)}function Xi(s,e,t){if(t===void 0){let r=s.events,i=r.get(e);return i===void 0&&(i=e===null?{type:s.text}:{type:s.text,run:e},Object.freeze(i),r.size<Gl&&r.set(e,i)),i}let n={type:s.text};return e!==null&&(n.run=e),n.success=t,n}function Ft(s,e,t){let n="";for(let r=e;r<t;r++){if(s[r]>=128)return Yl.decode(s.subarray(e,t));n+=String.fromCharCode(s[r])}return n}function Bp(s,e){let t=a((h,f)=>{let d=0;for(let p=h;p<h+f;p++){let m=s[e+p]-48;if(m<0||m>9)return-1;d=d*10+m}return d},"n");if(s[e+4]!==45||s[e+7]!==45||s[e+10]!==84||s[e+13]!==58||s[e+16]!==58)return null;let n=t(0,4),r=t(5,2),i=t(8,2),o=t(11,2),l=t(14,2),c=t(17,2);if(n<0||r<0||i<0||o<0||l<0||c<0)return null;if(r<1||r>12||i<1||i>31||o>23||l>59||c>60)return NaN;let u=Date.UTC(n,r-1,i,o,l,c);return!Number.isFinite(u)||new Date(Date.UTC(n,r-1,i)).getUTCDate()!==i?NaN:u/1e3}function en(s,e,t){for(let n=0;n<t.length;n++)if(s[e+n]!==t[n])return!1;return!0}function ir(s,e){let t=e;for(let n=s[t];n!==34;n=s[++t])if(n===92)return-1;return t}function Vl(s,e,t,n){for(let r=0;r<t;r++){let i=s.keyStart(r);if(s.keyEnd(r)-i===n.length&&en(e,i,n))return s.keyEnd(r)+2}return-1}var Yl,zl,Jl,Kl,qp,Fp,Up,Gl,Pt,fs,Hp,qt,or=v((function(){is();Qs();Yl=new TextDecoder("utf-8",{fatal:!0}),zl=ds('{"schema":'),Jl=ds(',"seq":'),Kl=ds(',"at":"'),qp=ds(',"event":{');a(ds,"bytesOf");Fp=[1e9,1e8,1e7,1e6,1e5,1e4,1e3,100,10,1],Up=new Map([...rs].map(([s,e])=>[s,e.map(([t])=>ds(t))])),Gl=4096,Pt=class{static{a(this,"InternTable")}#e=new Map;#t=0;get(e,t,n){let r=n-t,i=2166136261^r;for(let u=t;u<n;u++)i=Math.imul(i^e[u],16777619);let o=this.#e.get(i);if(o!==void 0)e:for(let u of o){let h=u.bytes;if(h.length===r){for(let f=0;f<r;f++)if(h[f]!==e[t+f])continue e;return u}}let l=Yl.decode(e.subarray(t,n)),c={bytes:e.slice(t,n),text:l,added:Up.get(l)??[],events:new Map};return this.#t>=Gl&&(this.#e.clear(),this.#t=0,o=void 0),o===void 0&&this.#e.set(i,o=[]),o.push(c),this.#t++,c}},fs=class{static{a(this,"LightLines")}checker=new ve;schema=0;seq=0;atStart=0;atEnd=0;type="";#e=null;run=null;success=void 0;sec=0;nanos=0;#t=new qt;#s=new Pt;#n=new Pt;#r=0;#o=null;#i=null;#a(e){let t=this.#r=e.same,n=e.memory;if((t&3)===2){let r=e.typeValueAt;this.#o=this.#s.get(n,r+1,ir(n,r+1))}if(t>>2===2){let r=e.runValueAt;this.#i=this.#n.get(n,r+1,ir(n,r+1)).text}}read(e,t){let n=this.checker,r=n.check(e,t);if(r<0||(this.#a(n),n.outerKeys!==4))return!1;let i=n.memory;if(!en(i,e,zl))return!1;let o=e+zl.length,l=0,c=o;for(let $=i[o];$>=48&&$<=57;$=i[++o])l=l*10+$-48;if(o===c||l<1||!en(i,o,Jl))return!1;o+=Jl.length;let u=o,h=0;for(let $=i[o];$>=48&&$<=57;$=i[++o])h=h*10+$-48;if(o===u||!en(i,o,Kl))return!1;o+=Kl.length;let f=o;for(;i[o]!==34;){if(i[o]===92)return!1;o++}if(!en(i,o+1,qp))return!1;let d=n.typeValueAt;if(d===0||i[d]!==34)return!1;let p=this.#r,m;if((p&3)===1&&this.#o!==null)m=this.#o;else{let $=ir(i,d+1);if($<0||$===d+1)return!1;m=this.#s.get(i,d+1,$)}if(m.text==="")return!1;let g=null,k=n.runValueAt;if(k!==0&&i[k]===34)if(p>>2===1&&this.#i!==null)g=this.#i;else{let $=ir(i,k+1);if($<0)return!1;g=this.#n.get(i,k+1,$).text}let b,x=Vl(n,i,r,Hp);if(x>=0&&i[x]===116?b=!0:x>=0&&i[x]===102&&(b=!1),l<=2){for(let $ of m.added)if(Vl(n,i,r,$)<0)return!1}return this.schema=l,this.seq=h,this.atStart=f,this.atEnd=o,this.type=m.text,this.#e=m,this.run=g,this.success=b,!0}time(){let e=this.#t,t=e.read(this.checker.memory,this.atStart,this.atEnd);return t===!0&&(this.sec=e.sec,this.nanos=e.nanos),t}at(){return Ft(this.checker.memory,this.atStart,this.atEnd)}event(){return Xi(this.#e,this.run,this.success)}};a(Xi,"lightEventOf");a(Ft,"textOf");Hp=ds("success"),qt=class{static{a(this,"TimeReader")}sec=0;nanos=0;#e=new Uint8Array(19);#t=NaN;read(e,t,n){let r=n-t;if(r<20||e[n-1]!==90)return null;let i=0,o=0;if(r>20){if(e[t+19]!==46||r>30)return null;for(let u=t+20;u<n-1;u++){let h=e[u]-48;if(h<0||h>9)return null;i=i*10+h,o++}if(o===0)return null}let l=this.#e,c=this.#t===this.#t;for(let u=0;c&&u<19;u++)c=l[u]===e[t+u];if(!c){let u=Bp(e,t);if(u===null)return null;if(Number.isNaN(u))return!1;l.set(e.subarray(t,t+19)),this.#t=u}return this.sec=this.#t,this.nanos=o===0?0:i*Fp[o],!0}};a(Bp,"secondsOf");a(en,"startsWith");a(ir,"stringEnd");a(Vl,"valueAt")}));function tn(s,e,t){for(let n=0;n<t.length;n++)s[e+n]=t[n];return e+t.length}function sn(s,e,t,n){if(n-t>64)return s.copyWithin(e,t,n),e+n-t;for(let r=t;r<n;r++)s[e++]=s[r];return e}function Zi(s,e,t){for(let n=e+1;n<t-1;n++)if(s[n]===92)return!1;return!0}function Xl(s,e,t){if(t-e>16)return-1;let n=0;for(let r=e;r<t;r++){let i=s[r]-48;if(i<0||i>9)return-1;n=n*10+i}return t>e&&n<=Number.MAX_SAFE_INTEGER?n:-1}function om(s,e){let t=w.eventKeys;for(let n=0;n<2*w.eventKeyCount;n+=2)if(t[n+1]-t[n]===e.length&&qe(s,t[n],e))return!0;return!1}function qe(s,e,t){for(let n=0;n<t.length;n++)if(s[e+n]!==t[n])return!1;return!0}function ce(){let s=w.m,e=w.e,t=w.i;for(;t<e;t++){let n=s[t];if(n!==32&&n!==9&&n!==13&&n!==10)break}w.i=t}function am(){w.schemaS=w.seqS=w.atS=w.eventS=w.typeS=w.runS=w.successS=-1,w.eventKeyCount=0,w.others=0,ce();let s=w.m,e=w.w;if(w.i>=w.e||s[w.i]!==123||(w.i++,ce(),w.i<w.e&&s[w.i]===125))return!1;for(;;){if(w.i>=w.e||s[w.i]!==34)return!1;let t=w.o+1;if(!no())return!1;let n=w.o-1;if(!ec(t,n,0)||(ce(),w.i>=w.e||s[w.i]!==58))return!1;w.i++,e[w.o++]=58,ce();let r=n-t;if(r===5&&qe(e,t,Vp)){if(w.i>=w.e||s[w.i]!==123||(w.eventS=w.o,!tc(1,!0)))return!1;w.eventE=w.o}else{let o=w.o;if(!so(1))return!1;if(r===6&&qe(e,t,zp))w.schemaS=o,w.schemaE=w.o;else if(r===3&&qe(e,t,Jp))w.seqS=o,w.seqE=w.o;else if(r===2&&qe(e,t,Kp))w.atS=o,w.atE=w.o;else{if(r===9&&qe(e,t,Yp)||r===4&&qe(e,t,Gp)||r===6&&qe(e,t,Xp)||w.others>=ps)return!1;w.otherS[w.others]=t-1,w.otherE[w.others]=w.o,w.others++}}if(ce(),w.i>=w.e)return!1;let i=s[w.i++];if(i===44){ce();continue}if(i!==125)return!1;break}return w.eventS<0?!1:(ce(),w.i===w.e)}function ec(s,e,t){let n=w.w,r=e-s,i=r>0;for(let l=s;i&&l<e;l++)i=n[l]>=48&&n[l]<=57;if(i)return!1;let o=w.keys;for(let l=t;l<w.kt;l+=2){let c=o[l];if(o[l+1]-c!==r)continue;let u=!0;for(let h=0;h<r;h++)if(n[c+h]!==n[s+h]){u=!1;break}if(u)return!1}return w.kt>=2*ps?!1:(o[w.kt]=s,o[w.kt+1]=e,w.kt+=2,!0)}function so(s){if(w.i>=w.e)return!1;let e=w.m[w.i];return e===34?no():e===123?tc(s,!1):e===91?hm(s):e===116?Qi(lm):e===102?Qi(cm):e===110?Qi(um):fm()}function Qi(s){let e=w.m,t=w.w;if(w.i+s.length>w.e)return!1;for(let n=0;n<s.length;n++){if(e[w.i+n]!==s[n])return!1;t[w.o+n]=s[n]}return w.i+=s.length,w.o+=s.length,!0}function tc(s,e){if(s>=Ql)return!1;let t=w.m,n=w.w;w.i++,n[w.o++]=123;let r=w.kt;if(ce(),w.i<w.e&&t[w.i]===125)return w.i++,n[w.o++]=125,!0;for(;;){if(w.i>=w.e||t[w.i]!==34)return!1;let i=w.o+1;if(!no())return!1;let o=w.o-1;if(!ec(i,o,r)||(ce(),w.i>=w.e||t[w.i]!==58))return!1;w.i++,n[w.o++]=58,ce();let l=w.o;if(!so(s+1))return!1;if(e){let u=o-i;if(u===4&&qe(n,i,Zp)){if(n[l]!==34)return!1;w.typeS=l,w.typeE=w.o}else u===3&&qe(n,i,Qp)?(w.runS=l,w.runE=w.o):u===7&&qe(n,i,em)&&(w.successS=l)}if(ce(),w.i>=w.e)return!1;let c=t[w.i++];if(c===44){n[w.o++]=44,ce();continue}if(c!==125)return!1;n[w.o++]=125;break}if(e){let i=w.kt-r>>1;w.eventKeys.set(w.keys.subarray(r,w.kt)),w.eventKeyCount=i}return w.kt=r,!0}function hm(s){if(s>=Ql)return!1;let e=w.m,t=w.w;if(w.i++,t[w.o++]=91,ce(),w.i<w.e&&e[w.i]===93)return w.i++,t[w.o++]=93,!0;for(;;){if(!so(s+1)||(ce(),w.i>=w.e))return!1;let n=e[w.i++];if(n===44){t[w.o++]=44,ce();continue}return n!==93?!1:(t[w.o++]=93,!0)}}function no(){let s=w.m,e=w.w,t=w.e,n=w.i+1,r=w.o;for(e[r++]=34;;){let i=n;for(;i<t&&ms[s[i]]===0;)i++;if(i-n>=48)e.set(s.subarray(n,i),r),r+=i-n;else for(let h=n;h<i;h++)e[r++]=s[h];if(n=i,n>=t)return!1;let o=s[n],l=ms[o];if(l===1)return e[r++]=34,w.i=n+1,w.o=r,!0;if(l===3)return!1;if(l===4){if(o<194)return!1;if(o<224){if(n+1>=t||(s[n+1]&192)!==128)return!1;e[r]=o,e[r+1]=s[n+1],r+=2,n+=2;continue}if(o<240){if(n+2>=t)return!1;let p=s[n+1],m=s[n+2];if((p&192)!==128||(m&192)!==128||o===224&&p<160||o===237&&p>=160)return!1;e[r]=o,e[r+1]=p,e[r+2]=m,r+=3,n+=3;continue}if(o>244||n+3>=t)return!1;let h=s[n+1],f=s[n+2],d=s[n+3];if((h&192)!==128||(f&192)!==128||(d&192)!==128||o===240&&h<144||o===244&&h>=144)return!1;e[r]=o,e[r+1]=h,e[r+2]=f,e[r+3]=d,r+=4,n+=4;continue}if(n+1>=t)return!1;let c=s[n+1];if(c!==117){if(c===34||c===92)e[r]=92,e[r+1]=c,r+=2;else if(c===47)e[r++]=47;else if(c===98||c===102||c===110||c===114||c===116)e[r]=92,e[r+1]=c,r+=2;else return!1;n+=2;continue}let u=Zl(s,n+2,t);if(u<0)return!1;if(n+=6,u>=55296&&u<=56319){if(n+5<t&&s[n]===92&&s[n+1]===117){let h=Zl(s,n+2,t);if(h>=56320&&h<=57343){u=65536+(u-55296<<10)+(h-56320),n+=6,e[r]=240|u>>18,e[r+1]=128|u>>12&63,e[r+2]=128|u>>6&63,e[r+3]=128|u&63,r+=4;continue}}r=eo(e,r,u);continue}if(u>=56320&&u<=57343){r=eo(e,r,u);continue}if(u<32){let h=ys[u];h!==0?(e[r]=92,e[r+1]=h,r+=2):r=eo(e,r,u)}else u===34||u===92?(e[r]=92,e[r+1]=u,r+=2):u<128?e[r++]=u:u<2048?(e[r]=192|u>>6,e[r+1]=128|u&63,r+=2):(e[r]=224|u>>12,e[r+1]=128|u>>6&63,e[r+2]=128|u&63,r+=3)}}function Zl(s,e,t){if(e+4>t)return-1;let n=Ut[s[e]],r=Ut[s[e+1]],i=Ut[s[e+2]],o=Ut[s[e+3]];return(n|r|i|o)<0?-1:n<<12|r<<8|i<<4|o}function eo(s,e,t){return s[e]=92,s[e+1]=117,s[e+2]=lr[t>>12],s[e+3]=lr[t>>8&15],s[e+4]=lr[t>>4&15],s[e+5]=lr[t&15],e+6}function fm(){let s=w.m,e=w.w,t=w.e,n=w.i,r=n,i=s[r]===45;if(i&&r++,r>=t)return!1;if(s[r]===48)r++;else if(s[r]>=49&&s[r]<=57)for(;r<t&&s[r]>=48&&s[r]<=57;)r++;else return!1;let o=r,l=!0;if(r<t&&s[r]===46){l=!1,r++;let p=r;for(;r<t&&s[r]>=48&&s[r]<=57;)r++;if(r===p)return!1}if(r<t&&(s[r]===101||s[r]===69)){l=!1,r++,r<t&&(s[r]===43||s[r]===45)&&r++;let p=r;for(;r<t&&s[r]>=48&&s[r]<=57;)r++;if(r===p)return!1}w.i=r;let c=w.o,u=o-n-(i?1:0);if(l&&u<=15){if(i&&u===1&&s[n+1]===48)e[c++]=48;else for(let p=n;p<r;p++)e[c++]=s[p];return w.o=c,!0}let h="";for(let p=n;p<r;p++)h+=String.fromCharCode(s[p]);let f=Number(h),d=Number.isFinite(f)?String(f):"null";if(d.length>r-n&&(w.growth+=d.length-(r-n),w.growth>to))return!1;for(let p=0;p<d.length;p++)e[c++]=d.charCodeAt(p);return w.o=c,!0}var Ql,ps,to,ar,ms,lr,Ut,ys,Wp,te,zp,Jp,Kp,Vp,Yp,Gp,Xp,Zp,Qp,em,tm,sm,nm,rm,im,gs,w,lm,cm,um,ro=v((function(){Ze();or();Ql=128,ps=1024,to=64,ar=1024*1024,ms=new Uint8Array(256);for(let s=0;s<32;s++)ms[s]=3;ms[34]=1;ms[92]=2;for(let s=128;s<256;s++)ms[s]=4;lr=new Uint8Array([48,49,50,51,52,53,54,55,56,57,97,98,99,100,101,102]),Ut=new Int8Array(256).fill(-1);for(let s=0;s<10;s++)Ut[48+s]=s;for(let s=0;s<6;s++)Ut[65+s]=Ut[97+s]=10+s;ys=new Uint8Array(32);ys[8]=98;ys[9]=116;ys[10]=110;ys[12]=102;ys[13]=114;Wp=new TextEncoder,te=a(s=>Wp.encode(s),"ASCII_OF"),zp=te("schema"),Jp=te("seq"),Kp=te("at"),Vp=te("event"),Yp=te("__proto__"),Gp=te("task"),Xp=te("number"),Zp=te("type"),Qp=te("run"),em=te("success"),tm=te('{"schema":'),sm=te(',"seq":'),nm=te(',"at":'),rm=te(',"event":'),im=te('"1970-01-01T00:00:00Z"'),gs=class{static{a(this,"ForeignLines")}out=new Uint8Array(0);outLen=0;start=0;end=0;schema=0;seq=-1;atStart=0;atEnd=0;event={type:""};sec=0;nanos=0;#e=new qt;#t=new Pt;#s=new Pt;reset(){this.outLen=0}read(e,t,n){let r=n-t,i=2*r+2*to+512;this.outLen===0&&this.out.length>4*ar&&i<=ar?this.out=new Uint8Array(ar):this.outLen+i>this.out.length&&(this.out=new Uint8Array(Math.max(2*this.out.length,ar,i)),this.outLen=0);let o=this.out,l=this.outLen+r+to+256;if(w.m=e,w.w=o,w.i=t,w.e=n,w.o=l,w.kt=0,w.growth=0,!am()||w.typeS<0||!Zi(o,w.typeS,w.typeE))return!1;let c=this.#t.get(o,w.typeS+1,w.typeE-1);if(c.text==="")return!1;let u=1;if(w.schemaS>=0&&(u=Xl(o,w.schemaS,w.schemaE),u<1))return!1;let h=-1;if(w.seqS>=0&&(h=Xl(o,w.seqS,w.seqE),h<0)||w.atS>=0&&o[w.atS]!==34)return!1;if(u<=2){for(let b of c.added)if(!om(o,b))return!1}let f=null;if(w.runS>=0&&o[w.runS]===34){if(!Zi(o,w.runS,w.runE))return!1;f=this.#s.get(o,w.runS+1,w.runE-1).text}let d;if(w.successS>=0){let b=o[w.successS];b===116?d=!0:b===102&&(d=!1)}let p=this.outLen,m=p;p=tn(o,p,tm),w.schemaS>=0?p=sn(o,p,w.schemaS,w.schemaE):o[p++]=49,h>=0&&(p=tn(o,p,sm),p=sn(o,p,w.seqS,w.seqE)),p=tn(o,p,nm);let g;if(w.atS>=0){if(!Zi(o,w.atS,w.atE))return!1;g=p+1,p=sn(o,p,w.atS,w.atE)}else g=p+1,p=tn(o,p,im);let k=p-1;p=tn(o,p,rm),p=sn(o,p,w.eventS,w.eventE);for(let b=0;b<w.others;b++)o[p++]=44,p=sn(o,p,w.otherS[b],w.otherE[b]);return o[p++]=125,o[p++]=10,this.outLen=p,this.start=m,this.end=p,this.schema=u,this.seq=h,this.atStart=g,this.atEnd=k,this.event=Xi(c,f,d),!0}at(){return Ft(this.out,this.atStart,this.atEnd)}time(){let e=this.#e,t=e.read(this.out,this.atStart,this.atEnd);return t===!0&&(this.sec=e.sec,this.nanos=e.nanos),t}},w={m:new Uint8Array(0),w:new Uint8Array(0),i:0,e:0,o:0,keys:new Int32Array(2*ps),kt:0,growth:0,schemaS:-1,schemaE:-1,seqS:-1,seqE:-1,atS:-1,atE:-1,eventS:-1,eventE:-1,typeS:-1,typeE:-1,runS:-1,runE:-1,successS:-1,eventKeys:new Int32Array(2*ps),eventKeyCount:0,otherS:new Int32Array(ps),otherE:new Int32Array(ps),others:0};a(tn,"put");a(sn,"copy");a(Zi,"plainString");a(Xl,"integerOf");a(om,"hasEventKey");a(qe,"equalAt");a(ce,"ws");a(am,"envelope");a(ec,"newKey");a(so,"value");lm=te("true"),cm=te("false"),um=te("null");a(Qi,"literal");a(tc,"object");a(hm,"array");a(no,"string");a(Zl,"hex4");a(eo,"escapeUnit");a(fm,"number")}));function Fe(s){let{schema:e,seq:t,at:n,event:r,...i}=s,o={schema:e};t!==void 0&&(o.seq=t),o.at=n,o.event=r;for(let l in i)o[l]=i[l];return JSON.stringify(o)}var ws=v((function(){a(Fe,"encodeEnvelope")}));function yt(s){if(s.light===!0||s.json!==void 0)return s.json;let e=s.text;if(e===void 0||s.upgraded||!gm(s.env,e))return Fe(s.env);if(mm(e))return e;try{return Fe(s.env)}catch(t){if(t instanceof RangeError)return e;throw t}}function mm(s){let e=dm??=new ve,t=e.room;if(s.length>t.length)return!1;let{read:n,written:r}=pm.encodeInto(s,t);return n!==s.length?!1:e.check(t.byteOffset,t.byteOffset+r)>=0}function gm(s,e){let t=s.seq===void 0?`{"schema":${s.schema},"at":`:`{"schema":${s.schema},"seq":${s.seq},"at":`;if(!e.startsWith(t))return!1;let n=0;for(let r in s)n++;return n===(s.seq===void 0?3:4)}function io(s){return Object.hasOwn(s,"task")||Object.hasOwn(s,"number")}function st(s,e){if(s.light!==!0&&io(s.env))return JSON.stringify(ze(s.env,e));let t=yt(s);return s.light===!0||t.startsWith('{"schema":')?`{"task":${JSON.stringify(e.id)},"number":${e.number},${t.slice(1)}`:JSON.stringify(ze(s.env,e))}var dm,pm,wt=v((function(){Ze();ws();Qs();a(yt,"readFormText");dm=null,pm=new TextEncoder;a(mm,"isStringifyForm");a(gm,"isReadForm");a(io,"namesTagKeys");a(st,"taggedText")}));function ym(s){let e=s.event,t={type:e.type};return typeof e.run=="string"&&(t.run=e.run),typeof e.success=="boolean"&&(t.success=e.success),{schema:s.schema,seq:s.seq,at:s.at,event:t}}function ic(s,e,t,n,r){let i=cr.read(s,e,t);return i!==!0?i:cr.sec>n||cr.sec===n&&cr.nanos>=r}async function*fo(s,e,t={}){let n=await ee(s);if(n!==null)try{let r=t.from??0,i=t.to??n.statSync().size;r>0&&await n.seek(r,Deno.SeekMode.Start);let o=t.json===!0,l=e.length===0,c=o&&t.light===!0,u=new fs,h=new gs,f=u.checker,d=[...new Set(e)].map(_=>rc.encode(_)).filter(_=>_.length>=3&&_.length<ur&&!_.includes(10)).slice(0,16);d.forEach((_,M)=>f.memory.set(_,oo+M*ur));let p=Math.max(1,t.chunkBytes??1024*1024),m=t.lineBytesMax??64*1024*1024,g=l&&r===0?0:-1,k=0,b=r,x=!1,$=a((_,M)=>t.onProblem?.({path:s,line:Math.max(g,0),offset:M,reason:_}),"problem");for(;b+k<i;){t.signal?.throwIfAborted();let _=Math.min(p,i-b-k);f.grow(Ue+k+_+16);let M=0;for(;M<_;){let q=n.readSync(f.memory.subarray(Ue+k+M,Ue+k+_));if(q===null||q===0)break;M+=q}if(M===0)break;let C=k+M,O=Ue+C,B=f.sol(Ue,O);if(B===Ue){x||C>m?(x=!0,b+=C,k=0):k=C;continue}let G=f.memory,se=[];h.reset();let At=a((q,U)=>{if(U===q)return;let F=Math.max(g,0);if(c&&u.read(q,U)){let Z=new ao(u.schema,u.seq,u.event(),u,u.atStart,u.atEnd);se.push(new lo(Z,G,q,U+1,F))}else if(c&&h.read(G,q,U)){let Z=h.out,L=new co(h.schema,h.seq,h.event,Z,h.atStart,h.atEnd);se.push(new uo(L,Z,h.start,h.end,F,G,q,U))}else ke(G,q,U,F)},"take"),ke=a((q,U,F,Z)=>{let L=pe(q.subarray(U,F)),fe=z(L);if(!fe.ok){L.trim()!==""&&$(fe.reason,b+U-Ue);return}if(!o){se.push({env:fe.env,upgraded:fe.upgraded,text:L,line:Z});return}let ct=JSON.stringify(fe.env),Mt=ct===L?L:ct;c&&!io(fe.env)?se.push({light:!0,env:ym(fe.env),upgraded:fe.upgraded,text:L,json:Mt,line:Z}):se.push({env:fe.env,upgraded:fe.upgraded,text:L,line:Z,json:Mt})},"slowLine"),X=Ue;if(x&&(X=f.eol(Ue,B)+1,g>=0&&g++,$("line is longer than the reader's limit",b),x=!1),l)for(;X<B;){let q=f.eol(X,B);g>=0&&g++,At(X,q),X=q+1}else{let q=d.map(()=>-2);for(;;){let U=-1;for(let L=0;L<d.length;L++)q[L]!==-1&&q[L]<X&&(q[L]=f.find(X,B,oo+L*ur,d[L].length)),q[L]>=0&&(U<0||q[L]<U)&&(U=q[L]);if(U<0)break;let F=f.sol(X,U),Z=f.eol(U,B);At(F,Z),X=Z+1}}k=O-B,b+=B-Ue,se.length>0&&(yield se),k>0&&f.copy(Ue,B,k),k>m&&(x=!0,b+=k,k=0)}}finally{n.close()}}function oc(){let s=new ve,e=s.room;return t=>{if(t.length>=e.length)return null;let n=rc.encodeInto(t,e).written;return n!==t.length?null:vm(s,t,e.byteOffset,e.byteOffset+n)}}function bm(s){return wm.get(s)??km}function ho(s,e){return s.slice(e,s.indexOf('"',e))}function sc(s,e){let t=ho(s,e);return t.includes("\\")?null:t}function vm(s,e,t,n){let r=s.check(t,n);if(r<0)return null;let i=s.same,o=s.typeValueAt-t,l=s.runValueAt-t;if((i&3)===2&&(s.typeText=ho(e,o+1)),i>>2===2&&(s.runText=ho(e,l+1)),s.outerKeys!==4||!e.startsWith('{"schema":'))return null;let c=10,u=0;for(let x=e.charCodeAt(c);x>=48&&x<=57;x=e.charCodeAt(++c))u=u*10+x-48;if(c===10||u<1||!e.startsWith(',"seq":',c))return null;c+=7;let h=c,f=0;for(let x=e.charCodeAt(c);x>=48&&x<=57;x=e.charCodeAt(++c))f=f*10+x-48;if(c===h||!e.startsWith(',"at":"',c))return null;c+=7;let d=e.indexOf('"',c),p=e.slice(c,d);if(p.includes("\\")||!e.startsWith(',"event":{',d+1)||o<0||e.charCodeAt(o)!==34)return null;let m=(i&3)!==0?s.typeText:sc(e,o+1);if(m===null||m==="")return null;let g={type:m};if(l>=0&&e.charCodeAt(l)===34){let x=i>>2!==0?s.runText:sc(e,l+1);if(x===null)return null;g.run=x}let k=nc(s,e,t,r,"success");if(k>=0&&e.startsWith("true",k)?g.success=!0:k>=0&&e.startsWith("false",k)&&(g.success=!1),u<=2){for(let x of bm(m))if(nc(s,e,t,r,x)<0)return null}return{env:{schema:u,seq:f,at:p,event:g},light:!0,upgraded:!1,text:e,line:0,json:e}}function nc(s,e,t,n,r){for(let i=0;i<n;i++){let o=s.keyStart(i)-t,l=s.keyEnd(i)-t;if(l-o===r.length&&e.startsWith(r,o))return l+2}return-1}var oo,ur,Ue,rc,cr,ao,lo,co,uo,wm,km,po=v((function(){Ae();ro();Qs();or();Je();wt();is();K();a(ym,"lightEnvelopeOf");oo=ve.ROOM_AT,ur=256,Ue=oo+16*ur,rc=new TextEncoder,cr=new qt;a(ic,"atOrAfter");ao=class{static{a(this,"LightEnv")}schema;seq;event;lines;atStart;atEnd;#e;constructor(e,t,n,r,i,o){this.schema=e,this.seq=t,this.event=n,this.lines=r,this.atStart=i,this.atEnd=o}get at(){return this.#e??=Ft(this.lines.checker.memory,this.atStart,this.atEnd)}atOrAfter(e,t){return ic(this.lines.checker.memory,this.atStart,this.atEnd,e,t)}},lo=class{static{a(this,"InPlaceRecord")}env;mem;start;end;line;light;upgraded;#e;constructor(e,t,n,r,i){this.env=e,this.mem=t,this.start=n,this.end=r,this.line=i,this.light=!0,this.upgraded=!1}get bytes(){return this.mem.subarray(this.start,this.end)}get text(){return this.#e??=pe(this.mem.subarray(this.start,this.end-1))}get json(){return this.text}},co=class{static{a(this,"ForeignEnv")}schema;event;mem;atStart;atEnd;#e;seq;constructor(e,t,n,r,i,o){this.schema=e,this.event=n,this.mem=r,this.atStart=i,this.atEnd=o,this.seq=t<0?void 0:t}get at(){return this.#e??=Ft(this.mem,this.atStart,this.atEnd)}atOrAfter(e,t){return ic(this.mem,this.atStart,this.atEnd,e,t)}},uo=class{static{a(this,"ForeignRecord")}env;mem;start;end;line;src;srcStart;srcEnd;light;upgraded;constructor(e,t,n,r,i,o,l,c){this.env=e,this.mem=t,this.start=n,this.end=r,this.line=i,this.src=o,this.srcStart=l,this.srcEnd=c,this.light=!0,this.upgraded=!1}get bytes(){return this.mem.subarray(this.start,this.end)}get text(){return pe(this.src.subarray(this.srcStart,this.srcEnd))}get json(){return Ft(this.mem,this.start,this.end-1)}};a(fo,"scanLog");a(oc,"lightLines");wm=new Map([...rs].map(([s,e])=>[s,e.map(([t])=>t)])),km=[];a(bm,"addedFieldsOf");a(ho,"quotedAt");a(sc,"stringAt");a(vm,"lightRecord");a(nc,"valueAt")}));async function kt(s){let e=await ee(s);if(e===null)return 0;try{return await ls(e,e.statSync().size)+1}finally{e.close()}}var hr=v((function(){K();a(kt,"completeLinesEnd")}));var Ce,mo=v((function(){Ce=class{static{a(this,"Wakeup")}#e=!1;#t=null;wake(){if(this.#t){let e=this.#t;this.#t=null,e()}else this.#e=!0}wait(e,t){return t?.throwIfAborted(),this.#e?(this.#e=!1,Promise.resolve()):new Promise((n,r)=>{let i=a(()=>{clearTimeout(l),t?.removeEventListener("abort",o),this.#t=null},"done"),o=a(()=>{i(),r(t.reason)},"onAbort"),l=setTimeout(()=>{i(),n()},e);this.#t=()=>{i(),n()},t?.addEventListener("abort",o,{once:!0})})}}}));function nt(s,e,t={}){let n=null;try{n=Deno.watchFs(s,{recursive:t.recursive??!0})}catch{return()=>{}}let r=n,i=!1,o=a(()=>{if(!i){i=!0,t.signal?.removeEventListener("abort",o);try{r.close()}catch{}}},"close");return t.signal?.addEventListener("abort",o,{once:!0}),(async()=>{try{for await(let l of r)e(l.paths)}catch{}})(),o}function nn(s,e){return s===""||!e.startsWith(s+"/")?null:e.slice(s.length+1).split("/")[0]||null}function dr(s){let e=null;try{e=Deno.lstatSync(s)}catch{}let t=fr.get(s);if(t){let r=!1;try{let i=t.statSync();r=e!==null&&e.isFifo===!0&&i.ino===e.ino&&i.dev===e.dev}catch{}if(r)return;fr.delete(s);try{t.close()}catch{}}if(e===null||!e.isFifo)return;let n;try{n=Deno.openSync(s,{read:!0,write:!0})}catch{return}if(!n.statSync().isFifo){n.close();return}fr.set(s,n)}function go(){return[...fr.keys()]}var fr,yo=v((function(){a(nt,"watchDir");a(nn,"taskDirOfPath");fr=new Map;a(dr,"holdFifo");a(go,"heldFifoPaths")}));var rn,ac=v((function(){K();rn=class{static{a(this,"OpenFiles")}#e=new Map;#t;constructor(e=256){this.#t=e}get(e){let t=this.#e.get(e);if(t!==void 0)this.#e.delete(e);else{if(t=Ke(e)??void 0,t===void 0)throw new Deno.errors.NotFound(`No such file: ${e}`);if(this.#e.size>=this.#t){let[n,r]=this.#e.entries().next().value;this.#e.delete(n),r.close()}}return this.#e.set(e,t),t}release(e){this.#e.get(e)?.close(),this.#e.delete(e)}close(){for(let e of this.#e.values())e.close();this.#e.clear()}}}));function lc(s){throw new Deno.errors.NotFound(`No such file: ${s}`)}function cc(s){on.delete(s),on.set(s,!0),on.size>xm&&on.keys().next().value.close()}function _m(s){let e=pr.get(s);return e===void 0&&(pr.size>=8&&pr.clear(),e=new Uint8Array(s),pr.set(s,e)),e}var Ht,xm,on,pr,an=v((function(){Je();Ae();K();hr();mo();yo();ac();wo();a(lc,"gone");Ht=class{static{a(this,"LogTail")}path;#e;#t;#s=null;#n=null;#r=!1;#o=!1;#i;#a;#l=0;#c;#u;constructor(e,t={}){this.path=e,this.#u=t,this.#e=t.from??0,this.#t=this.#e,this.#a=this.#e===0?0:-1,this.#i=new Q({offset:this.#e,lineBytesMax:t.lineBytesMax}),this.#c=t.chunkBytes??1024*1024}get offset(){return this.#e}#h(e){this.#u.onReset?.({path:this.path,reason:e,offset:this.#e}),this.#e=0,this.#t=0,this.#a=0,this.#i=new Q({offset:0,lineBytesMax:this.#u.lineBytesMax})}async read(e={}){if(e.to===void 0){if(this.#n!==null){let i=this.#f();if(i!==null)return i}let r=this.#p();if(r!==null)return this.#l=r,this.#y(new Uint8Array(0))}this.#w();let t;try{t=await ee(this.path)??lc(this.path)}catch(r){return this.#m(r)}let n=!1;try{let r=await t.stat(),i=this.#g(r,e.to);if(n=e.to===void 0&&r.isFile,i<=0)return this.#y(new Uint8Array(0));await t.seek(this.#t,Deno.SeekMode.Start);let o=new Uint8Array(i),l=0;for(;l<i;){let c=await t.read(o.subarray(l,i));if(c===null||c===0)break;l+=c}return this.#y(o.subarray(0,l))}finally{n?this.#d(t):t.close()}}#f(){let e=this.#n;cc(this),this.#o&&(this.#t=this.#e,this.#i=new Q({offset:this.#e,lineBytesMax:this.#u.lineBytesMax}));let t=_m(this.#c),n=0;try{for(e.seekSync(this.#t,Deno.SeekMode.Start);n<t.length;){let r=e.readSync(t.subarray(n));if(r===null||r===0||(n+=r,n<t.length))break}}catch{return null}return n===0?null:(this.#l=n<t.length?this.#t+n:1/0,this.#y(t.subarray(0,n)))}#p(){if(this.#r||this.#o)return null;let e;try{e=Deno.lstatSync(this.path)}catch{return null}return!e.isFile||e.size!==this.#t?null:(this.#s===null&&(this.#s=e.ino),e.ino===this.#s?e.size:null)}#d(e){this.#n=e,cc(this)}#w(){if(this.#n===null)return;let e=this.#n;this.#n=null,on.delete(this);try{e.close()}catch{}}close(){this.#w()}readSync(e={}){let t;try{t=e.files?.get(this.path)??Ke(this.path)??lc(this.path)}catch(n){return this.#m(n)}try{let n=this.#g(t.statSync(),e.to);if(n<=0)return this.#y(new Uint8Array(0));t.seekSync(this.#t,Deno.SeekMode.Start);let r=new Uint8Array(n),i=0;for(;i<n;){let o=t.readSync(r.subarray(i,n));if(o===null||o===0)break;i+=o}return this.#y(r.subarray(0,i))}finally{e.files||t.close()}}#m(e){if(!(e instanceof Deno.errors.NotFound))throw e;return this.#s!==null&&(this.#r=!0),this.#l=this.#e,{records:[],end:this.#e,caughtUp:!0,atEnd:!0}}#g(e,t){return this.#r||this.#s!==null&&e.ino!==null&&e.ino!==this.#s?(this.#r=!1,this.#h("replaced")):e.size<this.#e?this.#h("truncated"):(e.size<this.#t||this.#o)&&(this.#t=this.#e,this.#i=new Q({offset:this.#e,lineBytesMax:this.#u.lineBytesMax})),this.#s=e.ino,this.#l=t===void 0?e.size:Math.min(e.size,t),Math.min(this.#c,this.#l-this.#t)}#y(e){let t=[];if(e.length>0){let i=this.#e,o=this.#t;this.#t+=e.length;let{lines:l,end:c}=this.#i.push(e),u=this.#u.prefilter,h=-1;for(let f of l){if(h=e.indexOf(10,h+1),this.#a>=0&&this.#a++,f===""||u&&!u(f))continue;let d=Math.max(this.#a,0),p=h>=0?o+h+1:c,m=this.#u.light?.(f);if(m){m.line=d,m.end=p,t.push(m);continue}let g=z(f);g.ok?t.push({env:g.env,upgraded:g.upgraded,text:f,line:d,end:p}):f.trim()!==""&&this.#u.onProblem?.({path:this.path,line:d,offset:i,reason:g.reason})}this.#e=c}let n=this.#t>=this.#l,r=n&&this.#i.pendingBytes===0;return this.#o=n&&!r,{records:t,end:this.#e,caughtUp:r,atEnd:n}}},xm=256,on=new Map;a(cc,"touch");pr=new Map;a(_m,"scratch")}));var hc={};W(hc,{tailLog:()=>uc});async function*uc(s,e={}){let t=new Ht(s,e),n=new Ce,r=s.includes("/")?s.slice(0,s.lastIndexOf("/"))||"/":".",i=nt(r,()=>n.wake(),{signal:e.signal,recursive:!1});try{for(;;){e.signal?.throwIfAborted();let o=await t.read();(o.records.length>0||o.atEnd)&&(yield o),o.atEnd&&await n.wait(e.pollIntervalMs??1e3,e.signal)}}finally{i()}}var wo=v((function(){an();mo();yo();a(uc,"tailLog")}));var dc={};W(dc,{acquireTaskLock:()=>ln,isTaskRunning:()=>xe,tryServeLock:()=>ko});async function ln(s,e){let t=s.lockPath(e),n=await Deno.open(t,{read:!0,write:!0,create:!0}),r=!1;try{let i=Date.now()+$m;for(;!(r=await n.tryLock(!0))&&Date.now()<i;)await new Promise(o=>setTimeout(o,2))}catch(i){throw n.close(),new y("io",`Cannot lock ${t}: ${i.message}`)}if(!r)throw n.close(),new y("task-running",`Cannot run task ${e}: another process is running it (it holds ${t})`);return fc(n)}async function xe(s,e){let t;try{t=await Deno.open(s.lockPath(e),{read:!0})}catch{return!1}try{let n=await t.tryLock(!1);return n&&await t.unlock(),!n}catch{return!1}finally{t.close()}}async function ko(s){let e=await Deno.open(s.serveLockPath,{read:!0,write:!0,create:!0}),t=!0;try{t=await e.tryLock(!0)}catch{}return t?fc(e,s.serveLockPath):(e.close(),null)}function fc(s,e){let t=!0,n=a(()=>{if(t){if(t=!1,e!==void 0)try{Deno.removeSync(e)}catch{}try{s.unlockSync()}catch{}s.close()}},"release");return{release:n,[Symbol.dispose]:n}}var $m,rt=v((function(){A();$m=100;a(ln,"acquireTaskLock");a(xe,"isTaskRunning");a(ko,"tryServeLock");a(fc,"heldLock")}));function pc(s){return s==="succeeded"?0:s==="paused"?2:1}async function mc(s,e,t={}){let n=s.logPath(e.dir),r=await kt(n),i=t.after??0,o=t.keep??(()=>!0),l={run:null,ended:!1,success:!1,pausedSinceStart:!1,abandoned:!1,interrupted:!1},c=0,u=null;t.run!==void 0?l.run=await gt(n,t.run,r):(u=await cs(n,{to:r}),l.run=u?.run??(await Me(n,{to:r}))?.run??null),l.run!==null&&(c=await nr(n,l.run,i,{to:r,last:u??void 0}),c>0&&(i>0||c>=r)&&await Am(n,c,l,t.exactOutcome===!0));let h=t.follow||t.exactOutcome?Sm:[],f=t.needles&&t.needles.length>0?[...new Set([...t.needles,...h])]:null,d=f?x=>f.some($=>x.includes($)):void 0,p=a(x=>{let $=x.env.event,_=I($);return $.type==="run_started"&&_!==null&&(l.run===null&&(l.run=_),_===l.run?(l.ended=!1,l.pausedSinceStart=!1):l.ended||(l.abandoned=!0)),_===null||_!==l.run||($.type==="paused"?l.pausedSinceStart=!0:$.type==="run_finished"&&(l.ended=!0,l.success=$.success===!0),x.env.schema<2||typeof x.env.seq!="number"||x.env.seq<=i)?!1:o(x)},"step");async function*m(){if(l.run===null){if(r>0&&t.onProblem)for await(let $ of fo(n,[],{to:r,onProblem:t.onProblem,signal:t.signal}));return}if(c>=r)return;let x=fo(n,f??[],{from:c,to:r,json:t.json,light:t.json,onProblem:t.onProblem,signal:t.signal});for await(let $ of x){let _=$.filter(p);_.length>0&&(yield _)}}a(m,"replay");let g=0,k=null;async function*b(){let[{tailLog:x},{isTaskRunning:$}]=await Promise.all([Promise.resolve().then(()=>(wo(),hc)),Promise.resolve().then(()=>(rt(),dc))]);yield*m();for await(let _ of x(n,{from:Math.max(c,r),prefilter:d,onProblem:t.onProblem,onReset:a(M=>{l.ended=!1,l.pausedSinceStart=!1,t.onReset?.(M)},"onReset"),pollIntervalMs:t.pollIntervalMs,signal:t.signal})){let M=[];for(let C of _.records){let O=p(C);if(l.abandoned)break;O&&M.push(C)}if(M.length>0&&(yield M),l.abandoned||_.caughtUp&&l.run!==null&&l.ended)return;if(_.records.length>0&&(k=null),_.atEnd&&l.run!==null){let C=Date.now();if(C-g>=500&&(g=C,await $(s,e.dir)?k=null:k??=C),k!==null&&C-k>=Tm){l.ended||(l.interrupted=!0);return}}else k=null;if(_.records.length===0&&!await pt(s.taskJsonPath(e.dir)))throw new y("not-found",`Task #${e.number} (${e.dir}) was discarded while it was followed`)}}return a(b,"follow"),{batches:t.follow?b():m(),run:a(()=>l.run,"run"),outcome:a(()=>Em(l),"outcome")}}function Em(s){return s.run===null?"open":s.abandoned?"abandoned":s.interrupted?"interrupted":s.pausedSinceStart?"paused":s.ended?s.success?"succeeded":"failed":"open"}async function Am(s,e,t,n){let r=t.run,i=await sr(s,r,e);if(i?.event.type==="run_finished"?(t.ended=!0,t.success=i.event.success===!0):i?.event.type==="paused"&&(t.pausedSinceStart=!0),!n||t.pausedSinceStart)return;let o=-1;await ft(s,'"run_started"',(l,c)=>{let u=z(l);return!u.ok||u.env.event.type!=="run_started"||I(u.env.event)!==r?!1:(o=c,!0)},{to:e}),await ft(s,'"paused"',(l,c)=>{if(c<o)return!0;let u=z(l);return!u.ok||u.env.event.type!=="paused"||I(u.env.event)!==r?!1:(t.pausedSinceStart=!0,!0)},{to:e})}var Tm,Sm,gc=v((function(){J();A();dt();Ae();re();It();po();hr();a(pc,"exitStatusOf");Tm=3e3,Sm=['"run_started"','"run_finished"','"paused"'];a(mc,"followTask");a(Em,"outcomeOf");a(Am,"stateBefore")}));function P(s,e,t){let n={},r=[],i=a(f=>{throw new y("usage",`taskline ${s}: ${f}`)},"fail"),o=new Map;for(let[f,d]of Object.entries(t))d.short&&o.set(d.short,f);let l=a(f=>{let d=t[f].short;return d?`-${d}, --${f}`:`--${f}`},"label"),c=a(f=>i(`Unknown option '${f}'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${JSON.stringify(f)}`),"unknown"),u=a((f,d)=>{t[f].multiple?(n[f]??=[]).push(d):n[f]=d},"store"),h=a((f,d,p)=>{let m=e[d];return m===void 0&&i(`Option '${l(f)} <value>' argument missing`),m.length>1&&m[0]==="-"&&i(`Option '${p}' argument is ambiguous. Did you forget to specify the option argument for '${p}'?`),m},"nextValue");for(let f=0;f<e.length;f++){let d=e[f];if(d==="--"){r.push(...e.slice(f+1));break}if(d.startsWith("--")){let p=d.indexOf("="),m=p<0?d.slice(2):d.slice(2,p);Object.hasOwn(t,m)||c(p<0?d:d.slice(0,p)),t[m].type==="boolean"?(p>=0&&i(`Option '${l(m)}' does not take an argument`),u(m,!0)):p>=0?u(m,d.slice(p+1)):u(m,h(m,++f,`--${m}`));continue}if(d.length>1&&d[0]==="-"){for(let p=1;p<d.length;p++){if(d[p]==="-"){for(let g=p+1;g<d.length;g++){let k=o.get(d[g]);if(k!==void 0&&t[k].type==="string"&&g<d.length-1){r.push(`-${d.slice(g)}`);break}r.push(`-${d[g]}`)}return r.push(...e.slice(f+1)),{values:n,positionals:r}}let m=o.get(d[p]);if(m===void 0&&c(`-${d[p]}`),t[m].type==="boolean"){u(m,!0);continue}p+1<d.length?u(m,d.slice(p+1)):u(m,h(m,++f,`-${d[p]}`));break}continue}r.push(d)}return{values:n,positionals:r}}function mr(s,e){if(e===void 0)return;let t=String(e);if(!/^\d{1,15}$/.test(t))throw new y("usage",`--${s} takes a non-negative integer, not "${t.slice(0,40)}"`);return Number(t)}function bo(s){return s===void 0?[]:(Array.isArray(s)?s:[s]).flatMap(t=>String(t).split(",")).map(t=>t.trim()).filter(t=>t!=="")}var oe=v((function(){A();a(P,"parseArgs");a(mr,"intOption");a(bo,"listOption")}));function gr(s,e=Date.now()){let t=Re(s);if(t!==null)return t;let n=/^(?:(\d{1,6})d)?(?:(\d{1,7})h)?(?:(\d{1,9})m)?(?:(\d{1,10})s)?$/.exec(s);if(!n||s==="")throw new y("usage",`--since takes an RFC 3339 time (2026-01-02T03:04:05Z) or an age such as 90s, 15m, 2h, 1d, 1h30m, not "${s.slice(0,40)}"`);let[,r,i,o,l]=n,c=((Number(r??0)*24+Number(i??0))*60+Number(o??0))*6e4+Number(l??0)*1e3;return BigInt(e-c)*1000000n}var Bt,vo=v((function(){ut();A();a(gr,"parseSince");Bt=class{static{a(this,"EventFilter")}types;tasks;sinceNs;needles;#e;#t;constructor(e={}){let t=e.types?new Set(e.types):null,n=e.tasks?new Set(e.tasks):null;this.types=t&&t.size>0?t:null,this.tasks=n&&n.size>0?n:null,this.sinceNs=e.sinceNs??null,this.needles=this.types?[...this.types].map(l=>JSON.stringify(l)):null;let r=this.sinceNs??0n,i=r/1000000000n,o=r%1000000000n;o<0n&&(i-=1n,o+=1000000000n),this.#e=Number(i),this.#t=Number(o)}get all(){return this.types===null&&this.tasks===null&&this.sinceNs===null}get prefilter(){let e=this.needles;if(e!==null)return e.length===1?t=>t.includes(e[0]):t=>e.some(n=>t.includes(n))}keeps(e,t){if(this.types!==null&&!this.types.has(t.event.type)||this.tasks!==null&&(e===null||!this.tasks.has(e.id)))return!1;if(this.sinceNs!==null){let n=t.atOrAfter?.(this.#e,this.#t)??null;if(n!==null)return n;let r=Re(t.at);if(r===null||r<this.sinceNs)return!1}return!0}keepsAt(e,t,n,r){return!(this.types!==null&&!this.types.has(t)||this.tasks!==null&&!this.tasks.has(e.id)||this.sinceNs!==null&&(n<this.#e||n===this.#e&&r<this.#t))}}}));function Cm(s){if(s===`
`)return"\\n";if(s==="\r")return"\\r";if(s==="	")return"\\t";let e=s.codePointAt(0);return e<=255?`\\x${e.toString(16).padStart(2,"0")}`:e>65535?`\\u{${e.toString(16)}}`:`\\u${e.toString(16).padStart(4,"0")}`}function D(s,e={}){if(!vc.test(s))return s;let t=e.newline,n=e.tab;return s.replace(Mm,(r,i)=>r===`
`&&t!==void 0?t:r==="	"&&n!==void 0?n:(r==="\u200D"||r==="\u200C")&&Om(s,i)?r:Cm(r))}function Om(s,e){let t=s.codePointAt(e-1-(Lm(s.charCodeAt(e-1))?1:0)),n=s.codePointAt(e+1),r=a(i=>i!==void 0&&i>127&&!vc.test(String.fromCodePoint(i)),"ok");return e>0&&r(t)&&r(n)}function Lm(s){return s>=56320&&s<=57343}function ks(s){if(s<768)return 1;if(s>65535)return kc(s);let e=wc[s];if(e!==0)return e-1;let t=kc(s);return wc[s]=t+1,t}function kc(s){if(s>=4352&&s<=4447||s===9001||s===9002||s>=11904&&s<=12350||s>=12353&&s<=13311||s>=13312&&s<=19967||s>=19968&&s<=42191||s>=43360&&s<=43391||s>=44032&&s<=55203||s>=63744&&s<=64255||s>=65040&&s<=65049||s>=65072&&s<=65135||s>=65280&&s<=65376||s>=65504&&s<=65510||s>=94176&&s<=94207||s>=94208&&s<=101631||s>=101632&&s<=101775||s>=110576&&s<=111359||s>=127488&&s<=127743||s>=131072&&s<=262141)return yc.test(String.fromCodePoint(s))?0:2;let e=String.fromCodePoint(s);return yc.test(e)?0:Nm.test(e)?2:1}function it(s){let e=0;for(let t of s)e+=ks(t.codePointAt(0));return e}function xc(s,e){if(it(s)<=e)return s;let t="",n=0;for(let r of s){let i=ks(r.codePointAt(0));if(n+i>e-1)break;t+=r,n+=i}return t+"\u2026"}var bc,Mm,vc,yc,Nm,wc,Ye=v((function(){bc="[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\p{Cf}\\u115f\\u1160\\u3164\\uffa0]",Mm=new RegExp(bc,"gu"),vc=new RegExp(bc,"u");a(Cm,"escapeOf");a(D,"visible");a(Om,"joins");a(Lm,"isLowSurrogate");yc=/^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff]$/u,Nm=/^(?![\u{1f1e6}-\u{1f1ff}])\p{Emoji_Presentation}$/u;a(ks,"charWidth");wc=new Uint8Array(65536);a(kc,"widthOf");a(it,"displayWidth");a(xc,"cutColumns")}));var Sc={};W(Sc,{VERBOSE_TYPES:()=>Dm,describe:()=>Tc,oneLine:()=>E,renderEvent:()=>yr,timeOf:()=>$c,useColor:()=>$o});function $c(s){let e=Rm.exec(s);if(e)return`${e[1]}.${(e[2]??"").slice(0,3).padEnd(3,"0")}`;let t=Re(s);if(t===null)return"??:??:??.???";let n=Number(t/1000000n);return new Date(n).toISOString().slice(11,23)}function E(s,e=120){let t=D(String(s??"").replace(/[\r\n\t]+/g," ")).trim();if(t.length<=e)return t;let n=e-1,r=t.charCodeAt(n-1);return r>=55296&&r<=56319&&n--,t.slice(0,n)+"\u2026"}function He(s){return typeof s=="string"?D(s.slice(0,8)):"-"}function bt(s){if(typeof s!="number")return"-";if(!Number.isInteger(s))return String(s);let e=String(Math.abs(s));if(e.length<=3)return String(s);let t=e.slice(0,e.length%3||3);for(let n=t.length;n<e.length;n+=3)t+=","+e.slice(n,n+3);return s<0?"-"+t:t}function cn(s){if(typeof s!="number")return"-";if(s<1e3)return`${s}ms`;if(s<6e4)return`${(s/1e3).toFixed(1)}s`;let e=Math.floor(s/6e4),t=Math.round(s%6e4/1e3);return`${e}m${String(t).padStart(2,"0")}s`}function _c(s){if(typeof s!="object"||s===null)return"";let e=s;return`${bt(e.input_tokens)} in, ${bt(e.output_tokens)} out`}function jm(s,e){if(typeof s=="object"&&s!==null&&!Array.isArray(s)){let n=s;for(let r of["command","cmd","path","file","file_path","pattern","query","url"])if(typeof n[r]=="string")return E(n[r],e)}if(s===void 0)return"";let t;try{t=JSON.stringify(s)??""}catch{t=String(s)}return E(t,e)}function Im(s){return typeof s=="string"?` [${He(s)}]`:""}function Tc(s,e){let t=s.event;switch(t.type){case"run_started":return["\u25B6","info",`run ${He(t.run)} started`];case"run_finished":{let n=`(${cn(t.active_ms)}, ${_c(t.usage)})`,r=E(t.status,40);return t.success===!0?["\u2714","ok",`run ${He(t.run)} finished: ${r} ${n}`]:t.status==="failed"?["\u2718","bad",`run ${He(t.run)} failed ${n}`]:["\u25A0","warn",`run ${He(t.run)} stopped: ${r} ${n}`]}case"phase_started":return["\u25B8","info",`phase ${E(t.phase,40)} started`];case"phase_finished":return t.success===!0?["\u2714","ok",`phase ${E(t.phase,40)} done${t.summary?": "+E(t.summary,e):""}`]:["\u2718","bad",`phase ${E(t.phase,40)} failed${t.summary?": "+E(t.summary,e):""}`];case"agent_started":return["\u25CF","info",`${E(t.role,40)} started${t.model?" ("+E(t.model,60)+")":""}${Im(t.subtask)}`];case"agent_delta":return["\u2026","dim",`${E(t.role,40)}: ${E(t.delta?.text,e)}`];case"agent_text":return["\u201C","dim",`${E(t.role,40)}: ${E(t.text,e)}`];case"tool_called":return["\u2192","tool",`${E(t.role,40)} calls ${E(t.tool,40)} ${jm(t.input,e)}`.trimEnd()+` {${E(t.call,12)}}`];case"tool_returned":{let n=t.timed_out===!0?"timed out":typeof t.exit_code=="number"?`exit ${t.exit_code}`:t.is_error===!0?"error":"ok",r=E(t.preview,e);return[t.is_error===!0?"\u21A9":"\u2190",t.is_error===!0?"bad":"tool",`${E(t.tool,40)} ${n} in ${cn(t.duration_ms)}, ${bt(t.output_chars)} chars {${E(t.call,12)}}${r?": "+r:""}`]}case"agent_finished":return["\u25CB","info",`${E(t.role,40)} finished: ${E(t.stop,40)} after ${bt(t.steps)} steps (${_c(t.usage)})`];case"subtask_updated":return["\u25C6","info",`subtask ${He(t.subtask)} ${E(t.status,40)}`];case"subtask_integrated":{let n=Array.isArray(t.conflicts)?t.conflicts:[];return n.length===0?["\u2714","ok",`subtask ${He(t.subtask)} integrated at ${He(t.commit)}`]:["\u2718","bad",`subtask ${He(t.subtask)} conflicted: ${E(n.join(", "),e)}`]}case"committed":{let n=Array.isArray(t.files)?t.files.length:0;return["\u25CF","ok",`committed ${He(t.commit)} ${E(t.message,e)} (${n} file${n===1?"":"s"})`]}case"merged":return["\u2714","ok",`merged ${E(t.branch,60)||"?"} into ${E(t.base,60)||"?"} at ${He(t.commit)}`];case"validation_finished":return t.passed===!0?["\u2714","ok",`validation passed: ${E(t.command,e)}`]:["\u2718","bad",`validation failed${typeof t.exit_code=="number"?` (exit ${t.exit_code})`:""}: ${E(t.command,e)}`];case"budget_updated":return["$","dim",`budget: ${bt(t.tokens)}${typeof t.token_limit=="number"?"/"+bt(t.token_limit):""} tokens, ${cn(t.active_ms)}${typeof t.duration_limit_ms=="number"?"/"+cn(t.duration_limit_ms):""} active`];case"artefact_written":{let n=t.artefact??{};return["\u270E","info",`wrote the ${n.kind==="qa_report"?`QA report (round ${bt(n.round)})`:E(n.kind,40)}`]}case"approval_requested":return["?","warn",`waiting for approval of the ${E(t.gate,20)}`];case"approval_resolved":return t.approved===!0?["\u2714","ok",`${E(t.gate,20)} approved${t.comment?": "+E(t.comment,e):""}`]:["\u2718","bad",`${E(t.gate,20)} rejected${t.comment?": "+E(t.comment,e):""}`];case"retrying":return["\u21BB","warn",`retrying ${E(t.what,e)} (attempt ${bt(t.attempt)}, in ${cn(t.delay_ms)})`];case"paused":return["\u23F8","warn",`paused: ${E(t.reason,e)}`];case"log":{let n=String(t.level??"info"),r=/^(error|fatal)$/i.test(n)?"bad":/^warn/i.test(n)?"warn":"dim";return[r==="bad"?"\u2718":r==="warn"?"!":"\xB7",r,`${E(n,10)}: ${E(t.message,e)}`]}default:return["?","dim",`${E(t.type,60)} (unknown event${s.schema>2?`, schema ${s.schema}`:""})`]}}function yr(s,e={}){let[t,n,r]=Tc(s,e.textCharsMax??120),i=e.number!==void 0?`#${e.number} `:"",o=$c(s.at);return e.color?`${i}${xo.dim}${o}${_o} ${xo[n]}${t}${_o} ${n==="bad"||n==="warn"?xo[n]+r+_o:r}`:`${i}${o} ${t} ${r}`}function $o(s,e){let t=e("NO_COLOR");return s&&(t===void 0||t==="")}var Dm,xo,_o,Rm,un=v((function(){ut();Ye();Dm=new Set(["agent_delta","budget_updated"]),xo={ok:"\x1B[32m",bad:"\x1B[31m",warn:"\x1B[33m",tool:"\x1B[36m",info:"\x1B[1m",dim:"\x1B[2m"},_o="\x1B[0m",Rm=/^\d{4}-\d\d-\d\d[Tt](\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?[Zz]$/;a($c,"timeOf");a(E,"oneLine");a(He,"short");a(bt,"num");a(cn,"secs");a(_c,"tokens");a(jm,"toolInput");a(Im,"subtaskNote");a(Tc,"describe");a(yr,"renderEvent");a($o,"useColor")}));function Pm(s){return`#${s.number} (${s.dir})`}function wr(s,e){if(e.length===1)return e[0];let t=e.slice(0,10).map(Pm),n=t.length>1?`${t.slice(0,-1).join(", ")} and ${t[t.length-1]}`:t[0];throw new y("ambiguous-ref",`Cannot resolve task "${s}": it matches ${n}${e.length>10?" and more":""}`,{details:{candidates:e.map(r=>({number:r.number,dir:r.dir,id:r.id}))}})}function qm(s,e){let t=s.toLowerCase();return!/^[0-9a-f-]+$/.test(t)||t.replace(/-/g,"").length<4?[]:e.filter(n=>n.id.toLowerCase().startsWith(t))}function vt(s,e){let t=s.trim();if(t==="")throw new y("usage","A task reference cannot be empty");let n=/^#?(\d{1,15})$/.exec(t);if(n){let o=Number(n[1]),l=e.filter(c=>c.number===o);if(l.length>0)return wr(t,l);if(t.startsWith("#"))throw new y("not-found",`Cannot resolve task "${t}": no task has number ${o}`)}if(!n){let o=e.filter(l=>l.dir===t);if(o.length>0)return wr(t,o)}let r=e.filter(o=>o.id.toLowerCase()===t.toLowerCase());if(r.length>0)return wr(t,r);let i=qm(t,e);if(i.length>0)return wr(t,i);throw new y("not-found",`Cannot resolve task "${t.slice(0,100)}": no task matches`)}var kr=v((function(){A();a(Pm,"describe");a(wr,"decide");a(qm,"byIdPrefix");a(vt,"resolveRef")}));function Fm(s){return s.normalize("NFKD").replace(/[\u0300-\u036f]/g,"").toLowerCase().replace(/[^a-z0-9]+/g,"-").replace(/^-+|-+$/g,"").slice(0,40).replace(/-+$/,"")||"task"}function Um(s,e){return`${Ec(s)}${Fm(e)}`}function Ec(s){return`${String(s).padStart(3,"0")}-`}function Wt(s){let e=s.record.branch;return typeof e=="string"&&e!==""?e:`taskline/${s.dir}`}async function ge(s,e){let t=await hs(s.taskJsonPath(e));if(t===null)throw new y("bad-state",`Cannot read task ${e}: no task.json`);let n=t;if(typeof n!="object"||typeof n.id!="string"||!Number.isSafeInteger(n.number))throw new y("bad-state",`Cannot read task ${e}: task.json has no id or number`);if(n.number<1)throw new y("bad-state",`Cannot read task ${e}: task.json's number ${n.number} is not a task number (1 or more)`);return typeof n.title!="string"&&(n.title=e),typeof n.status!="string"&&(n.status="unknown"),{dir:e,id:n.id,number:n.number,record:n}}async function zt(s){return(await tt(s.tasksDir)).filter(e=>e.isDirectory&&!e.name.startsWith(".")).map(e=>e.name)}async function ye(s,e={}){let t=await zt(s),n=[];return await Promise.all(t.map(async r=>{try{n.push(await ge(s,r))}catch(i){e.onProblem?.({dir:r,reason:i.message})}})),n.sort(Mc)}async function Ac(s,e,t={}){let n=e.trim(),r=await zt(s),i=/^#?(\d{1,15})$/.exec(n),o=i?Number(i[1]):null,l=o!==null?r.filter(h=>Hm(h)===o):r.includes(n)?[n]:[],c=new Set,u=a(h=>{c.has(h.dir)||t.onProblem?.(h),c.add(h.dir)},"onProblem");if(l.length>0){let h=[];for(let f of l)try{h.push(await ge(s,f))}catch(d){u({dir:f,reason:d.message})}if(h.some(f=>o===null?f.dir===n:f.number===o))return vt(n,h.sort(Mc))}return vt(n,await ye(s,{onProblem:u}))}function Mc(s,e){return s.number-e.number||(s.dir<e.dir?-1:s.dir>e.dir?1:0)}function Hm(s){let e=/^(\d{1,15})-/.exec(s);return e?Number(e[1]):NaN}async function zm(s){let e=s.numbersDir;await Deno.mkdir(e,{recursive:!0});let t=(await ye(s)).reduce((r,i)=>Math.max(r,i.number),0)+1,n=a(async r=>{let i=Ec(r);for(let o of await zt(s))if(o.startsWith(i)&&(await ge(s,o).catch(()=>null))?.number===r)return!0;return!1},"made");for(let r=0;r<Bm;r++){let i=`${e}/${t}`;try{(await Deno.open(i,{write:!0,createNew:!0})).close()}catch(o){if(!(o instanceof Deno.errors.AlreadyExists))throw new y("io",`Cannot reserve task number ${t} in ${e}: ${o.message}`);let l=(await Deno.stat(i).catch(()=>null))?.mtime?.getTime()??Date.now();Date.now()-l>Wm?await Deno.remove(i).catch(()=>{}):t++;continue}if(await n(t)){await Deno.remove(i).catch(()=>{}),t++;continue}return{number:t,release:a(()=>Deno.remove(i).catch(()=>{}),"release")}}throw new y("bad-state",`Cannot reserve a task number in ${e}: too many taken at once`)}async function br(s,e,t={}){if(e.trim()==="")throw new y("usage","A task needs a non-empty title");let n=t.number===void 0?await zm(s):null;try{return await Jm(s,e,n?.number??t.number,t)}finally{await n?.release()}}async function Jm(s,e,t,n){let r=Um(t,e),i={id:n.id??crypto.randomUUID(),number:t,title:e,...n.description!==void 0?{description:n.description}:{},status:n.status??"ready",created_at:n.createdAt??new Date().toISOString()};if(await Deno.mkdir(s.taskDir(r),{recursive:!0}),await pt(s.taskJsonPath(r)))throw new y("bad-state",`Cannot create task ${r}: it exists already`);return await Qe(s.taskJsonPath(r),JSON.stringify(i,null,2)+`
`),{dir:r,id:i.id,number:t,record:i}}async function xt(s,e){await Qe(s.taskJsonPath(e.dir),JSON.stringify(e.record,null,2)+`
`)}var Bm,Wm,ue=v((function(){A();kr();re();a(Fm,"slugify");a(Um,"taskDirName");a(Ec,"numberPrefix");a(Wt,"branchOf");a(ge,"readTask");a(zt,"taskDirNames");a(ye,"listTasks");a(Ac,"findTask");a(Mc,"byNumber");a(Hm,"leadingNumber");Bm=1e3,Wm=1e4;a(zm,"reserveNumber");a(br,"createTask");a(Jm,"makeTask");a(xt,"saveTask")}));var Jt,To=v((function(){Jt=class{static{a(this,"Heap")}#e=[];#t;constructor(e){this.#t=e}get size(){return this.#e.length}get top(){return this.#e[0]}push(e){let t=this.#e;t.push(e);let n=t.length-1;for(;n>0;){let r=n-1>>1;if(!this.#t(t[n],t[r]))break;[t[n],t[r]]=[t[r],t[n]],n=r}}pop(){let e=this.#e,t=e[0],n=e.pop();return e.length>0&&n!==void 0&&(e[0]=n,this.#s(0)),t}replaceTop(e){this.#e.length!==0&&(e!==void 0&&(this.#e[0]=e),this.#s(0))}#s(e){let t=this.#e;for(;;){let n=2*e+1,r=n+1,i=e;if(n<t.length&&this.#t(t[n],t[i])&&(i=n),r<t.length&&this.#t(t[r],t[i])&&(i=r),i===e)return;[t[e],t[i]]=[t[i],t[e]],e=i}}}}));function Ao(s,e){return s.sec-e.sec||s.nanos-e.nanos||s.task.number-e.task.number||s.seq-e.seq}function Mo(s){let e=s/vr,t=s%vr;return t<0n&&(e-=1n,t+=vr),[Number(e),Number(t)]}function Km(s){let[e,t]=Mo(s.ns);return{sec:e,nanos:t}}function Vm(s){return Oc.encode(`{"task":${JSON.stringify(s.id)},"number":${s.number},`)}function Co(s,e,t){return{path:s,line:e,offset:t,reason:"its `at` is not a UTC timestamp of 1970 or later, so it has no event cursor; `events <TASK>` shows it"}}function Cc(s,e){let t=s.time();if(t===!0)return s.sec<0?!1:(_t.sec=s.sec,_t.nanos=s.nanos,!0);if(t===!1)return!1;let n=Xe({at:s.at()},e);return n===null?!1:([_t.sec,_t.nanos]=Mo(n.ns),!0)}var vr,Oc,xr,Eo,_r,ae,So,$r,Tr,_t,Ym,Sr,Lc=v((function(){Ae();Qs();ro();or();Je();wt();Ot();K();a(Ao,"compareItems");vr=1000000000n;a(Mo,"split");a(Km,"cursorNumbers");Oc=new TextEncoder;a(Vm,"taggedPrefix");xr=class{static{a(this,"ByteItem")}task;prefix;bytes;start;end;sec;nanos;seq;type;line;fileEnd;#e;#t;constructor(e,t,n,r,i,o,l,c,u,h,f){this.task=e,this.prefix=t,this.bytes=n,this.start=r,this.end=i,this.sec=o,this.nanos=l,this.seq=c,this.type=u,this.line=h,this.fileEnd=f}get record(){if(this.#e===void 0){let e=pe(this.bytes.subarray(this.start,this.end-1)),t=z(e);this.#e={env:t.env,upgraded:t.upgraded,text:e,line:this.line,end:this.fileEnd}}return this.#e}get cursor(){return this.#t??={ns:BigInt(this.sec)*vr+BigInt(this.nanos),number:this.task.number,seq:this.seq}}get cursorText(){return de(this.cursor)}taggedText(){return pe(this.prefix)+pe(this.bytes.subarray(this.start+1,this.end-1))}},Eo=class{static{a(this,"RecordItem")}task;prefix;record;cursor;sec;nanos;seq;type;bytes;start;end;#e;constructor(e,t,n,r){this.task=e,this.prefix=t,this.record=n,this.cursor=r,this.bytes=null,this.start=0,this.end=0,[this.sec,this.nanos]=Mo(r.ns),this.seq=r.seq,this.type=n.env.event.type}get cursorText(){return this.#e??=de(this.cursor)}get fileEnd(){return this.record.end??0}taggedText(){return st(this.record,this.task)}},_r=class{static{a(this,"BufferPool")}bytes;freeMax;#e;#t;constructor(e,t=4096){this.bytes=e,this.freeMax=t,this.#e=[],this.#t=new Map}take(e){return e>this.bytes?new Uint8Array(e):this.#e.pop()??new Uint8Array(this.bytes)}lend(e,t){e.length===this.bytes&&(t===0?this.#s(e):this.#t.set(e,t))}release(e){for(let t of e){let n=t.bytes;if(n===null)continue;let r=this.#t.get(n);r!==void 0&&(r>1?this.#t.set(n,r-1):(this.#t.delete(n),this.#s(n)))}}#s(e){this.#e.length<this.freeMax&&this.#e.push(e)}},ae=ve.ROOM_AT+4096,So=256,$r=class{static{a(this,"SourceReader")}lines=new fs;foreign=new gs;#e;constructor(e){this.#e=(e??[]).map(t=>Oc.encode(t)).filter(t=>t.length>=3&&t.length<So).slice(0,15),this.#e.forEach((t,n)=>this.lines.checker.memory.set(t,ve.ROOM_AT+n*So)),this.filtered=e!==null&&e.length>0}filtered;hasNeedle(e,t){let n=this.lines.checker;for(let r=0;r<this.#e.length;r++)if(n.find(e,t,ve.ROOM_AT+r*So,this.#e[r].length)>=0)return!0;return!1}},Tr=class{static{a(this,"LogFiles")}#e=new Map;#t;constructor(e=256){this.#t=e}#s(e){let t=this.#e.get(e);if(t!==void 0)this.#e.delete(e);else{let n=Ke(e);if(n===null)return null;if(t={file:n,pos:0},this.#e.size>=this.#t){let[r,i]=this.#e.entries().next().value;this.#e.delete(r),i.file.close()}}return this.#e.set(e,t),t}completeEnd(e){let t=this.#s(e);return t===null?0:(t.pos=-1,er(t.file,t.file.statSync().size)+1)}read(e,t,n){let r=this.#s(e);if(r===null)throw new Deno.errors.NotFound(e);r.pos!==t&&r.file.seekSync(t,Deno.SeekMode.Start);let i=0;for(;i<n.length;){let o=r.file.readSync(n.subarray(i));if(o===null||o===0)break;i+=o}return r.pos=t+i,i}release(e){this.#e.get(e)?.file.close(),this.#e.delete(e)}close(){for(let e of this.#e.values())e.file.close();this.#e.clear()}};a(Co,"noCursorProblem");_t={sec:0,nanos:0};a(Cc,"placeOf");Ym=64*1024*1024,Sr=class{static{a(this,"ByteSource")}task;prefix;#e;#t;#s=[];#n=0;#r=!1;#o=0;#i=null;#a=0;#l=0;#c=!1;#u=0;#h=null;constructor(e,t){this.task=e,this.prefix=Vm(e),this.#e=t,this.#o=t.from??0,this.#t=t.after?{...Km(t.after),number:t.after.number,seq:t.after.seq}:null}get head(){return this.#s[this.#n]}next(){this.#n++}fill(){if(this.#s.length-this.#n>=this.#e.lookahead||this.#r)return this.#n<this.#s.length;let e=[];for(;!this.#r&&this.#s.length-this.#n+e.length<this.#e.lookahead;)this.#f(e);if(e.length>0){let t=this.#s.slice(this.#n);for(let n of e)t.push(n);t.sort(Ao),this.#s=t,this.#n=0}return this.#n<this.#s.length}#f(e){let t=this.#e;if(this.#c)return this.#p();let n=this.#a,r=t.lineBytesMax??Ym,i=Math.min(Math.max(t.chunkBytes,n),Math.max(t.chunkBytes,r+1-n),t.to-this.#o);if(i<=0)return this.#d();let o=n+i,l=t.pool?t.pool.take(o):new Uint8Array(o);n>0&&l.set(this.#i.subarray(0,n));let c;try{c=t.files.read(t.path,this.#o,l.subarray(n,o))}catch(k){if(t.pool?.lend(l,0),k instanceof Deno.errors.NotFound)return this.#d();if(t.onBad===void 0)throw k;return t.onBad(k),this.#d()}if(c===0)return t.pool?.lend(l,0),this.#d();let u=this.#o-n;this.#o+=c;let h=n+c,f=t.reader.lines.checker;f.grow(ae+h+16),f.memory.set(l.subarray(0,h),ae);let d=f.sol(ae,ae+h)-ae,p=h-d;p>r?(this.#c=!0,this.#u=u+d,this.#i=null,p=0):p>0&&((this.#i===null||this.#i.length<p)&&(this.#i=new Uint8Array(Math.max(p,4096))),this.#i.set(f.memory.subarray(ae+d,ae+h))),this.#a=p;let m=e.length;d>0&&this.#m(l,d,u,e);let g=0;for(let k=m;k<e.length;k++)e[k].bytes===l&&g++;t.pool?.lend(l,g),this.#o>=t.to&&this.#d()}#p(){let e=this.#e,t=Math.min(e.chunkBytes*8,e.to-this.#o);if(t<=0)return this.#d();let n=this.#h??=new Uint8Array(t),r;try{r=e.files.read(e.path,this.#o,n.subarray(0,t))}catch(o){if(o instanceof Deno.errors.NotFound)return this.#d();if(e.onBad===void 0)throw o;return e.onBad(o),this.#d()}if(r===0)return this.#d();let i=n.subarray(0,r).indexOf(10);if(i<0){this.#o+=r;return}this.#o+=i+1,this.#c=!1,this.#h=null,e.onProblem?.({path:e.path,line:++this.#l,offset:this.#u,reason:"line is longer than the reader's limit"}),this.#o>=e.to&&this.#d()}#d(){this.#r=!0,this.#e.files.release(this.#e.path)}#w(e,t){this.#e.onProblem?.(Co(this.#e.path,e,t))}#m(e,t,n,r){let i=this.#e,o=i.reader,l=o.lines,c=o.foreign,u=l.checker,h=this.#t,f=this.task.number,d=0;for(;d<t;){let p=u.eol(ae+d,ae+t)-ae,m=++this.#l,g=d;if(d=p+1,p===g||o.filtered&&!o.hasNeedle(ae+g,ae+p))continue;let k;if(l.read(ae+g,ae+p)){if(l.schema<2)continue;if(!Cc(l,f)){this.#w(m,n+g);continue}k=new xr(this.task,this.prefix,e,g,p+1,_t.sec,_t.nanos,l.seq,l.type,m,n+p+1)}else if(c.read(u.memory,ae+g,ae+p)){if(c.reset(),c.schema<2)continue;if(!Cc(c,f)){this.#w(m,n+g);continue}let b=c.out.slice(c.start,c.end);k=new xr(this.task,this.prefix,b,0,b.length,_t.sec,_t.nanos,c.seq<0?0:c.seq,c.event.type,m,n+p+1)}else{let b=pe(e.subarray(g,p)),x=z(b);if(!x.ok){b.trim()!==""&&i.onProblem?.({path:i.path,line:m,offset:n,reason:x.reason});continue}if(x.env.schema<2)continue;let $=Xe(x.env,f);if($===null){this.#w(m,n+g);continue}let _={env:x.env,upgraded:x.upgraded,text:b,line:m,end:n+p+1};k=new Eo(this.task,this.prefix,_,$)}h!==null&&(k.sec-h.sec||k.nanos-h.nanos||f-h.number||k.seq-h.seq)<=0||r.push(k)}}}}));var Pc={};W(Pc,{FEED_BEGINNING:()=>Gm,FEED_NOW:()=>Nc,ProjectFollower:()=>Kt,feedAfter:()=>Dc,replayFeed:()=>$t});function Dc(s){return{from:"after",cursor:s}}function Xm(s){return s.from==="beginning"?void 0:s.from==="after"?s.cursor:null}function hn(s,e,t){if(!(e instanceof N))throw e;s.onBadLog?s.onBadLog(e,t):s.onProblem?.({path:e.path,line:0,offset:0,reason:e.message})}async function Rc(s,e,t,n=kt){let r;try{r=s.to?.get(e.dir)??await n(t)}catch(o){return hn(s,o,e),null}let i=s.from?.get(e.dir)??0;return r<=i?null:{from:i,to:r}}function jc(s,e,t,n){if(s.env.schema<2)return null;let r=Xe(s.env,e.number);return r===null&&n?.(Co(t,s.line,s.end??0)),r}async function*$t(s,e,t={}){if(t.start!==void 0){let o=Xm(t.start);if(o===null)return;t={...t,after:o}}if(t.bytes){yield*Zm(s,e,t);return}let n=new Jt(eg),r=t.json?oc():void 0,i=new rn;try{for(let o of e){let l=s.logPath(o.dir),c=await Rc(t,o,l);if(c===null)continue;let{from:u,to:h}=c,f=new Ht(l,{from:u,chunkBytes:t.chunkBytes??8*1024,prefilter:t.prefilter,onProblem:t.onProblem,light:r}),d=new Oo(o,f,{to:h,after:t.after,lookahead:t.lookaheadItems??16,files:i,onBad:a(p=>hn(t,p,o),"onBad"),onProblem:t.onProblem});d.fill()&&n.push(d)}yield*Ic(n,t)}finally{i.close()}}async function*Zm(s,e,t){let n=new Jt(Qm),r=new Tr,i=new $r(t.needles??null),o=t.chunkBytes??8*1024,l=t.reuseBuffers?new _r(2*o):void 0;try{for(let c of e){let u=s.logPath(c.dir),h=await Rc(t,c,u,d=>r.completeEnd(d));if(h===null)continue;let f=new Sr(c,{path:u,from:h.from,to:h.to,after:t.after,lookahead:t.lookaheadItems??16,chunkBytes:o,files:r,reader:i,pool:l,onProblem:t.onProblem,onBad:a(d=>hn(t,d,c),"onBad")});f.fill()&&n.push(f)}for(let c of Ic(n,t))yield c,l?.release(c)}finally{r.close()}}function*Ic(s,e){let t=e.batchItemsMax??512,n=[];for(;s.size>0;){e.signal?.throwIfAborted();let r=s.top;n.push(r.head),r.next(),r.fill()?s.replaceTop():s.pop(),n.length>=t&&(yield n,n=[])}n.length>0&&(yield n)}function Qm(s,e){return Ao(s.head,e.head)<0}function eg(s,e){return be(s.head.cursor,e.head.cursor)<0}var Er,Gm,Nc,Oo,tg,sg,ng,rg,ig,Kt,fn=v((function(){Ot();A();K();ue();To();po();Lc();an();Er=class{static{a(this,"Item")}task;record;cursor;#e;constructor(e,t,n){this.task=e,this.record=t,this.cursor=n}get cursorText(){return this.#e??=de(this.cursor)}},Gm=Object.freeze({from:"beginning"}),Nc=Object.freeze({from:"now"});a(Dc,"feedAfter");a(Xm,"replayAfter");a(hn,"badLog");a(Rc,"replayRange");a(jc,"feedCursor");Oo=class{static{a(this,"Source")}task;#e;#t;#s;#n;#r;#o;#i;#a=[];#l=0;#c=!1;constructor(e,t,n){this.task=e,this.#e=t,this.#t=n.to,this.#s=n.after,this.#n=n.lookahead,this.#r=n.files,this.#o=n.onBad,this.#i=n.onProblem}get head(){return this.#a[this.#l]}fill(){if(this.#a.length-this.#l>=this.#n||this.#c)return this.#l<this.#a.length;let e=[];for(;!this.#c&&this.#a.length-this.#l+e.length<this.#n;){let t;try{t=this.#e.readSync({to:this.#t,files:this.#r})}catch(n){this.#o(n),this.#c=!0,this.#r.release(this.#e.path);break}for(let n of t.records){let r=jc(n,this.task,this.#e.path,this.#i);r===null||this.#s&&be(r,this.#s)<=0||e.push(new Er(this.task,n,r))}(t.caughtUp||this.#e.offset>=this.#t)&&(this.#c=!0,this.#r.release(this.#e.path))}if(e.length>0){let t=this.#a.slice(this.#l);for(let n of e)t.push(n);t.sort((n,r)=>be(n.cursor,r.cursor)),this.#a=t,this.#l=0}return this.#l<this.#a.length}next(){this.#l++}};a($t,"replayFeed");a(Zm,"replayBytes");a(Ic,"merge");a(Qm,"lessBytes");a(eg,"less");tg=2e3,sg=256,ng=500,rg=2e3,ig=8,Kt=class{static{a(this,"ProjectFollower")}state;#e;#t=new Map;#s=new Set;#n=new Set;#r=new Set;#o=new Ce;#i=new Ce;#a=new Set;#l=[];#c=new Map;#u=!0;#h=!1;#f=new AbortController;#p=null;#d="";constructor(e,t={}){this.state=e,this.#e=t}tasks(){return[...this.#t.values()].map(e=>e.task)}published(){return[...this.#t.values()].map(e=>({task:e.task,offset:e.published}))}async start(){if(!this.#p){try{this.#d=await Deno.realPath(this.state.tasksDir)}catch{this.#d=""}await this.#m(!0),nt(this.state.tasksDir,e=>this.#w(e),{signal:this.#f.signal}),this.#p=this.#y()}}close(){if(!this.#h){this.#h=!0,this.#f.abort();for(let e of this.#r)e.closed=!0,e.wakeup.wake();this.#r.clear()}}#w(e){for(let t of e){let n=nn(this.#d,t);n!==null&&this.#t.has(n)?this.#a.add(n):this.#u=!0}this.#o.wake()}async#m(e){let t=await zt(this.state),n=new Set(t);for(let[r,i]of this.#t)n.has(r)||(this.#t.delete(r),this.#c.delete(r),this.#e.onRemoved?.(i.task));for(let r of t){if(this.#t.has(r)||this.#n.has(r))continue;let i;try{i=await ge(this.state,r)}catch{this.#s.add(r);continue}if(this.#s.delete(r),this.#e.taskFilter&&!this.#e.taskFilter(i)){this.#n.add(r);continue}let o=this.state.logPath(r),l=0,c;try{e&&(l=await kt(o))}catch(h){hn(this.#e,h,i),c=h.message}let u={bad:c,task:i,tail:new Ht(o,{from:l,chunkBytes:64*1024,onProblem:this.#e.onProblem,onReset:a(h=>{u.reset=!0,this.#e.onReset?.(h)},"onReset")}),published:l};this.#t.set(r,u),this.#a.add(r)}}async#g(e,t){let n;try{n=await ge(this.state,e)}catch{return!0}if(n.id===t.task.id)return!0;let r=t.task;return t.task=n,this.#e.onRemoved?.(r),this.#e.taskFilter&&!this.#e.taskFilter(n)?(this.#t.delete(e),this.#c.delete(e),this.#n.add(e),!1):!0}async#y(){let e=this.#e.pollIntervalMs??1e3,t=Date.now(),n=t;for(;!this.#h;)try{let r=Date.now();r-t>=e&&(t=r,this.#u=!0);let i=Math.max(e,this.#t.size/ng*1e3);r-n>=i&&this.#l.length===0&&(n=r,this.#l=[...this.#t.keys()]),this.#u&&(this.#u=!1,await this.#m(!1));let o=this.#l.splice(0,sg);for(let l of o)this.#a.add(l),this.#b(l);for(;this.#k();)await this.#i.wait(e,this.#f.signal);await this.#$(),this.#l.length>0?await new Promise(l=>setTimeout(l,0)):await this.#o.wait(Math.max(1,e-(Date.now()-t)),this.#f.signal)}catch(r){if(this.#h)return;this.#e.onProblem?.({path:this.state.tasksDir,line:0,offset:0,reason:r.message}),await new Promise(i=>setTimeout(i,e))}}#b(e){let t=this.state.taskDir(e),n;try{n=Deno.lstatSync(t).mtime?.getTime()??0}catch{return}if(!(this.#c.get(e)===n&&Date.now()-n>rg)){this.#c.set(e,n);try{for(let r of Deno.readDirSync(t))!r.isFile&&!r.isDirectory&&!r.isSymlink&&dr(`${t}/${r.name}`)}catch{}for(let r of go())r.startsWith(`${t}/`)&&dr(r)}}#k(){let e=this.#e.queueItemsMax??1e4;for(let t of this.#r)if(t.lossless&&t.queue.length>=e)return!0;return!1}async#$(){let e=[...this.#a];this.#a.clear();let t=[],n=[],r=a(async l=>{let c=this.#t.get(l);if(c){for(let u=0;u<64;u++){let h;try{h=await c.tail.read(),c.bad=void 0}catch(f){if(!(f instanceof N))throw f;c.bad!==f.message&&hn(this.#e,f,c.task),c.bad=f.message;break}if(c.reset&&(c.reset=!1,!await this.#g(l,c)))return;for(let f of h.records){let d=jc(f,c.task,c.tail.path,this.#e.onProblem);d&&t.push(new Er(c.task,f,d))}if(h.atEnd)break;if(u===63||t.length>=tg){this.#a.add(l);break}}n.push([c,c.tail.offset])}},"readOne"),i=0,o=a(async()=>{for(;i<e.length;)await r(e[i++])},"worker");await Promise.all(Array.from({length:Math.min(ig,e.length)},o)),this.#a.size>0&&this.#o.wake(),t.sort((l,c)=>be(l.cursor,c.cursor));for(let[l,c]of n)l.published=c;t.length>0&&this.#_(t)}#_(e){let t=this.#e.queueItemsMax??1e4;for(let n of this.#r){for(let r of e)n.prefilter&&!n.prefilter(r.record.text)||n.queue.push(r);n.queue.length>t&&!n.lossless&&(n.failure=new y("fell-behind",`The live feed fell ${n.queue.length} events behind; resume after the last cursor seen`),n.queue=[],this.#r.delete(n)),n.wakeup.wake()}}subscribe(e={}){if(!this.#p)throw new Error("ProjectFollower.subscribe before start");let t={queue:[],wakeup:new Ce,lossless:e.lossless===!0,prefilter:e.prefilter,failure:null,closed:this.#h},n=new Map,r=[];for(let[u,h]of this.#t)n.set(u,h.published),r.push(h.task);this.#r.add(t);let i=this.state,o=a(()=>{this.#r.delete(t),l.wake()},"unsubscribe"),l=this.#i,c=this.#e.onProblem;return{async*[Symbol.asyncIterator](){try{let u=e.start??(e.after?Dc(e.after):Nc);for(u.from!=="now"&&(yield*$t(i,r,{start:u,to:n,bytes:e.prefilter===void 0||e.needles!==void 0,needles:e.needles,prefilter:e.prefilter,onProblem:c,onBadLog:a(()=>{},"onBadLog"),signal:e.signal}));;){if(t.queue.length>0){let h=t.queue;t.queue=[],l.wake(),yield h;continue}if(t.failure)throw t.failure;if(t.closed)return;await t.wakeup.wait(6e4,e.signal)}}finally{o()}}}}}}));function Uc(s,e){let t=s.length^e.length;for(let n=0;n<Math.max(s.length,e.length);n++)t|=(s[n]??0)^(e[n]??0);return t===0}function Ar(s){let e;try{e=JSON.parse(s)}catch{return null}if(e===null||typeof e!="object")return null;let t=e;if(typeof t.task!="string"||!Number.isSafeInteger(t.number))return null;let{task:n,number:r,...i}=t,o=Wi(i);return!o.ok||!Lt(o.env.event.type)||o.env.seq!==void 0?null:ze(o.env,{id:n,number:r})}async function og(s,e){try{await Deno.readTextFile(s)===e&&await Deno.remove(s)}catch{}}function ag(s){let e=0;for(let r of s)e+=r.length;let t=new Uint8Array(e),n=0;for(let r of s)t.set(r,n),n+=r.length;return t}function lg(s){return s==="live.json"||/^live-[A-Za-z0-9_.-]{1,100}\.json$/.test(s)}function bs(s){let e=new dn(s.root);return e.connect(),{sink:a((t,n)=>{t.seq!==void 0||!Lt(t.event.type)||e.send(ze(t,{id:n.id,number:n.number}))},"sink"),close:a(()=>e.close(),"close")}}var Fc,qc,Lo,cg,dn,vs=v((function(){J();Ze();Ae();re();Fc=256*1024;a(Uc,"sameBytes");a(Ar,"parseLiveLine");qc=new TextEncoder,Lo=class{static{a(this,"LiveChannelSender")}path;#e=null;#t=!1;#s=0;#n=[];#r=0;#o=!1;#i=!1;#a;#l;dropped=0;constructor(e,t={}){this.path=e,this.#a=t.pendingBytesMax??256*1024,this.#l=t.retryMs??1e3}send(e){if(this.#i)return;if(this.#e||this.connect(),!this.#e&&!this.#t){this.dropped++;return}let t=qc.encode(JSON.stringify(e)+`
`);if(this.#r+t.length>this.#a){this.dropped++;return}this.#n.push(t),this.#r+=t.length,this.#e&&!this.#o&&this.#c()}connect(){this.#i||this.#e||this.#t||Date.now()<this.#s||(this.#t=!0,this.#s=Date.now()+this.#l,(async()=>{let e=await Deno.readTextFile(this.path),t=JSON.parse(e);if(!Number.isSafeInteger(t.port)||typeof t.key!="string")throw new Error;let n;try{n=await Deno.connect({hostname:"127.0.0.1",port:t.port})}catch(o){throw o instanceof Deno.errors.ConnectionRefused&&await og(this.path,e),o}let r=0,i=qc.encode(t.key+`
`);for(;r<i.length;)r+=await n.write(i.subarray(r));return n})().then(e=>{if(this.#t=!1,this.#i)return e.close();this.#e=e,this.#o||this.#c()},()=>{this.#t=!1,this.dropped+=this.#n.length,this.#n=[],this.#r=0}))}async#c(){this.#o=!0;try{for(;this.#n.length>0&&this.#e;){let e=this.#n.length===1?this.#n[0]:ag(this.#n);this.#n=[],this.#r=0;let t=0;for(;t<e.length;)t+=await this.#e.write(e.subarray(t))}}catch{try{this.#e?.close()}catch{}this.#e=null,this.dropped+=this.#n.length,this.#n=[],this.#r=0}finally{this.#o=!1}}close(){this.#i=!0;try{this.#e?.close()}catch{}this.#e=null}};a(og,"removeStale");a(ag,"concat");a(lg,"isLiveAnnouncement");cg=256,dn=class{static{a(this,"LiveChannelFanout")}dir;#e=new Map;#t;#s=0;#n=!1;#r=!1;#o=[];#i;constructor(e,t={},n=()=>!0){this.dir=e,this.#t=t,this.#i=n}get dropped(){let e=0;for(let t of this.#e.values())e+=t.dropped;return e}connect(){this.#r||this.#n||Date.now()<this.#s||(this.#n=!0,this.#s=Date.now()+(this.#t.retryMs??1e3),tt(this.dir).then(e=>{let t=new Set;for(let r of e)r.isFile&&lg(r.name)&&this.#i(r.name)&&t.add(`${this.dir}/${r.name}`);if(this.#n=!1,this.#r)return;for(let[r,i]of this.#e)t.has(r)||(i.close(),this.#e.delete(r));for(let r of t){let i=this.#e.get(r);i||(i=new Lo(r,this.#t),this.#e.set(r,i)),i.connect()}let n=this.#o;this.#o=null;for(let r of n??[])for(let i of this.#e.values())i.send(r)},()=>{this.#n=!1,this.#o=null}))}send(e){if(!this.#r){if(this.connect(),this.#o!==null&&this.#n){this.#o.length<cg&&this.#o.push(e);return}for(let t of this.#e.values())t.send(e)}}close(){this.#r=!0;for(let e of this.#e.values())e.close();this.#e.clear()}};a(bs,"liveChannelSink")}));var zc={};W(zc,{LIVE_CONNECTIONS_MAX:()=>Bc,LIVE_KEY_WITHIN_MS:()=>Wc,listenLiveChannel:()=>pn});async function pn(s,e,t,n={}){let r;try{r=Deno.listen({hostname:"127.0.0.1",port:0});let u={port:r.addr.port,key:e};await Deno.writeTextFile(s,JSON.stringify(u)+`
`,{mode:384}),await Deno.chmod(s,384).catch(()=>{})}catch(u){return n.onWarning?.(`cannot open the live channel (${u.message}): agent_delta events of other processes will not be streamed`),{close:a(()=>Promise.resolve(),"close"),port:0}}let i=Hc.encode(e),o=new Set,l=a(async u=>{let h=new Q({lineBytesMax:Fc}),f=new Uint8Array(64*1024),d=!1,p=setTimeout(()=>{if(!d)try{u.close()}catch{}},n.keyWithinMs??Wc);try{for(;;){let m=await u.read(f);if(m===null)break;let{lines:g}=h.push(f.subarray(0,m));for(let k of g){if(!d){if(!Uc(Hc.encode(k),i))throw new Error("wrong key");d=!0;continue}let b=Ar(k);b&&t(b)}}}catch{}clearTimeout(p),o.delete(u);try{u.close()}catch{}},"serveConn"),c=(async()=>{try{for await(let u of r){if(o.size>=Bc){u.close();continue}o.add(u),l(u)}}catch{}})();return{port:r.addr.port,async close(){try{(await Deno.readTextFile(s)).includes(e)&&await Deno.remove(s)}catch{}try{r.close()}catch{}for(let u of o)try{u.close()}catch{}o.clear(),await c}}}var Bc,Wc,Hc,Mr=v((function(){Je();vs();Bc=256,Wc=5e3,Hc=new TextEncoder;a(pn,"listenLiveChannel")}));var Gc={};W(Gc,{EVENTS_HELP:()=>ug,eventsCommand:()=>fg,parseTypes:()=>Kc});function Kc(s){let e=bo(s),t=new Set(je),n=e.filter(r=>!t.has(r));if(n.length>0)throw new y("usage",`--type: unknown event type${n.length>1?"s":""} ${n.map(r=>`"${r.slice(0,40)}"`).join(", ")}; known types: ${je.join(", ")}`);return[...new Set(e)]}async function fg(s,e){as();let{values:t,positionals:n}=P("events",e,{after:{type:"string"},run:{type:"string"},all:{type:"boolean"},json:{type:"boolean"},since:{type:"string"},type:{type:"string",multiple:!0},task:{type:"string",multiple:!0},"after-cursor":{type:"string"},follow:{type:"boolean",short:"f"},"exit-status":{type:"boolean"},verbose:{type:"boolean",short:"v"}});if(s.json=t.json===!0,n.length>1)throw new y("usage",`taskline events: name at most one task, not ${n.length} (${n.slice(0,3).join(" ")})`);let r=Kc(t.type),i=t.since===void 0?null:gr(String(t.since)),o=s.json?null:await Promise.resolve().then(()=>(un(),Sc)),l=o!==null&&o.useColor(s.io.stdout.isTerminal,s.io.env),c=s.json||t.verbose===!0?new Set:new Set([...o.VERBOSE_TYPES].filter(d=>!r.includes(d))),u={view:o,types:r,sinceNs:i,color:l,hidden:c,follow:t.follow===!0};if(n.length===0){for(let p of["after","run","all","exit-status"])if(t[p]!==void 0)throw new y("usage",`taskline events: --${p} needs a task (taskline events <TASK> --${p} ...)`);let d=t["after-cursor"]===void 0?null:ss(String(t["after-cursor"]));return await pg(s,{...u,refs:bo(t.task),afterCursor:d})}for(let d of["task","after-cursor"])if(t[d]!==void 0)throw new y("usage",`taskline events: --${d} is for the events of every task, not with a task`);let h=mr("after",t.after);if(t.all&&(h!==void 0||t.run!==void 0||u.follow))throw new y("usage","taskline events: --all does not go with --after, --run or --follow");let f=await s.task(n[0]);return await dg(s,f,{...u,after:h,run:t.run,all:t.all===!0,exitStatus:t["exit-status"]===!0})}async function dg(s,e,t){let n=new Bt({types:t.types,sinceNs:t.sinceNs}),r=a(f=>n.keeps(null,f),"keep"),i=s.io.stdout,o=new Cr(i),l=a(async f=>{for(let d of f)if(d.light===!0&&"mem"in d){let p=o.bytes(d.mem,d.start,d.end);p!==void 0&&await p}else d.light===!0||s.json?await o.text(yt(d)+`
`):t.hidden.has(d.env.event.type)||await o.text(t.view.renderEvent(d.env,{color:t.color})+`
`);await o.end()},"print");if(t.all){let{openReplay:f}=await Promise.resolve().then(()=>(It(),Bl)),d=await f(s.state,e,{all:!0,prefilter:n.prefilter,onProblem:s.problem,signal:s.io.signal});for await(let p of d.batches)await l(p.records.filter(m=>r(m.env)));return 0}let c=await mc(s.state,e,{after:t.after,run:t.run,follow:t.follow,keep:a(f=>r(f.env),"keep"),needles:n.needles??void 0,json:s.json,exactOutcome:t.exitStatus,onProblem:s.problem,onReset:a(f=>void s.warn(`${f.path} was ${f.reason} (it had ${f.offset} bytes read): reading it again from its start`),"onReset"),signal:s.io.signal}),u=Vc(),h=t.follow?await Yc(s,t,f=>f.task===e.id&&r(f),f=>u(async()=>{await o.text(t.view.renderEvent(f,{color:t.color})+`
`),await o.end(),await i.flush()})):null;try{for await(let f of c.batches){let d=a(async()=>{await l(f),t.follow&&await i.flush()},"step");await(h?u(d):d())}}finally{await h?.close()}return c.outcome()==="interrupted"&&(await i.flush(),await s.warn(`run ${c.run()?.slice(0,8)} of task #${e.number} has no run_finished and no process runs it (its process died): stopped following it`)),t.exitStatus?pc(c.outcome()):0}async function pg(s,e){let{FEED_BEGINNING:t,FEED_NOW:n,feedAfter:r,ProjectFollower:i,replayFeed:o}=await Promise.resolve().then(()=>(fn(),Pc)),l=new Bt({types:e.types,sinceNs:e.sinceNs}),c=null;if(e.refs.length>0){c=new Set;for(let k of e.refs)c.add((await s.task(k)).id)}else await s.state.requireExists();let u=s.io.stdout,h=new Cr(u),f=a(async k=>{for(let b of k){let x=b;if(x.sec!==void 0){if(!l.keepsAt(b.task,x.type,x.sec,x.nanos))continue}else if(!l.keeps(b.task,b.record.env))continue;if(s.json)if(x.bytes){let $=h.bytes(x.prefix,0,x.prefix.length);$!==void 0&&await $,$=h.bytes(x.bytes,x.start+1,x.end),$!==void 0&&await $}else await h.text((x.taggedText?x.taggedText():st(b.record,b.task))+`
`);else e.hidden.has(b.record.env.event.type)||await h.text(e.view.renderEvent(b.record.env,{color:e.color,number:b.task.number})+`
`)}await h.end()},"print"),d=c===null?void 0:k=>c.has(k.id);if(!e.follow){let k=(await s.tasks()).filter(b=>d===void 0||d(b));for await(let b of o(s.state,k,{start:e.afterCursor!==null?r(e.afterCursor):t,bytes:!0,reuseBuffers:!0,needles:l.needles,onProblem:s.problem,onBadLog:s.badLog,signal:s.io.signal}))await f(b);return s.status(0)}let p=Vc(),m=await Yc(s,e,k=>l.keeps(null,k)&&(c===null||c.has(k.task)),k=>p(async()=>{await h.text(e.view.renderEvent(k,{color:e.color,number:k.number})+`
`),await h.end(),await u.flush()})),g=new i(s.state,{taskFilter:d,onProblem:s.problem,onBadLog:s.badLog,onReset:a(k=>void s.warn(`${k.path} was ${k.reason}: reading it again from its start`),"onReset"),onRemoved:a(k=>void s.warn(`Task #${k.number} (${k.dir}) was discarded while it was followed`),"onRemoved")});try{await g.start();let k=e.afterCursor!==null?r(e.afterCursor):e.sinceNs!==null?t:n,b=g.subscribe({start:k,prefilter:l.prefilter,needles:l.needles,signal:s.io.signal,lossless:!0});for await(let x of b){let $=a(async()=>{await f(x),await u.flush()},"step");await(m?p($):$())}}finally{g.close(),await m?.close()}return 0}function Vc(){let s=Promise.resolve();return e=>s=s.then(e,e)}async function Yc(s,e,t,n){if(s.json||e.hidden.has("agent_delta")||e.types.length>0&&!e.types.includes("agent_delta"))return null;let{listenLiveChannel:r}=await Promise.resolve().then(()=>(Mr(),zc));return await r(s.state.liveListenerPath(`events-${Deno.pid}`),crypto.randomUUID().replaceAll("-",""),i=>{i.event.type==="agent_delta"&&t(i)&&n(i).catch(()=>{})},{onWarning:a(i=>void s.warn(i),"onWarning")})}var ug,Cr,Jc,hg,Xc=v((function(){Ot();J();A();gc();oe();wt();vo();K();ug=`Usage: taskline events <TASK> [options]
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

Human lines: "HH:MM:SS.mmm <symbol> <what happened>", times in UTC.`;a(Kc,"parseTypes");Cr=class{static{a(this,"LineOut")}out;#e;#t;#s;#n;#r;#o;constructor(e){this.out=e,this.#e=null,this.#t=0,this.#s=0,this.#n=new Uint8Array(Jc),this.#r=0,this.#o=""}bytes(e,t,n){if(this.#e===e&&t===this.#s){this.#s=n;return}if(this.#o!=="")return this.#i(e,t,n);if(this.#e!==null){if(this.#s-this.#t>Jc-this.#r)return this.#l().then(()=>this.#a(e,t,n));this.#n.set(this.#e.subarray(this.#t,this.#s),this.#r),this.#r+=this.#s-this.#t}this.#a(e,t,n)}async#i(e,t,n){await this.end(),this.#a(e,t,n)}#a(e,t,n){this.#e=e,this.#t=t,this.#s=n}async text(e){(this.#e!==null||this.#r>0)&&await this.#l(),this.#o+=e,this.#o.length>=64*1024&&await this.#u()}async end(){(this.#e!==null||this.#r>0)&&await this.#l(),this.#o!==""&&await this.#u()}async#l(){if(this.#r>0&&(await this.#c(this.#n.subarray(0,this.#r)),this.#r=0),this.#e!==null){let e=this.#e;this.#e=null,await this.#c(e.subarray(this.#t,this.#s))}}#c(e){return this.out.writeBytes?this.out.writeBytes(e):this.out.write(hg.decode(e))}#u(){let e=this.#o;return this.#o="",this.out.write(e)}},Jc=512*1024,hg=new TextDecoder;a(fg,"eventsCommand");a(dg,"taskForm");a(pg,"feedForm");a(Vc,"serialized");a(Yc,"liveDeltas")}));function mg(s){let e=Ys[s],t={type:{const:s}},n=["type"];for(let[r,i]of Object.entries(e))t[r]=i.schema,!i.optional&&i.default0_5===void 0&&n.push(r);return{type:"object",required:n,properties:t}}var Zc,Qc=v(()=>{J();is();a(mg,"eventSchema");Zc={$schema:"https://json-schema.org/draft/2020-12/schema",$id:"https://taskline.dev/schema/envelope-2.json",title:"taskline event envelope, schema 2",description:"One line of .taskline/tasks/<task dir>/events.jsonl and of `taskline events --json`. Fields added in 0.5 are optional when reading; unknown event types and fields are ignored.",type:"object",required:["schema","at","event"],properties:{schema:{const:2,description:"Event format version."},seq:{type:"integer",minimum:1,description:"Position in the run; absent for ephemeral and run-less events."},at:{type:"string",format:"date-time",description:"Publication time (RFC 3339)."},event:{$ref:"#/$defs/event"}},$defs:{event:{type:"object",required:["type"],properties:{type:{type:"string",minLength:1}},allOf:je.map(s=>({if:{properties:{type:{const:s}},required:["type"]},then:{$ref:`#/$defs/${s}`}}))},...Object.fromEntries(je.map(s=>[s,mg(s)]))}}});var eu={};W(eu,{SCHEMA_HELP:()=>gg,schemaCommand:()=>yg});async function yg(s,e){return await s.io.stdout.write(JSON.stringify(Zc,null,2)+`
`),0}var gg,tu=v(()=>{Qc();gg=`Usage: taskline schema

Prints the JSON Schema (2020-12) of one line of events.jsonl (schema 2).`;a(yg,"schemaCommand")});function Or(){return{run:"",started_at:"",validations:[],validation_fix_attempts:0,pending_validation_fix:!1,usage:ne(),active_ms:0,pending_approval:null,approvals:[]}}function xs(s){return typeof s=="number"&&Number.isFinite(s)?s:0}function No(s){let e=Or();if(s===null||typeof s!="object"||Array.isArray(s))return e;let t=s,n=t.usage??{},r={...t,run:typeof t.run=="string"?t.run:"",started_at:typeof t.started_at=="string"?t.started_at:"",validations:Array.isArray(t.validations)?t.validations:[],validation_fix_attempts:xs(t.validation_fix_attempts),pending_validation_fix:t.pending_validation_fix===!0,usage:{input_tokens:xs(n.input_tokens),output_tokens:xs(n.output_tokens),cache_read_tokens:xs(n.cache_read_tokens),cache_write_tokens:xs(n.cache_write_tokens)},active_ms:xs(t.active_ms),pending_approval:t.pending_approval==="spec"||t.pending_approval==="plan"||t.pending_approval==="merge"?t.pending_approval:null,approvals:Array.isArray(t.approvals)?t.approvals:[]};return typeof r.status!="string"&&delete r.status,typeof r.current_phase!="string"&&delete r.current_phase,r}async function _s(s,e){try{return No(await hs(s.runJsonPath(e)))}catch(t){if(t instanceof SyntaxError)return Or();throw t}}async function su(s,e,t){await Qe(s.runJsonPath(e),JSON.stringify(t,null,2)+`
`)}var mn=v((function(){J();re();a(Or,"emptyRunState");a(xs,"num");a(No,"normalizeRunState");a(_s,"loadRunState");a(su,"saveRunState")}));function Lr(s){let e=s.startsWith("\uFEFF")?" "+s.slice(1):s,t=[],n=0,r=0,i="",o=a((c,u)=>{t.push(e.slice(r,c),e.slice(c,u).replace(/[^\n]/g," ")),r=u},"blank");for(;n<e.length;){let c=e[n];if(c==='"'){for(n++;n<e.length&&e[n]!=='"'&&e[n]!==`
`;)n+=e[n]==="\\"?2:1;n++,i='"'}else if(c==="/"&&e[n+1]==="/"){let u=e.indexOf(`
`,n);o(n,u<0?e.length:u),n=u<0?e.length:u}else if(c==="/"&&e[n+1]==="*"){let u=e.indexOf("*/",n+2);if(u<0)return{ok:!1,message:"a comment is not closed",line:nu(e,n)};o(n,u+2),n=u+2}else if(c===","){let u=n+1;for(;;){for(;u<e.length&&/\s/.test(e[u]);)u++;if(e.startsWith("//",u))u=e.indexOf(`
`,u)<0?e.length:e.indexOf(`
`,u);else if(e.startsWith("/*",u)&&e.indexOf("*/",u+2)>=0)u=e.indexOf("*/",u+2)+2;else break}(e[u]==="}"||e[u]==="]")&&i!==","&&i!=="["&&i!=="{"&&o(n,n+1),i=",",n++}else/\s/.test(c)||(i=c),n++}t.push(e.slice(r));let l=t.join("");if(l.trim()==="")return{ok:!0,value:void 0};try{return{ok:!0,value:JSON.parse(l)}}catch(c){return{ok:!1,message:c.message.replace(/\s*(?:in JSON )?at position \d+.*$/s,"").replace(/, ".*" is not valid JSON$/s,""),line:nu(l,wg(l))}}}function wg(s){let e=0,t=a(()=>{for(;e<s.length&&` 	
\r`.includes(s[e]);)e++},"ws"),n=a(()=>{throw e},"fail"),r=a(o=>{t(),o>512&&n();let l=s[e];if(l==="{"||l==="["){let u=l==="{"?"}":"]";if(e++,t(),s[e]===u){e++;return}for(;;)if(l==="{"&&(t(),s[e]!=='"'&&n(),i(),t(),s[e]!==":"&&n(),e++),r(o+1),t(),s[e]===",")e++;else if(s[e]===u){e++;return}else n()}if(l==='"')return i();let c=/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|^true|^false|^null/.exec(s.slice(e,e+400));c||n(),e+=c[0].length},"value"),i=a(()=>{for(e++;(e>=s.length||s.charCodeAt(e)<32)&&n(),s[e]!=='"';)s[e]==="\\"?/^u[0-9a-fA-F]{4}/.test(s.slice(e+1,e+6))?e+=6:'"\\/bfnrt'.includes(s[e+1]??"x")?e+=2:n():e++;e++},"string");try{return r(0),t(),e}catch(o){return typeof o=="number"?o:0}}function nu(s,e){let t=1;for(let n=s.indexOf(`
`);n>=0&&n<e;n=s.indexOf(`
`,n+1))t++;return t}var Do=v((function(){a(Lr,"parseJsonc");a(wg,"errorOffset");a(nu,"lineOf")}));function Oe(){return{pipeline:{approvals:[],trace_outputs:!0,trace_max_chars:1e5,max_validation_fix_attempts:2,max_tokens:null,max_duration_secs:null,project_memory:!0,validation_commands:[],isolate_subtasks:!0,auto_merge:!1},pricing:{},pricing_currency:"USD",server:{host:"127.0.0.1",port:7777},security:{web_allowed_domains:[],search_url:null},fleet:{project:null,stream:"TASKLINE"}}}function Vt(s){return s!==null&&typeof s=="object"&&!Array.isArray(s)}function bg(s,e="config.jsonc"){let t=Lr(s);if(!t.ok)throw new y("bad-state",`Cannot read ${e}: ${t.message}${t.line>0?` at line ${t.line}`:""}`);let n=t.value,r=Oe(),i=[];if(n===void 0)return{settings:r,warnings:i};if(!Vt(n))throw new y("bad-state",`Cannot read ${e}: not an object`);let o=a((l,c)=>i.push(`${e}: ${l} must be ${c}; using the default`),"wrong");for(let[l,c]of Object.entries(n))switch(l){case"pipeline":if(!Vt(c)){o("pipeline","an object");break}for(let[u,h]of Object.entries(c)){let f=Object.hasOwn(iu,u)?iu[u]:void 0;f?f[0](h)?r.pipeline[u]=h:o(`pipeline.${u}`,f[1]):i.push(`${e}: unknown key pipeline.${u}`)}break;case"pricing":if(!Vt(c)){o("pricing","an object");break}for(let[u,h]of Object.entries(c)){if(!Vt(h)){o(`pricing.${u}`,"an object of prices");continue}let f={input:0,output:0,cache_read:0,cache_write:0},d=!0;for(let[p,m]of Object.entries(h))p in f?typeof m!="number"||m<0?d=!1:f[p]=m:i.push(`${e}: unknown key pricing.${u}.${p}`);d?r.pricing[u]=f:o(`pricing.${u}`,"non-negative prices per million tokens")}break;case"pricing_currency":typeof c=="string"&&c!==""?r.pricing_currency=c:o(l,"a currency code");break;case"server":if(!Vt(c)){o("server","an object");break}for(let[u,h]of Object.entries(c))u==="host"&&typeof h=="string"?r.server.host=h:u==="port"&&Number.isSafeInteger(h)&&h>=0?r.server.port=h:u==="host"||u==="port"?o(`server.${u}`,"a host or a port"):i.push(`${e}: unknown key server.${u}`);break;case"security":if(!Vt(c)){o("security","an object");break}for(let[u,h]of Object.entries(c))u==="web_allowed_domains"&&ou(h)?r.security.web_allowed_domains=h:u==="search_url"&&(h===null||typeof h=="string")?r.security.search_url=h:u==="web_allowed_domains"||u==="search_url"?o(`security.${u}`,"a list of domains or a URL"):i.push(`${e}: unknown key security.${u}`);break;case"fleet":if(!Vt(c)){o("fleet","an object");break}for(let[u,h]of Object.entries(c))u==="project"&&(h===null||typeof h=="string"&&h!=="")?r.fleet.project=h:u==="stream"&&typeof h=="string"&&/^[A-Za-z0-9_-]{1,64}$/.test(h)?r.fleet.stream=h:u==="project"||u==="stream"?o(`fleet.${u}`,"a name"):i.push(`${e}: unknown key fleet.${u}`);break;default:i.push(`${e}: unknown key ${l}`)}return{settings:r,warnings:i}}async function Tt(s){let e;try{e=await tr(s.configPath,{root:s.root})}catch(t){if(t instanceof N)return{settings:Oe(),warnings:[`${t.message}; the default settings are used`]};throw new y("io",`Cannot read ${s.configPath}: ${t.message}`)}return e===null?{settings:Oe(),warnings:[]}:bg(new TextDecoder().decode(e),s.configPath)}var Nr,kg,ru,ou,iu,ot=v((function(){Do();A();K();a(Oe,"defaultSettings");Nr=a(s=>typeof s=="boolean","isBool"),kg=a(s=>Number.isSafeInteger(s)&&s>=0,"isNonNegInt"),ru=a(s=>s===null||typeof s=="number"&&s>0,"isPosOrNull"),ou=a(s=>Array.isArray(s)&&s.every(e=>typeof e=="string"),"isStrings"),iu={approvals:[s=>Array.isArray(s)&&s.every(e=>e==="spec"||e==="plan"||e==="merge"),'a list of "spec", "plan", "merge"'],trace_outputs:[Nr,"true or false"],trace_max_chars:[s=>Number.isSafeInteger(s)&&s>0,"a positive integer"],max_validation_fix_attempts:[kg,"a non-negative integer"],max_tokens:[ru,"a positive number or null"],max_duration_secs:[ru,"a positive number or null"],project_memory:[Nr,"true or false"],validation_commands:[ou,"a list of strings"],isolate_subtasks:[Nr,"true or false"],auto_merge:[Nr,"true or false"]};a(Vt,"isObject");a(bg,"parseSettings");a(Tt,"loadSettings")}));function lu(s){return cu(s,vg)}function yn(s){let e=s.length;for(let t=0;t<s.length-1;t++){let n=s.charCodeAt(t);if(n>=55296&&n<=56319){let r=s.charCodeAt(t+1);r>=56320&&r<=57343&&(e--,t++)}}return e}function cu(s,e){if(s.length<=e)return s;let t=0;for(let n=0;n<e&&t<s.length;n++){let r=s.charCodeAt(t),i=s.charCodeAt(t+1);t+=r>=55296&&r<=56319&&i>=56320&&i<=57343?2:1}return s.slice(0,t)}function au(s,e){return`[taskline: output cut to the first ${s} of ${e} characters]`}function xg(s,e){if(s.length<=e)return s;let t=yn(s);if(t<=e)return s;let n=Math.max(0,e-au(e,t).length-2),r=cu(s,n),i=r===""||r.endsWith(`
`)?"":`
`;return`${r}${i}${au(n,t)}
`}async function uu(s,e,t,n={}){if(!/^[0-9a-f]{12}$/.test(e.call)||/[/\\]|^\.\.?$/.test(e.run))return null;let r=s.traceFile(e.dir,e.run,e.call),i=`${s.toolOutputDir}/${e.dir}/${e.run}`,o=xg(t,n.maxChars??1e5);try{gn.has(i)||(Deno.mkdirSync(i,{recursive:!0}),_g(i));try{us(r,o)}catch(c){if(!(c instanceof Deno.errors.NotFound))throw c;Deno.mkdirSync(i,{recursive:!0}),us(r,o)}return`${s.root.split("/").filter(c=>c!==""&&c!==".").pop()??".taskline"}/tool-output/${e.dir}/${e.run}/${e.call}.txt`}catch{return gn.delete(i),await Deno.remove(r).catch(()=>{}),null}}function _g(s){gn.size>=1024&&gn.clear(),gn.add(s)}var vg,gn,Ro=v((function(){re();vg=200;a(lu,"previewOf");a(yn,"charCount");a(cu,"cutChars");a(au,"cutMarker");a(xg,"traceFileText");a(uu,"writeTraceOutput");gn=new Set;a(_g,"rememberDir")}));async function $g(s,e){if(await Pe(s)===null)return 0;let t=await et(Deno.open(s,{read:!0,write:!0}));if(t===null)return 0;try{let n=(await t.stat()).size;if(n===0)return 0;let r=await ls(t,n);if(r===n-1)return n;let i=await Ve(t,r+1,n-(r+1)),o=new TextDecoder().decode(i);return z(o).ok?(await t.seek(0,Deno.SeekMode.End),await t.write(Dr.encode(`
`)),e?.(`${s}: completed a last line that lacked its newline`),n+1):(await t.truncate(r+1),e?.(`${s}: removed a torn last line of ${i.length} bytes left by an interrupted write`),r+1)}finally{t.close()}}async function Tg(s,e,t,n,r){let i=s.logPath(e.dir),o=await cs(i,{to:t});if(o===null||o.type==="run_finished")return t;let l=await sr(i,o.run,t);return l===null||l.event.type==="run_finished"?t:await Sg(i,o,t,n,r)}async function Sg(s,e,t,n,r){let{run:i,seq:o}=e,l=fu(n,i)?{...n,started_at:n.started_at||await jo(s,i,t)}:await du(s,i,t,n),c=`Run ${i} ended without run_finished (its process died); finished as failed by the next run`,u=[{type:"log",run:i,level:"error",message:c},{type:"run_finished",run:i,success:!1,status:"failed",usage:{...l.usage},active_ms:l.active_ms,started_at:l.started_at}].map((d,p)=>Fe({schema:2,seq:o+1+p,at:r.clock.now(),event:d})+`
`).join(""),h=Dr.encode(u),f=await Deno.open(s,{write:!0,append:!0});try{let d=0;for(;d<h.length;)d+=f.writeSync(h.subarray(d))}catch(d){try{f.truncateSync(t)}catch{}throw new y("io",`Cannot append to ${s}: ${d.message}`,{cause:d})}finally{f.close()}return r.onRepair?.(c),t+h.length}function fu(s,e){if(s.run!=="")return s.run===e;let t=s.usage;return s.active_ms>0||t.input_tokens>0||t.output_tokens>0||t.cache_read_tokens>0||t.cache_write_tokens>0}async function du(s,e,t,n){let r={...n,run:e,started_at:"",usage:ne(),active_ms:0};return await ft(s,'"run_finished"',i=>{let o=z(i);if(o.ok&&o.env.event.type==="run_finished"&&I(o.env.event)===e){let l=o.env.event;return r.usage={...l.usage},r.active_ms=l.active_ms,o.upgraded||(r.started_at=l.started_at),!0}return!1},{to:t}),r.started_at===""&&(r.started_at=await jo(s,e,t)),r}async function jo(s,e,t){let n=a(r=>r.includes(e)&&r.includes('"run_started"'),"prefilter");for await(let r of me(s,{to:t,prefilter:n})){let i=r.records.find(o=>o.env.event.type==="run_started"&&I(o.env.event)===e);if(i)return i.env.at}return""}var Dr,hu,St,Rr=v((function(){K();Ze();J();ut();Ae();ws();A();rt();dt();mn();re();ue();ot();Ro();Dr=new TextEncoder,hu=1024*1024,St=class s{static{a(this,"RunRecorder")}state;task;run;mode;settings;#e;#t;#s;#n;#r;#o=new Set;#i;#a=!1;#l=!1;#c=0;#u;constructor(e){this.state=e.state,this.task=e.task,this.run=e.run,this.mode=e.mode,this.settings=e.settings,this.#e=e.file,this.#t=e.lock,this.#s=e.size,this.#n=e.seq,this.#r=e.clock,this.#i=e.runState,this.#u=e.sink}static async open(e,t,n={}){let r=n.mode??"new",i=await ln(e,t.dir);try{t.record=(await ge(e,t.dir)).record;let o=e.logPath(t.dir),l=await $g(o,n.onRepair),c,u=0,h=await _s(e,t.dir);if(r==="new")l=await Tg(e,t,l,h,{clock:n.clock??Bi,onRepair:n.onRepair}),c=n.runId??crypto.randomUUID(),h={...h,...Or(),run:c,status:void 0};else{let d=await cs(o,{to:l}),p=d??await Me(o,{to:l});if(!p)throw new y("not-found",`Cannot resume task #${t.number}: it has no run yet`);c=p.run,u=d?.seq??0,fu(h,c)?(h.started_at===""||h.run==="")&&(h={...h,run:c,started_at:h.started_at||await jo(o,c,l)}):h=await du(o,c,l,h)}let f=await Deno.open(o,{write:!0,append:!0,create:!0});return new s({state:e,task:t,run:c,mode:r,settings:n.settings??Oe(),file:f,lock:i,size:l,seq:u,clock:n.clock??Bi,runState:h,sink:n.sink??null})}catch(o){throw i.release(),o}}get seq(){return this.#n}get runState(){return this.#i}get finished(){return this.#l}subscribe(e){return this.#o.add(e),()=>this.#o.delete(e)}emit(e){return this.emitAll([e])[0]}emitAll(e,t={}){if(!this.#e)throw new Error("RunRecorder.emit after close");if(this.#l)throw new Error(`RunRecorder.emit(${e[0]?.type}) after run_finished`);let n=t.texts,r=new Array(e.length),i=[],o=0,l=this.#n;for(let c=0;c<e.length;c++){let u=e[c],h=u.type,f=u.run,d=u;if(f!==this.run){let{type:k,run:b,...x}=u;d={type:h,run:f??this.run,...x}}let p=this.#r.now(c>0);if(Lt(h)){r[c]={schema:2,at:p,event:d};continue}let m={schema:2,seq:++l,at:p,event:d},g=`{"schema":${2},"seq":${l},"at":${JSON.stringify(p)},"event":${this.#d(d,f===void 0||f===this.run?n?.[c]:void 0)}}
`;i.push(g),o+=g.length,r[c]=m}i.length>0&&this.#m(i,o),this.#n=l;for(let c of r)c.event.type==="agent_finished"?this.#w(c.event.usage):c.event.type==="phase_started"&&typeof c.event.phase=="string"&&(this.#i.current_phase=c.event.phase),this.#g(c);return r}#h=new Map;#f;#p="";#d(e,t){if(t===void 0)return JSON.stringify(e);let n=this.#h.get(e.type);return n===void 0&&(n=`{"type":${JSON.stringify(e.type)},`,this.#h.size<256&&this.#h.set(e.type,n)),t.startsWith(n)?(this.#p===""&&(this.#p=`"run":${JSON.stringify(this.run)},`),n+this.#p+t.slice(n.length)):JSON.stringify(e)}start(){if(this.mode==="append")throw new Error("RunRecorder.start in append mode");if(this.#a)throw new Error("RunRecorder.start twice");let e=this.emit({type:"run_started",task:this.task.id});return this.#a=!0,this.#c=performance.now(),this.#i.started_at===""&&(this.#i.started_at=e.at),e}async toolReturned(e){return this.emit(await this.keepOutput(e))}async keepOutput(e){let t=this.settings.pipeline.trace_outputs?await uu(this.state,{dir:this.task.dir,run:this.run,call:e.call},e.output,{maxChars:this.settings.pipeline.trace_max_chars}):null;return{type:"tool_returned",role:e.role,tool:e.tool,is_error:e.is_error,duration_ms:e.duration_ms,preview:lu(e.output),call:e.call,subtask:e.subtask,exit_code:e.exit_code??null,timed_out:e.timed_out??!1,output_chars:yn(e.output),output_file:t}}activeMs(){let e=this.#a?Math.round(performance.now()-this.#c):0;return this.#i.active_ms+e}async finish(e){if(!this.#a)throw new Error("RunRecorder.finish before start");this.#i.active_ms=this.activeMs(),this.#a=!1;let t=this.emit({type:"run_finished",success:e.success,status:e.status,usage:{...this.#i.usage},active_ms:this.#i.active_ms,started_at:this.#i.started_at});return this.#l=!0,this.#i.status=e.status,await this.saveState(),t}async saveState(){await su(this.state,this.task.dir,this.#i)}async close(e){if(this.#e)try{if(this.#a&&!this.#l){if(e?.message)try{this.emit({type:"log",level:"error",message:e.message})}catch{}await this.finish({success:!1,status:e?.status??"failed"})}}finally{this.#e.close(),this.#e=null,this.#t?.release(),this.#t=null}}#w(e){let t=this.#i.usage;t.input_tokens+=e.input_tokens??0,t.output_tokens+=e.output_tokens??0,t.cache_read_tokens+=e.cache_read_tokens??0,t.cache_write_tokens+=e.cache_write_tokens??0}#m(e,t){let n;if(t*3<=hu){let o=this.#f??=new Uint8Array(hu),l=0;for(let c of e)l+=Dr.encodeInto(c,o.subarray(l)).written;n=o.subarray(0,l)}else n=Dr.encode(e.join(""));let r=this.#e,i=0;try{for(;i<n.length;)i+=r.writeSync(n.subarray(i))}catch(o){try{i>0&&r.truncateSync(this.#s)}catch{}throw new y("io",`Cannot append to ${this.state.logPath(this.task.dir)}: ${o.message}`,{cause:o})}this.#s+=n.length}#g(e){for(let t of this.#o)try{t(e)}catch{}if(this.#u)try{this.#u(e,this.task)}catch{}}};a($g,"repairTail");a(Tg,"finishDeadRun");a(Sg,"finishRun");a(fu,"describesRun");a(du,"stateFromLog");a(jo,"firstStartOf")}));async function Io(s,e,t,n={}){let r=t.approved?"approve":"reject",i;try{i=await St.open(s,e,{mode:"append",settings:n.settings})}catch(o){throw o instanceof y&&o.code==="not-found"?new y("nothing-pending",`Cannot ${r} task #${e.number}: it has no run, so nothing waits for approval`):o instanceof y&&o.code==="task-running"?new y("task-running",`Cannot ${r} task #${e.number}: a process is running it, so nothing waits for approval`):o}try{let o=i.runState,l=o.pending_approval;if(!l||o.run!==i.run)throw new y("nothing-pending",`Cannot ${r} task #${e.number}: nothing is pending (its run ${i.run.slice(0,8)} does not wait for an approval)`);let c=i.emit({type:"approval_resolved",gate:l,approved:t.approved,comment:t.comment});o.pending_approval=null,o.approvals=[...o.approvals,{gate:l,approved:t.approved,comment:t.comment,at:c.at}];let u=o.engine,h=!u||typeof u!="object";return u&&typeof u=="object"&&typeof u.gate_phase=="number"&&(t.approved?(u.next_phase=u.gate_phase+1,u.rework=null):(u.next_phase=u.gate_phase,u.rework={gate:l,comment:t.comment}),u.gate_phase=null),await i.saveState(),{gate:l,run:i.run,envelope:c,recorded:h}}finally{await i.close()}}var pu=v(()=>{A();Rr();a(Io,"resolveApproval")});async function mu(s,e){let t=JSON.stringify({...e,lesson:e.lesson.slice(0,Eg)});await Pe(s.memoryPath,{root:s.root}),await Deno.writeTextFile(s.memoryPath,t+`
`,{append:!0,create:!0})}async function*Po(s,e={}){let t=await ee(s.memoryPath,{root:s.root});if(t!==null)try{let n=new Q({}),r=new Uint8Array(64*1024),i=0;for(;;){let o=await t.read(r);if(o===null)break;for(let l of n.push(r.subarray(0,o)).lines)if(i++,l.trim()!=="")try{let c=JSON.parse(l);c&&typeof c=="object"&&typeof c.lesson=="string"?yield c:e.onProblem?.(i,"not a lesson object")}catch{e.onProblem?.(i,"not JSON")}}}finally{t.close()}}async function gu(s){let e=0;for await(let t of Po(s))e++;return await et(Deno.remove(s.memoryPath)),e}var Eg,qo=v(()=>{Je();K();re();Eg=2e3;a(mu,"appendLesson");a(Po,"readLessons");a(gu,"clearMemory")});var jr,Fo=v(()=>{jr={name:"builtin",description:"A small feature: spec, plan, two subtasks, a validation fix, QA and merge.",tick_ms:100,lesson:"Run the test suite before integrating subtasks; the first validation usually fails.",phases:[{name:"spec",gate:"spec",artefact:{kind:"spec"},agents:[{role:"spec_writer",model:"claude-sonnet-4-5",usage:{input_tokens:2400,output_tokens:600,cache_read_tokens:1200},steps:[{text:"Reading the task and the code it touches before writing the spec."},{parallel:!0,tools:[{tool:"read_file",input:{path:"README.md"},output:`# Project

A small web service.
`,duration_ms:300},{tool:"read_file",input:{path:"src/server.ts"},output:`export function serve() {
  // routes
}
`,duration_ms:100},{tool:"grep",input:{pattern:"login",path:"src"},output:`src/server.ts:12: // TODO login
`,duration_ms:200}]},{text:"The spec: a login route, a session cookie, and tests for both."}]}]},{name:"plan",gate:"plan",artefact:{kind:"plan"},agents:[{role:"planner",model:"claude-sonnet-4-5",usage:{input_tokens:1800,output_tokens:500},steps:[{thinking:"Two parts that touch different files: they can be built separately.",text:"Plan: 1. the login route; 2. the session cookie."}]}]},{name:"build",checkpoint:{message:"taskline: checkpoint before build",files:[]},subtasks:[{title:"Add the login route",attempts:[{agents:[{role:"coder",model:"claude-sonnet-4-5",usage:{input_tokens:5200,output_tokens:1400,cache_read_tokens:3e3},steps:[{text:"Adding the route and its handler."},{tools:[{tool:"write_file",input:{path:"src/login.ts",content:`export function login() {}
`},output:"wrote 28 bytes to src/login.ts"},{tool:"bash",input:{command:"deno test src/login_test.ts",timeout_secs:120},output:`running 2 tests
ok | 2 passed | 0 failed
`,exit_code:0,duration_ms:600}]}]}],commit:{message:"taskline: add the login route",files:["src/login.ts","src/login_test.ts"]}}]},{title:"Add the session cookie",attempts:[{status:"failed",agents:[{role:"coder",model:"claude-sonnet-4-5",usage:{input_tokens:3100,output_tokens:700},steps:[{tools:[{tool:"bash",input:{command:"deno test src/session_test.ts",timeout_secs:120},output:`error: TS2304: Cannot find name 'Cookie'.
`,exit_code:1,duration_ms:500}]},{text:"The cookie type is missing; this attempt cannot finish."}]}]},{agents:[{role:"coder",model:"claude-sonnet-4-5",usage:{input_tokens:3600,output_tokens:900,cache_read_tokens:2e3},steps:[{retry:{what:"provider call",attempts:1,delay_ms:400}},{tools:[{tool:"edit_file",input:{path:"src/session.ts",old:"",new:"import { Cookie }"},output:"edited src/session.ts"}]},{text:"Imported the cookie type; the session tests pass."}]}],commit:{message:"taskline: add the session cookie",files:["src/session.ts"]}}]}]},{name:"validate",validations:[{command:"deno test",exit_codes:[1,0]}]},{name:"qa",gate:"merge",artefact:{kind:"qa_report",round:1},agents:[{role:"qa_reviewer",model:"claude-opus-4-1",usage:{input_tokens:4e3,output_tokens:800,cache_read_tokens:2500},steps:[{text:"Round 1: approved, no issues."}]}],summary:"round 1: approved (0 issues)"},{name:"merge",merge:{base:"main"},summary:"merged into main"}]}});async function Ag(s){try{return await Deno.stat(s),!0}catch{return!1}}function Ir(s,e,t,n={}){let r=s.cancelPath(e),i=!1,o=!1,l=!1,c=a(async()=>{if(!(i||o||l)){l=!0;try{await Ag(r)&&(o=!0,i||t())}finally{l=!1}}},"check"),u=setInterval(c,n.pollIntervalMs??50),h=null;try{if(n.watch===!1)throw new Error("polling only");h=Deno.watchFs(s.taskDir(e),{recursive:!1}),(async()=>{try{for await(let f of h)f.paths.some(d=>d.endsWith("/cancel.request"))&&await c()}catch{}})()}catch{}return c(),()=>{if(!i){i=!0,clearInterval(u);try{h?.close()}catch{}}}}async function $s(s,e){await Deno.remove(s.cancelPath(e)).catch(()=>{})}var Uo=v(()=>{a(Ag,"exists");a(Ir,"watchCancel");a($s,"clearCancelRequest")});function ku(s){return{scenario:s,next_phase:0,gate_phase:null,rework:null,subtask_ids:{},paused_by:null}}function wn(s){return s instanceof Le?s:new Le("interrupt","interrupted")}function Ts(s){return s.input_tokens+s.output_tokens}function Og(s){return{...ne(),...s??{}}}function Lg(s,e){return{input_tokens:Math.floor(s.input_tokens*e),output_tokens:Math.floor(s.output_tokens*e),cache_read_tokens:Math.floor(s.cache_read_tokens*e),cache_write_tokens:Math.floor(s.cache_write_tokens*e)}}function yu(){let s=crypto.getRandomValues(new Uint8Array(6));return Array.from(s,e=>e.toString(16).padStart(2,"0")).join("")}function wu(s){let e="",t=2166136261;for(let n=0;e.length<40;n++){for(let r=0;r<s.length;r++)t^=s.charCodeAt(r)+n,t=Math.imul(t,16777619)>>>0;e+=t.toString(16).padStart(8,"0")}return e.slice(0,40)}function Ng(s){let e=[];return s.subtasks&&e.push(`${s.subtasks} subtask(s) done`),s.validations&&e.push(`${s.validations} validation(s) passed`),s.agents&&e.push(`${s.agents} agent session(s)`),e.join(", ")||"done"}var Le,Yt,Mg,Cg,Pr,bu=v(()=>{J();ue();Le=class extends Error{static{a(this,"StopRun")}name="StopRun";kind;constructor(e,t){super(t),this.kind=e}},Yt=class extends Error{static{a(this,"RunFailure")}name="RunFailure"};a(ku,"startPosition");Mg="claude-sonnet-4-5",Cg=6e5;a(wn,"stopOf");a(Ts,"tokensOf");a(Og,"fullUsage");a(Lg,"scaleUsage");a(yu,"newCallId");a(wu,"fakeHash");Pr=class{static{a(this,"Engine")}rec;pos;#e;#t;#s;#n;#r;#o=new AbortController;#i=ne();#a;#l;constructor(e,t,n={}){this.rec=e,this.pos=t,this.#e=n.speed&&n.speed>0?n.speed:1,this.#t=n.approvals??[],this.#s=n.maxValidationFixAttempts??2,this.#n=n.tokenLimit??null,this.#r=n.durationLimitMs??null,this.#a=t.scenario.tick_ms??100,this.#l=n.autoMerge??!0;let r=n.signal;r&&(r.aborted?this.#o.abort(wn(r.reason)):r.addEventListener("abort",()=>this.#o.abort(wn(r.reason)),{once:!0}))}tokens(){return Ts(this.rec.runState.usage)+Ts(this.#i)}async play(){let e=this.#c();try{this.#h();let t=this.pos.scenario.phases;for(;this.pos.next_phase<t.length;){let n=this.pos.next_phase,r=t[n];if(await this.#d(r,n),this.pos.next_phase=n+1,this.pos.rework=null,await this.rec.saveState(),this.#f(),r.gate&&this.#t.includes(r.gate))return this.pos.gate_phase=n,this.rec.emit({type:"approval_requested",gate:r.gate}),{kind:"approval",gate:r.gate};this.#h()}return{kind:"done"}}catch(t){if(t instanceof Le)return t.kind==="budget"&&this.#f(),{kind:"stopped",stop:t.kind,message:t.message};if(t instanceof Yt)return{kind:"failed",message:t.message};throw t}finally{e!==void 0&&clearTimeout(e)}}#c(){if(this.#r===null)return;let e=Math.max(0,this.#r-this.rec.activeMs());return setTimeout(()=>{this.#o.abort(new Le("budget",this.#u()))},Math.min(e,2147e6))}#u(){let e=[];return this.#n!==null&&this.tokens()>=this.#n&&e.push(`${this.tokens()} of ${this.#n} tokens used`),this.#r!==null&&this.rec.activeMs()>=this.#r&&e.push(`${(this.rec.activeMs()/1e3).toFixed(1)} s of ${this.#r/1e3} s active time used`),`budget reached: ${e.join(", ")||"limit reached"}`}#h(){if(this.#o.signal.aborted)throw wn(this.#o.signal.reason);let e=this.#n!==null&&this.tokens()>=this.#n,t=this.#r!==null&&this.rec.activeMs()>=this.#r;if(e||t){let n=new Le("budget",this.#u());throw this.#o.abort(n),n}}#f(){this.rec.emit({type:"budget_updated",tokens:Ts(this.rec.runState.usage),token_limit:this.#n,active_ms:this.rec.activeMs(),duration_limit_ms:this.#r})}#p(e){let t=this.#o.signal;if(t.aborted)return Promise.reject(wn(t.reason));let n=Math.min(Cg,Math.max(0,e/this.#e));return n<1?Promise.resolve():new Promise((r,i)=>{let o=a(()=>{clearTimeout(l),i(wn(t.reason))},"onAbort"),l=setTimeout(()=>{t.removeEventListener("abort",o),r()},n);t.addEventListener("abort",o,{once:!0})})}async#d(e,t){this.rec.emit({type:"phase_started",phase:e.name}),await this.rec.saveState();let n={agents:0,subtasks:0,validations:0},r=e.summary;try{this.pos.rework&&this.rec.emit({type:"log",level:"info",message:`reworking ${e.name} after the ${this.pos.rework.gate} gate was rejected: ${this.pos.rework.comment??"no reason given"}`});let i=e.repeat??1;for(let o=0;o<i;o++){e.checkpoint&&this.#m(e.checkpoint,null,`checkpoint/${t}`);for(let u of e.agents??[])await this.#b(u,null),n.agents++;let l=e.subtasks??[],c=l.map((u,h)=>this.#w(u,`${t}/${h}`));for(let u of c)this.rec.emit({type:"subtask_updated",subtask:u,status:"pending"});for(let u=0;u<l.length;u++)await this.#g(l[u],c[u]),n.subtasks++;for(let u of e.validations??[])await this.#y(u),n.validations++;if(e.artefact&&this.rec.emit({type:"artefact_written",artefact:e.artefact}),e.merge&&!this.#l?r="ready for human review and merge (auto_merge is off)":e.merge&&(await this.#p(this.#a),this.rec.emit({type:"merged",commit:e.merge.commit??wu(`${this.rec.run}/merge`),branch:e.merge.branch??Wt(this.rec.task),base:e.merge.base??"main"})),e.fail)throw new Yt(`phase ${e.name} failed: ${e.fail}`)}}catch(i){let o=i instanceof Le?i.kind==="budget"?"stopped: budget reached":"stopped: cancelled":i.message;throw this.rec.emit({type:"phase_finished",phase:e.name,success:!1,summary:o}),i}this.rec.emit({type:"phase_finished",phase:e.name,success:!0,summary:r??Ng(n)})}#w(e,t){if(e.id)return e.id;let n=this.pos.subtask_ids[t];if(n)return n;let r=crypto.randomUUID();return this.pos.subtask_ids[t]=r,r}#m(e,t,n){let r=e.hash??wu(`${this.rec.run}/${n}/${e.message}`);return this.rec.emit({type:"committed",subtask:t,commit:r,message:e.message.split(`
`)[0],files:e.files??[]}),r}async#g(e,t){for(let n=0;n<e.attempts.length;n++){let r=e.attempts[n];this.rec.emit({type:"subtask_updated",subtask:t,status:"in_progress"});for(let l of r.agents??[])await this.#b(l,t);let i=r.status==="failed",o=!i;if(i)this.rec.emit({type:"subtask_updated",subtask:t,status:"failed"});else{let l=this.#m(r.commit??{message:`taskline: ${e.title}`,files:[]},t,`${t}/${n}`),c=r.conflicts??[];this.rec.emit({type:"subtask_integrated",subtask:t,commit:l,conflicts:c}),o=c.length===0,this.rec.emit({type:"subtask_updated",subtask:t,status:o?"done":"conflicted"})}if(this.#f(),this.#h(),o)return;if(n+1<e.attempts.length){let l=r.delay_ms??this.#a*4;this.rec.emit({type:"retrying",what:`subtask "${e.title}"`,attempt:n+2,delay_ms:Math.round(l/this.#e)}),await this.#p(l)}}throw new Yt(`subtask "${e.title}" failed after ${e.attempts.length} attempt(s)`)}async#y(e){let t=e.exit_codes??[0];for(let n=0;;n++){await this.#p(this.#a*2);let r=n<t.length?t[n]:0,i=r===0;this.rec.emit({type:"validation_finished",command:e.command,integration:e.integration??!1,passed:i,exit_code:r});let o=this.rec.runState;if(o.validations.push({command:e.command,passed:i,exit_code:r}),i){await this.rec.saveState();return}if(o.validation_fix_attempts>=this.#s)throw await this.rec.saveState(),new Yt(`validation "${e.command}" failed (exit ${r}) and the run's ${this.#s} automatic fix(es) are used up`);o.validation_fix_attempts++,o.pending_validation_fix=!0,await this.rec.saveState(),await this.#b(e.fix??{role:"fixer",usage:{input_tokens:900,output_tokens:250},steps:[{text:`The command \`${e.command}\` failed; fixing what it reports.`}]},null),this.#m({message:`taskline: fix ${e.command}`,files:[]},null,`fix/${o.validation_fix_attempts}`),o.pending_validation_fix=!1,await this.rec.saveState()}}async#b(e,t){let n=e.role,r=Og(e.usage),i=e.steps??[];this.rec.emit({type:"agent_started",role:n,subtask:t,model:e.model??Mg});let o=0;try{for(let l of i)await this.#k(l,n,t),o++,this.#i=Lg(r,o/i.length),this.#h()}catch(l){let c=this.#i;this.#i=ne();let u=l instanceof Le?l.kind==="budget"?"budget":"cancelled":"error";throw this.rec.emit({type:"agent_finished",role:n,steps:o,usage:c,stop:JSON.stringify({reason:u})}),l}this.#i=ne(),this.rec.emit({type:"agent_finished",role:n,steps:o,usage:r,stop:JSON.stringify({reason:"completed"})})}async#k(e,t,n){if(await this.#p(e.delay_ms??this.#a),e.retry){let r=e.retry.attempts??1,i=e.retry.delay_ms??this.#a*4;for(let o=1;o<=r;o++)this.rec.emit({type:"retrying",what:e.retry.what,attempt:o+1,delay_ms:Math.round(i/this.#e)}),await this.#p(i)}if(e.thinking&&await this.#$(e.thinking,"thinking",t,n,e),e.text!==void 0&&(await this.#$(e.text,"text",t,n,e),this.rec.emit({type:"agent_text",role:t,text:e.text})),e.tools&&await this.#_(e.tools,e.parallel===!0,t,n),e.fail)throw new Yt(e.fail)}async#$(e,t,n,r,i){let o=i.chunk_chars??12;for(let l=0;l<e.length;l+=o)l>0&&await this.#p(this.#a/5),this.rec.emit({type:"agent_delta",role:n,subtask:r,delta:{kind:t,text:e.slice(l,l+o)}})}async#_(e,t,n,r){if(!t){for(let o of e){let l=yu();this.rec.emit({type:"tool_called",role:n,tool:o.tool,input:o.input??{},call:l,subtask:r}),await this.#A([{spec:o,call:l}],n,r)}return}let i=e.map(o=>({spec:o,call:yu()}));for(let o of i)this.rec.emit({type:"tool_called",role:n,tool:o.spec.tool,input:o.spec.input??{},call:o.call,subtask:r});await this.#A([...i].sort((o,l)=>this.#x(o.spec)-this.#x(l.spec)),n,r)}#x(e){return e.duration_ms??this.#a*2}async#A(e,t,n){let r=0,i=performance.now();for(let o=0;o<e.length;o++){let{spec:l,call:c}=e[o],u=this.#x(l);try{await this.#p(u-r)}catch(d){let p=Math.round(performance.now()-i);for(let m of e.slice(o))await this.rec.toolReturned({role:t,tool:m.spec.tool,call:m.call,subtask:n,output:"[taskline: the call was stopped before it finished]",is_error:!0,duration_ms:p,exit_code:null,timed_out:!1});throw d}r=u;let h=(l.output??"").repeat(l.output_repeat??1),f=l.exit_code??null;await this.rec.toolReturned({role:t,tool:l.tool,call:c,subtask:n,output:h,is_error:l.is_error??(f!==null&&f!==0),duration_ms:Math.round(u/this.#e),exit_code:f,timed_out:l.timed_out??!1})}}};a(Ng,"describePhase")});function Dg(s){if(!s||typeof s!="object")return null;let e=s;return!e.scenario||!Array.isArray(e.scenario.phases)||typeof e.next_phase!="number"?null:{scenario:e.scenario,next_phase:e.next_phase,gate_phase:typeof e.gate_phase=="number"?e.gate_phase:null,rework:e.rework??null,subtask_ids:e.subtask_ids&&typeof e.subtask_ids=="object"?e.subtask_ids:{},paused_by:e.paused_by??null}}async function vu(s,e,t){let n=t.resume===!0,r=await St.open(s,e,{mode:n?"resume":"new",settings:t.settings,onRepair:t.onRepair,sink:t.sink}),i=a(()=>{},"stopWatch");try{let o=e.record.status,l;if(n){let x=Dg(r.runState.engine);if(!x||r.runState.run!==r.run)throw new y("wrong-state",`Cannot resume task #${e.number}: its run ${r.run.slice(0,8)} comes from \`taskline record\`; continue it with \`taskline record ${e.number} --resume\` or start over with \`taskline run ${e.number} --restart\``);if(r.runState.pending_approval)throw new y("wrong-state",`Cannot resume task #${e.number}: it waits for approval of the ${r.runState.pending_approval} gate; answer with \`taskline approve ${e.number}\` or \`taskline reject ${e.number} --reason TEXT\``);if(o===he.done)throw new y("wrong-state",`Cannot resume task #${e.number}: its run is done; start a new run with \`taskline run ${e.number}\``);l=x}else{if(o===he.paused&&!t.restart)throw new y("wrong-state",`Cannot start a new run of task #${e.number}: its run is paused; continue it with \`taskline run ${e.number} --resume\` or start over with --restart`);l=ku(t.scenario??jr)}await $s(s,e.dir),t.onEnvelope&&r.subscribe(t.onEnvelope);let c=t.maxTokens!==void 0?t.maxTokens:t.settings.pipeline.max_tokens,u=t.maxDurationSecs!==void 0?t.maxDurationSecs:t.settings.pipeline.max_duration_secs,h=u===null?null:Math.round(u*1e3),f=new AbortController,d=a(()=>f.abort(new Le("interrupt",t.interruptMessage??"interrupted (Ctrl-C)")),"onInterrupt");t.signal?.aborted&&d(),t.signal?.addEventListener("abort",d,{once:!0}),i=Ir(s,e.dir,()=>{f.abort(new Le("cancel","cancelled by `taskline cancel`"))});let p=r.start();t.onStart?.({run:r.run,seq:p.seq??r.seq});let m=a((x,$,_)=>({run_status:x,last_error:$,run:r.run,task:{id:e.id,number:e.number,dir:e.dir,status:e.record.status},pending_approval:r.runState.pending_approval,tokens:Ts(r.runState.usage),token_limit:c,active_ms:r.runState.active_ms,duration_limit_ms:h,seq:r.seq,exit_code:_}),"summary");if(l.scenario.workspace_error){let x=`Cannot open the workspace of task #${e.number} (branch ${e.record.branch??`taskline/${e.dir}`}): the scenario simulates a workspace that cannot be opened`;return r.emit({type:"log",level:"error",message:x}),await r.finish({success:!1,status:o}),m("failed",x,1)}r.runState.engine=l,l.paused_by=null,await r.saveState(),e.record.status=he.running,await xt(s,e);let g=new Pr(r,l,{speed:t.speed,approvals:t.settings.pipeline.approvals,maxValidationFixAttempts:t.settings.pipeline.max_validation_fix_attempts,autoMerge:t.settings.pipeline.auto_merge,tokenLimit:c,durationLimitMs:h,signal:f.signal}),k;try{k=await g.play()}catch(x){k={kind:"failed",message:`internal error: ${x.message}`}}t.signal?.removeEventListener("abort",d),i();let b;switch(k.kind){case"done":{await r.finish({success:!0,status:he.done}),e.record.status=he.done,b=m("done",null,0);break}case"approval":{r.runState.pending_approval=k.gate,l.paused_by="approval",r.emit({type:"paused",reason:`waiting for approval of the ${k.gate}`}),await r.finish({success:!1,status:he.paused}),e.record.status=he.paused,b=m("awaiting_approval",null,2);break}case"stopped":{k.stop==="budget"?(l.paused_by="budget",r.emit({type:"paused",reason:k.message}),await r.finish({success:!1,status:he.paused}),e.record.status=he.paused,b=m("budget_exhausted",k.message,2)):(r.emit({type:"log",level:"warn",message:`run stopped: ${k.message}`}),await r.finish({success:!1,status:he.cancelled}),e.record.status=he.cancelled,b=m("cancelled",k.message,130));break}case"failed":{r.emit({type:"log",level:"error",message:k.message}),await r.finish({success:!1,status:he.failed}),e.record.status=he.failed,b=m("failed",k.message,1);break}}return await xt(s,e),b.task.status=e.record.status,k.kind==="done"&&t.settings.pipeline.project_memory&&await mu(s,{at:new Date().toISOString(),task:e.id,number:e.number,title:e.record.title,run:r.run,lesson:l.scenario.lesson??`#${e.number} "${e.record.title}" was done in ${l.scenario.phases.length} phase(s) with ${r.runState.validation_fix_attempts} validation fix(es) and ${Ts(r.runState.usage)} tokens.`}),b}catch(o){throw await r.close({message:`run failed: ${o.message}`}).catch(()=>{}),r.finished&&e.record.status===he.running&&(e.record.status=he.failed,await xt(s,e).catch(()=>{})),o}finally{i(),await $s(s,e.dir),await r.close()}}var he,xu=v(()=>{A();qo();Rr();ue();Fo();Uo();bu();he={running:"running",done:"done",failed:"failed",paused:"paused",cancelled:"cancelled"};a(Dg,"positionOf");a(vu,"runTask")});async function Es(s,e){if(typeof e.title!="string"||e.title.trim()==="")throw new y("usage","Cannot create a task: it needs a title");if(e.title.length>_u)throw new y("usage",`Cannot create a task: its title has more than ${_u} characters`);if(e.description!==void 0){if(typeof e.description!="string")throw new y("usage","Cannot create a task: its description must be text");if(e.description.length>Fr)throw new y("usage",`Cannot create a task: its description has more than ${Fr} characters`)}return await s.requireExists(),await br(s,e.title,{...e.description!==void 0?{description:e.description}:{}})}async function As(s,e,t=null,n={}){return Tu(t,`Cannot approve task #${e.number}: the comment`),await Io(s,await Ho(s,e),{approved:!0,comment:t===null||t===""?null:t},n)}async function Ms(s,e,t,n={}){if(typeof t!="string"||t.trim()==="")throw new y("usage",`Cannot reject task #${e.number}: a rejection needs a reason`);return Tu(t,`Cannot reject task #${e.number}: the reason`),await Io(s,await Ho(s,e),{approved:!1,comment:t},n)}function kn(s,e){let t=e.envelope.event;return{task:{id:s.id,number:s.number,dir:s.dir},run:e.run,gate:e.gate,approved:t.approved===!0,comment:t.comment??null,seq:e.envelope.seq}}function Tu(s,e){if(s!==null){if(typeof s!="string")throw new y("usage",`${e} must be text`);if(s.length>Fr)throw new y("usage",`${e} has more than ${Fr} characters`)}}async function Ho(s,e){let t=`Cannot find task #${e.number}: it was removed`;try{return await mt(ge(s,e.dir),t)}catch(n){throw n instanceof y&&(n.code==="bad-state"||n.code==="bad-state-file")?new y("not-found",t):n}}async function Cs(s,e){if(!await xe(s,e.dir))throw new y("not-running",`Cannot cancel task #${e.number}: no process is running it`);await Qe(s.cancelPath(e.dir),JSON.stringify({at:new Date().toISOString()})+`
`)}function Ur(s,e){return{task:{id:s.id,number:s.number,dir:s.dir},requested:!0,stopped:e}}async function Su(s,e,t){let n=Date.now()+t.timeoutMs;for(;;){if(!await xe(s,e.dir))return!0;if(Date.now()>=n)return!1;await new Promise(r=>setTimeout(r,t.pollIntervalMs??50))}}function Os(s,e){let t=a(u=>{let h=s[u];if(h==null)return!1;if(typeof h!="boolean")throw new y("usage",`${e[u]} takes true or false, not ${qr(h)}`);return h},"flag"),n=t("resume"),r=t("restart"),i;if(s.scenario!==void 0&&s.scenario!==null){if(typeof s.scenario!="string"||s.scenario==="")throw new y("usage",`${e.scenario} takes a name, not ${qr(s.scenario)}`);i=s.scenario}if(n&&(i!==void 0||r))throw new y("usage",`${e.resume} plays the run's own scenario; it does not go with ${e.scenario} or ${e.restart}`);let o=1;if(s.speed!==void 0&&s.speed!==null&&(o=typeof s.speed=="number"||typeof s.speed=="string"?Number(s.speed):NaN,!Number.isFinite(o)||o<=0||s.speed===""))throw new y("usage",`${e.speed} takes a positive number, not ${qr(s.speed)}`);let l;if(s.maxTokens!==void 0&&s.maxTokens!==null){let u=typeof s.maxTokens=="number"||typeof s.maxTokens=="string"?String(s.maxTokens):"";if(!/^\d{1,15}$/.test(u)||Number(u)===0)throw new y("usage",`${e.maxTokens} takes a positive integer, not ${qr(s.maxTokens)}`);l=Number(u)}let c;if(s.maxDuration!==void 0&&s.maxDuration!==null){let u=s.maxDuration;c=$u(typeof u=="number"||typeof u=="string"?String(u):"",e.maxDuration)}return{resume:n,restart:r,speed:o,...i!==void 0?{scenario:i}:{},...l!==void 0?{maxTokens:l}:{},...c!==void 0?{maxDurationSecs:c}:{}}}function qr(s){let e=typeof s=="string"?`"${s}"`:JSON.stringify(s)??String(s);return e.length>42?e.slice(0,40)+"\u2026":e}function $u(s,e="--max-duration"){let t=s.trim();if(/^\d+(\.\d+)?$/.test(t)){let r=Number(t);if(r>0)return r}let n=/^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(t);if(n&&t!==""){let r=Number(n[1]??0)*86400+Number(n[2]??0)*3600+Number(n[3]??0)*60+Number(n[4]??0);if(r>0)return r}throw new y("usage",`${e} takes seconds or a time such as 90s, 15m, 1h30m, not "${t.slice(0,40)}"`)}async function Bo(s,e,t,n){let r=Promise.withResolvers(),i=vu(s,await Ho(s,e),{...n,resume:t.resume,restart:t.restart,speed:t.speed,...t.maxTokens!==void 0?{maxTokens:t.maxTokens}:{},...t.maxDurationSecs!==void 0?{maxDurationSecs:t.maxDurationSecs}:{},onStart:a(l=>r.resolve(l),"onStart")});return i.then(()=>r.reject(new Error("the run ended before it started")),l=>r.reject(l)),{...await r.promise,resume:t.resume,done:i}}var _u,Fr,Hr,Ss,Gt=v(()=>{A();rt();re();ue();pu();xu();_u=1e3,Fr=32*1024;a(Es,"newTask");a(As,"approveTask");a(Ms,"rejectTask");a(kn,"decisionJson");a(Tu,"checkText");a(Ho,"fresh");a(Cs,"requestCancel");a(Ur,"cancelJson");a(Su,"waitStopped");Hr={resume:"--resume",restart:"--restart",scenario:"--scenario",speed:"--speed",maxTokens:"--max-tokens",maxDuration:"--max-duration"};a(Os,"checkRunRequest");a(qr,"show");a($u,"parseDurationSecs");a(Bo,"startRun");Ss=class{static{a(this,"RunHost")}state;#e;#t=new AbortController;#s=new Map;constructor(e,t){this.state=e,this.#e=t}get active(){return this.#s.size}async start(e,t,n){if(this.#t.signal.aborted)throw new y("wrong-state",`Cannot run task #${e.number}: shutting down`);let r=await Bo(this.state,e,t,{settings:await this.#e.settings(),signal:this.#t.signal,interruptMessage:this.#e.closeMessage,...n?{scenario:n}:{},...this.#e.sink?{sink:this.#e.sink}:{},...this.#e.onRepair?{onRepair:this.#e.onRepair}:{}}),i=`${e.dir}/${r.run}/${r.seq}`,o=r.done.then(l=>this.#e.onEnd?.(e,l),l=>this.#e.onEnd?.(e,l instanceof Error?l:new Error(String(l)))).finally(()=>this.#s.delete(i));return this.#s.set(i,o),r}async close(){this.#t.abort(),await Promise.all([...this.#s.values()])}}});var Rg,bn,jg,Ig,Pg,Eu,qg,Fg,Ug,Hg,Au,Mu=v(()=>{Rg={type:"object",additionalProperties:!1,properties:{input_tokens:{type:"integer",minimum:0},output_tokens:{type:"integer",minimum:0},cache_read_tokens:{type:"integer",minimum:0},cache_write_tokens:{type:"integer",minimum:0}}},bn={type:"integer",minimum:0,maximum:36e5},jg={type:"object",additionalProperties:!1,required:["tool"],properties:{tool:{type:"string",minLength:1},input:{},output:{type:"string"},output_repeat:{type:"integer",minimum:1,maximum:1e5},is_error:{type:"boolean"},exit_code:{type:["integer","null"]},timed_out:{type:"boolean"},duration_ms:bn}},Ig={type:"object",additionalProperties:!1,minProperties:1,properties:{text:{type:"string"},thinking:{type:"string"},chunk_chars:{type:"integer",minimum:1},tools:{type:"array",items:{$ref:"#/$defs/tool_call"},minItems:1},parallel:{type:"boolean"},retry:{type:"object",additionalProperties:!1,required:["what"],properties:{what:{type:"string"},attempts:{type:"integer",minimum:1,maximum:20},delay_ms:bn}},fail:{type:"string"},delay_ms:bn}},Pg={type:"object",additionalProperties:!1,required:["role"],properties:{role:{type:"string",minLength:1},model:{type:"string"},usage:Rg,steps:{type:"array",items:{$ref:"#/$defs/step"}}}},Eu={type:"object",additionalProperties:!1,required:["message"],properties:{message:{type:"string",minLength:1},files:{type:"array",items:{type:"string"}},hash:{type:"string",pattern:"^[0-9a-f]{7,64}$"}}},qg={type:"object",additionalProperties:!1,properties:{agents:{type:"array",items:{$ref:"#/$defs/agent"}},status:{enum:["done","failed"]},commit:Eu,conflicts:{type:"array",items:{type:"string"}},delay_ms:bn}},Fg={type:"object",additionalProperties:!1,required:["title","attempts"],properties:{id:{type:"string",pattern:"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"},title:{type:"string"},attempts:{type:"array",items:qg,minItems:1}}},Ug={type:"object",additionalProperties:!1,required:["command"],properties:{command:{type:"string",minLength:1},integration:{type:"boolean"},exit_codes:{type:"array",items:{type:"integer"},minItems:1},fix:{$ref:"#/$defs/agent"}}},Hg={type:"object",additionalProperties:!1,required:["name"],properties:{name:{type:"string",pattern:"^[a-z][a-z0-9_]*$"},repeat:{type:"integer",minimum:1,maximum:1e5},checkpoint:Eu,agents:{type:"array",items:{$ref:"#/$defs/agent"}},subtasks:{type:"array",items:Fg},validations:{type:"array",items:Ug},artefact:{oneOf:[{type:"object",additionalProperties:!1,required:["kind"],properties:{kind:{enum:["spec","plan"]}}},{type:"object",additionalProperties:!1,required:["kind","round"],properties:{kind:{const:"qa_report"},round:{type:"integer",minimum:1}}}]},merge:{type:"object",additionalProperties:!1,properties:{commit:{type:"string"},branch:{type:"string"},base:{type:"string"}}},gate:{enum:["spec","plan","merge"]},summary:{type:"string"},fail:{type:"string"}}},Au={$schema:"https://json-schema.org/draft/2020-12/schema",$id:"https://taskline.dev/schema/scenario.json",title:"taskline scenario",description:"A scripted run of the taskline engine: phases, agents, tools, subtasks.",type:"object",additionalProperties:!1,required:["phases"],properties:{$schema:{type:"string"},name:{type:"string"},description:{type:"string"},tick_ms:bn,workspace_error:{type:"boolean"},lesson:{type:"string"},phases:{type:"array",items:Hg,minItems:1}},$defs:{step:Ig,agent:Pg,tool_call:jg}}});async function Bg(s){if(!Br){let{Ajv2020:t}=await import("ajv/dist/2020.js");Br=new t({allErrors:!0,strict:!1}).compile(Au)}return Br(s)?[]:(Br.errors??[]).slice(0,5).map(t=>{let n=t.params?.additionalProperty?` (${t.params.additionalProperty})`:"";return`${t.instancePath||"/"} ${t.message??"is invalid"}${n}`})}async function Wo(s,e){let t=Lr(s);if(!t.ok)throw new y("usage",`Cannot read scenario ${e}: ${t.message}${t.line>0?` at line ${t.line}`:""}`);return await Wg(t.value,e)}async function Wg(s,e){let t=await Bg(s);if(t.length>0)throw new y("usage",`Cannot use scenario ${e}: ${t.join("; ")} (see docs/scenario.md)`);return s}var Br,Cu=v(()=>{Do();A();Mu();Br=null;a(Bg,"validate");a(Wo,"parseScenario");a(Wg,"checkScenario")});async function Wr(s,e,t={}){if(e==="builtin")return jr;if(e==="-"){if(!t.readStdin)throw new y("usage",'Cannot read the scenario "-" here: name a scenario of .taskline/scenarios/ or "builtin"');return await Wo(await t.readStdin(),"on stdin")}let n=e;!e.includes("/")&&!/\.jsonc?$/.test(e)&&(n=`${s.root}/scenarios/${e}.jsonc`);let r=n.replace(/^\.\//,""),i=s.root.replace(/^\.\//,"");if(!r.startsWith(`${i}/`)||r.split("/").includes(".."))throw new y("usage",`Cannot read scenario ${e.slice(0,200)}: taskline reads only inside ${i}/; put it in ${i}/scenarios/ or pass it on stdin with \`--scenario -\``);let o;try{let l=`Cannot read scenario ${r}: no such file`,[c,u]=await Promise.all([mt(Deno.realPath(r),l),Deno.realPath(s.root)]);if(!c.startsWith(`${u}/`))throw new y("usage",`Cannot read scenario ${r}: it leads outside ${i}/`);if(t.scenariosOnly&&!c.startsWith(`${u}/scenarios/`))throw new y("usage",`Cannot read scenario ${r}: a run request plays only scenarios of ${i}/scenarios/`);if(!(await mt(Deno.stat(c),l)).isFile)throw new y("usage",`Cannot read scenario ${r}: it is not a regular file`);o=await mt(Deno.readTextFile(c),l)}catch(l){throw l instanceof y?l:l instanceof Deno.errors.NotADirectory?new y("not-found",`Cannot read scenario ${r}: no such file`):new y("usage",`Cannot read scenario ${r}: ${l.message}`)}return await Wo(o,r)}var zo=v(()=>{A();re();Fo();Cu();a(Wr,"loadScenario")});async function zr(s,e,t){let n=[],r=0;for await(let l of s){if(r+=l.length,r>e)throw new y("usage",`${t} on stdin is larger than ${Math.round(e/1024/1024)} MiB`);n.push(l)}let i=new Uint8Array(r),o=0;for(let l of n)i.set(l,o),o+=l.length;return new TextDecoder().decode(i)}function Lu(s){return s instanceof Deno.errors.BrokenPipe||s instanceof Error&&/broken pipe|os error 32/i.test(s.message)}var Ou,Jo,zg,Jg,Ko,vn=v((function(){A();Ou=new TextEncoder,Jo=512*1024,zg=64*1024,Jg=3,Ko=class{static{a(this,"WriterSink")}#e;#t=0;#s;#n=null;#r=null;#o;#i;#a;#l=!1;#c=0;#u;isTerminal;constructor(e,t={}){this.#o=e,this.#a=t.sync??!1,this.#u=t.writeBehind??!1,this.isTerminal=t.isTerminal??!1,this.#i=t.bufferBytes??64*1024}async write(e){let t=this.#e??=new Uint8Array(Jo);if(e.length*3>t.length-this.#t&&(await this.#h(),e.length*3>this.#e.length)){await this.writeBytes(Ou.encode(e));return}this.#t+=Ou.encodeInto(e,this.#e.subarray(this.#t)).written,this.#t>=this.#i&&await this.#h()}async writeBytes(e){if(!this.#l&&e.length>=this.#i){await this.flush(),await this.#d(e);return}let t=0;for(;t<e.length;){let n=this.#e??=new Uint8Array(Jo);this.#t===n.length&&await this.#h();let r=Math.min(e.length-t,this.#e.length-this.#t);this.#e.set(e.subarray(t,t+r),this.#t),this.#t+=r,t+=r}this.#t>=this.#i&&await this.#h()}async flush(){this.#t>0&&await this.#h(),this.#n!==null&&await this.#n,this.#f()}async#h(){if(this.#t===0)return;if(!this.#l){let n=this.#e.subarray(0,this.#t);this.#t=0,await this.#d(n);return}this.#n!==null&&await this.#n,this.#f();let e=this.#e,t=e.subarray(0,this.#t);this.#e=this.#s??new Uint8Array(Jo),this.#s=void 0,this.#t=0,this.#n=this.#p(t).then(()=>{this.#s=e},n=>{this.#r=n}).finally(()=>{this.#n=null})}#f(){if(this.#r===null)return;let e=this.#r;throw this.#r=null,e}async#p(e){let t=0;for(;t<e.length;)t+=await this.#o.write(e.subarray(t))}async#d(e){let t=0,n=this.#o.writeSync;if(this.#a&&n){let r=this.#u?performance.now():0;for(;t<e.length;)t+=n.call(this.#o,e.subarray(t));if(this.#u&&e.length>=zg){let i=performance.now()-r>e.length/2e6;this.#c=i?this.#c+1:0,this.#c>=Jg&&(this.#l=!0)}return}for(;t<e.length;)t+=await this.#o.write(e.subarray(t))}};a(zr,"readStdinText");a(Lu,"isBrokenPipe")}));var Nu={};W(Nu,{RUN_HELP:()=>Kg,runCommand:()=>Xg});function Yg(s){let e=s.event,t=s.at.slice(11,19);switch(e.type){case"run_started":return`${t} \u25B6 run ${String(e.run).slice(0,8)} started (seq ${s.seq})`;case"phase_started":return`${t}   phase ${e.phase}`;case"phase_finished":return`${t}   phase ${e.phase} ${e.success?"done":"failed"}: ${e.summary}`;case"subtask_updated":return e.status==="pending"?null:`${t}     subtask ${String(e.subtask).slice(0,8)} ${e.status}`;case"validation_finished":return`${t}     ${e.passed?"\u2713":"\u2717"} ${e.command} (exit ${e.exit_code})`;case"committed":return`${t}     commit ${String(e.commit).slice(0,8)} ${e.message}`;case"merged":return`${t}     merged ${e.branch} into ${e.base}`;case"retrying":return`${t}     retrying ${e.what} (attempt ${e.attempt})`;case"approval_requested":return`${t} ? waiting for approval of the ${e.gate} gate`;case"paused":return`${t} \u23F8 paused: ${e.reason}`;case"log":return e.level==="error"||e.level==="warn"?`${t} ! ${e.message}`:null;case"run_finished":return`${t} \u25A0 run finished: ${e.status}${e.success?"":" (not successful)"}`;default:return null}}function Gg(s){let e=s.task.number;switch(s.run_status){case"done":return`Task #${e} is done.`;case"awaiting_approval":return`Task #${e} waits for approval of the ${s.pending_approval} gate: \`taskline approve ${e}\` or \`taskline reject ${e} --reason TEXT\`, then \`taskline run ${e} --resume\`.`;case"budget_exhausted":return`Task #${e} paused, ${s.last_error}. Raise the budget (--max-tokens, --max-duration or pipeline.max_tokens, pipeline.max_duration_secs) and run \`taskline run ${e} --resume\`.`;case"cancelled":return`Task #${e}: run ${s.last_error}. Continue it with \`taskline run ${e} --resume\`.`;case"failed":return`Task #${e} failed: ${s.last_error}`}}async function Xg(s,e){let{values:t,positionals:n}=P("run",e,{scenario:{type:"string"},resume:{type:"boolean"},restart:{type:"boolean"},speed:{type:"string"},"max-tokens":{type:"string"},"max-duration":{type:"string"},json:{type:"boolean"}});if(s.json=t.json===!0,n.length!==1)throw new y("usage","taskline run: name one task, for example `taskline run 3`");let r=Os({resume:t.resume===!0,restart:t.restart===!0,scenario:t.scenario,speed:t.speed,maxTokens:t["max-tokens"],maxDuration:t["max-duration"]},Hr),i=await s.task(n[0]),o=await s.settings(),l=r.scenario!==void 0?await Wr(s.state,r.scenario,{readStdin:a(()=>zr(s.io.stdin,Vg,"The scenario"),"readStdin")}):void 0,c=s.io.stdout,u=Promise.resolve(),h=a(p=>{u=u.then(()=>c.write(p+`
`)).then(()=>c.flush()).catch(()=>{})},"print"),f=bs(s.state),d=await(async()=>await(await Bo(s.state,i,r,{...l?{scenario:l}:{},settings:o,signal:s.io.signal,onRepair:a(m=>void s.warn(m),"onRepair"),sink:f.sink,onEnvelope:a(m=>{if(s.json)h(Fe(m));else{let g=Yg(m);g!==null&&h(g)}},"onEnvelope")})).done)().finally(()=>f.close());return h(s.json?JSON.stringify(d):Gg(d)),await u,d.exit_code}var Kg,Vg,Du=v(()=>{ws();A();Gt();zo();oe();vs();vn();Kg=`Usage: taskline run <TASK> [options]

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
                            a summary {"run_status","last_error","run","task",...}`,Vg=16*1024*1024;a(Yg,"human");a(Gg,"hint");a(Xg,"runCommand")});function Qg(s){return s===null?"null":Array.isArray(s)?"array":typeof s=="number"?Number.isInteger(s)?"integer":"number":typeof s}function xn(s){let e=[];if(s.type!==void 0){let r=new Set(Array.isArray(s.type)?s.type:[s.type]);r.has("number")&&r.add("integer");let i=[...Array.isArray(s.type)?s.type:[s.type]].join(" or "),o=r.size===1?[...r][0]:"";o==="string"?e.push(l=>typeof l=="string"?null:`is not ${i}`):o==="boolean"?e.push(l=>typeof l=="boolean"?null:`is not ${i}`):e.push(l=>r.has(Qg(l))?null:`is not ${i}`)}if(typeof s.minLength=="number"){let r=s.minLength;e.push(i=>typeof i=="string"&&i.length<r?"is empty":null)}if(typeof s.pattern=="string"){let r=new RegExp(s.pattern);e.push(i=>typeof i=="string"&&!r.test(i)?`does not match ${s.pattern}`:null)}if(typeof s.minimum=="number"){let r=s.minimum;e.push(i=>typeof i=="number"&&i<r?`is below ${r}`:null)}if(Array.isArray(s.enum)){let r=s.enum;e.push(i=>r.includes(i)?null:`is not one of ${r.join(", ")}`)}if(s.const!==void 0&&e.push(r=>r===s.const?null:`is not ${s.const}`),s.format==="date-time"&&e.push(r=>typeof r=="string"&&Re(r)===null?"is not an RFC 3339 time":null),s.items&&typeof s.items=="object"){let r=xn(s.items);e.push(i=>{if(!Array.isArray(i))return null;for(let o=0;o<i.length;o++){let l=r(i[o]);if(l)return`[${o}] ${l}`}return null})}let n=a((r,i)=>{if(!r&&!i)return null;let o=Object.entries(r??{}).map(([l,c])=>[l,xn(c)]);return l=>{if(l===null||typeof l!="object"||Array.isArray(l))return null;let c=l;for(let u of i??[])if(c[u]===void 0)return`lacks ${u}`;for(let[u,h]of o){if(c[u]===void 0)continue;let f=h(c[u]);if(f)return`.${u} ${f}`}return null}},"objectCheck")(s.properties,s.required);if(n&&e.push(n),s.if&&s.then){let r=xn(s.if),i=xn(s.then);e.push(o=>r(o)===null?i(o):null)}return e.length===0?()=>null:e.length===1?e[0]:r=>{for(let i of e){let o=i(r);if(o)return o}return null}}function e0(s){let e=Object.keys(s).sort().join(","),t=JSON.stringify(s.type);return e==="type"&&t==='"string"'?1:e==="minLength,type"&&t==='"string"'&&s.minLength===1?2:e==="type"&&t==='["string","null"]'?3:e==="type"&&t==='"boolean"'?4:e==="type"&&t==='"number"'?5:0}function t0(s,e){switch(s){case 1:return typeof e=="string";case 2:return typeof e=="string"&&e!=="";case 3:return e===null||typeof e=="string";case 4:return typeof e=="boolean";case 5:return typeof e=="number";default:return!1}}function Iu(s){return Object.hasOwn(Ru,s)?Ru[s]:void 0}function s0(s,e){let t=Iu(s);return Object.entries(e).filter(([n])=>n!=="run"&&!t?.has(n)).map(([n,r])=>({name:n,kind:e0(r.schema),check:xn(r.schema),required:!r.optional&&r.default0_5===void 0,default0_5:r.default0_5}))}function Pu(s,e){if(s===null||typeof s!="object"||Array.isArray(s))return{ok:!1,reason:"not a JSON object"};let t=s,n=t.type;if(typeof n!="string")return{ok:!1,reason:"no string type"};let r=n0.get(n);if(r===void 0){if(!Zg.test(n))return{ok:!1,reason:`type ${JSON.stringify(n.slice(0,80))} is not a plain name (1 to 64 of A-Z a-z 0-9 _ . : -)`};let{type:u,run:h,...f}=t;return{ok:!0,event:e===void 0?{type:n,...f}:{type:n,run:e,...f}}}let i,o=!1;if(n==="tool_returned"&&t.output!==void 0){if(typeof t.output!="string")return{ok:!1,reason:"tool_returned.output is not string"};if(typeof t.call!="string")return{ok:!1,reason:"tool_returned with output lacks call (the trace store keeps an output by its call)"};i=t.output,o=!0}let l=e===void 0?{type:n}:{type:n,run:e};for(let u of r){if(o&&ju.has(u.name))continue;let h=t[u.name];if(h===void 0){if(u.required)return{ok:!1,reason:`${n} lacks ${u.name}`};u.default0_5&&(l[u.name]=u.default0_5());continue}let f=u.kind!==0&&t0(u.kind,h)?null:u.check(h);if(f){let d=f.startsWith(".")||f.startsWith("[")?"":" ";return{ok:!1,reason:`${n}.${u.name}${d}${f}`}}l[u.name]=h}let c=Iu(n);for(let u in t)u==="type"||u==="run"||Object.hasOwn(l,u)||c?.has(u)||o&&(u==="output"||ju.has(u))||Object.defineProperty(l,u,{value:t[u],enumerable:!0,writable:!0,configurable:!0});return i===void 0?{ok:!0,event:l}:{ok:!0,event:l,output:i}}var Zg,Ru,ju,n0,qu=v(()=>{is();ut();Zg=/^[A-Za-z0-9_.:-]{1,64}$/,Ru={run_started:new Set(["task"]),run_finished:new Set(["usage","active_ms","started_at"])},ju=new Set(["preview","output_chars","output_file"]);a(Qg,"typeName");a(xn,"compile");a(e0,"kindOf");a(t0,"inlineOk");a(Iu,"setByTaskline");a(s0,"rulesOf");n0=new Map(Object.entries(Ys).map(([s,e])=>[s,s0(s,e)]));a(Pu,"checkEventInput")});var Fu={};W(Fu,{RECORD_HELP:()=>i0,RECORD_LINE_BYTES_MAX:()=>Yo,recordCommand:()=>o0});async function o0(s,e){let{values:t,positionals:n}=P("record",e,{resume:{type:"boolean"},restart:{type:"boolean"},json:{type:"boolean"}});if(s.json=t.json===!0,n.length!==1)throw new y("usage","taskline record: name one task, for example `taskline record 3 < events.jsonl`");let r=t.resume===!0;if(r&&t.restart)throw new y("usage","taskline record: --resume and --restart do not go together");let i=await s.task(n[0]),o=await s.settings(),l=bs(s.state),c;try{c=await St.open(s.state,i,{mode:r?"resume":"new",settings:o,onRepair:a(h=>void s.warn(h),"onRepair"),sink:l.sink})}catch(h){throw l.close(),h}let u=a(()=>{},"stopWatch");try{let h=i.record.status;if(r&&c.runState.run===c.run&&c.runState.pending_approval)throw new y("wrong-state",`Cannot resume task #${i.number}: it waits for approval of the ${c.runState.pending_approval} gate; answer with \`taskline approve ${i.number}\` or \`taskline reject ${i.number} --reason TEXT\``);if(r&&h==="done")throw new y("wrong-state",`Cannot resume task #${i.number}: its run is done; record a new run with \`taskline record ${i.number}\``);if(!r&&h==="paused"&&!t.restart)throw new y("wrong-state",`Cannot start a new run of task #${i.number}: its run is paused; continue it with \`taskline record ${i.number} --resume\` or start over with --restart`);await $s(s.state,i.dir);let f=s.io.stdout,d=s.json;d&&c.subscribe(F=>{d&&f.write(Fe(F)+`
`).catch(()=>d=!1)});let p=a(async()=>{d&&await f.flush().catch(()=>d=!1)},"flushOut"),m=s.io.stdin.getReader(),g={why:null},k=a(F=>{g.why===null&&(g.why=F,m.cancel().catch(()=>{}))},"stopNow"),b=a(()=>k("interrupt"),"onAbort");s.io.signal.aborted&&b(),s.io.signal.addEventListener("abort",b,{once:!0}),u=Ir(s.state,i.dir,()=>k("cancel"),{watch:!1}),c.start(),i.record.status="running",await xt(s.state,i),await c.saveState(),await p();let x=0,$=!1,_=a(async(F,Z)=>{x++,x<=Vo&&await s.warn(`line ${F} of stdin not written: ${Z}`)},"reject"),M,C=Promise.resolve(),O=a(()=>{M??=setTimeout(()=>{M=void 0,C=C.then(()=>c.saveState()).catch(()=>{})},r0)},"saveSoon"),B=a(F=>{let Z=c.runState;for(let L of F)L.type==="agent_finished"||L.type==="phase_started"?O():L.type==="approval_requested"&&(Z.pending_approval=L.gate,O())},"applyToRunState"),G=new Q({lineBytesMax:Yo}),se=0,At=!1,ke=null,X=0,q=!1;try{for(;ke===null&&g.why===null;){let F=await m.read();if(g.why!==null)break;let Z;F.done?(q=!0,Z=Uint8Array.of(10)):Z=F.value;let L=[],fe=[];for(let ct of G.push(Z).lines){if(se++,ke!==null){X++;continue}if(ct===os){await _(se,`longer than ${Yo} bytes`);continue}if(ct===Gs){await _(se,"not valid UTF-8");continue}let Mt=ct.endsWith("\r")?ct.slice(0,-1):ct;if(Mt.trim()==="")continue;let Xn;try{Xn=JSON.parse(Mt)}catch(Te){await _(se,`not JSON (${Te.message.slice(0,120)})`);continue}let Vs=Pu(Xn,c.run);if(!Vs.ok){await _(se,Vs.reason);continue}let Ii=Xn.run;!$&&typeof Ii=="string"&&Ii!==c.run&&($=!0,await s.warn(`line ${se} of stdin names run ${Ii.slice(0,40)}; taskline sets run to ${c.run} in every event`));let Ct=Vs.event,gp=!At;if(At=!0,Ct.type==="run_started"){gp||await _(se,"run_started only as the first event (a resumed run is `taskline record --resume`)");continue}if(Ct.type==="run_finished"){ke={success:Ct.success,status:Ct.status};continue}if(Vs.output!==void 0){let Te=Ct,_l=await c.keepOutput({role:Te.role,tool:Te.tool,call:Te.call,subtask:Te.subtask,output:Vs.output,is_error:Te.is_error,duration_ms:Te.duration_ms,exit_code:Te.exit_code,timed_out:Te.timed_out}),{type:$k,...wp}=_l,Pi={type:_l.type,run:c.run,...wp};for(let qi in Te)qi in Pi||(Pi[qi]=Te[qi]);L.push(Pi),fe.push(void 0);continue}L.push(Ct);let yp=a0(Xn,Ct)&&!Mt.includes("\r");fe.push(yp?Mt:void 0)}if(L.length>0&&(c.emitAll(L,{texts:fe}),B(L)),await p(),q)break}}finally{clearTimeout(M),await C,s.io.signal.removeEventListener("abort",b),u(),q||await m.cancel().catch(()=>{}),m.releaseLock()}let U;if(ke!==null?(await c.finish(ke),i.record.status=ke.status,U=ke.success?0:ke.status==="paused"?2:1):g.why==="cancel"?(c.emit({type:"log",level:"warn",message:"run stopped: cancelled by `taskline cancel`"}),await c.finish({success:!1,status:"cancelled"}),i.record.status="cancelled",U=130):(c.emit({type:"log",level:"error",message:g.why==="interrupt"?"taskline record was interrupted (Ctrl-C or SIGTERM) before the input's run_finished":"standard input closed without run_finished"}),await c.finish({success:!1,status:"failed"}),i.record.status="failed",U=g.why==="interrupt"?130:1),await xt(s.state,i),await p(),x>Vo&&await s.warn(`${x} lines of stdin were not written (the first ${Vo} are listed above)`),X>0&&await s.warn(`${X} line(s) after run_finished were not read`),!s.json){let F=i.record.status;await f.write(`Task #${i.number}: run ${c.run.slice(0,8)} finished ${F} at seq ${c.seq}${x>0?` (${x} line(s) of stdin not written)`:""}
`)}return U}catch(h){throw await c.close({message:`record failed: ${h.message}`}).catch(()=>{}),c.finished&&i.record.status==="running"&&(i.record.status="failed",await xt(s.state,i).catch(()=>{})),h}finally{u(),await $s(s.state,i.dir),await c.close(),l.close()}}function a0(s,e){let t=Object.keys(e),n=0;for(let i of t)i!=="run"&&(t[n++]=i);let r=0;for(let i in s)if(r>=n||t[r++]!==i)return!1;return r===n}var Yo,Vo,r0,i0,Uu=v(()=>{Ae();ws();Je();A();Uo();qu();Rr();ue();vs();oe();Yo=16*1024*1024,Vo=100,r0=200,i0=`Usage: taskline record <TASK> [--resume] [--restart] [--json]

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

Options:
  --resume    continue the task's current run (same run id, seq continues)
  --restart   start a new run even though the current one is paused
  --json      print each envelope as written (agent_delta included), one a line`;a(o0,"recordCommand");a(a0,"sameKeys")});var Go={};W(Go,{APPROVE_HELP:()=>l0,REJECT_HELP:()=>c0,approveCommand:()=>u0,rejectCommand:()=>h0});async function Hu(s,e,t){let n=t?"approve":"reject",{values:r,positionals:i}=P(n,e,{comment:{type:"string"},reason:{type:"string"},json:{type:"boolean"}});if(s.json=r.json===!0,i.length!==1)throw new y("usage",`taskline ${n}: name one task, for example \`taskline ${n} 3\``);if(t&&r.reason!==void 0)throw new y("usage","taskline approve: use --comment (--reason is for reject)");if(!t&&r.comment!==void 0)throw new y("usage","taskline reject: use --reason (--comment is for approve)");let o=t?r.comment:r.reason;if(!t&&(typeof o!="string"||o.trim()===""))throw new y("usage","taskline reject: say why with --reason TEXT");let l=await s.task(i[0]),c=await s.settings(),u=t?await As(s.state,l,typeof o=="string"?o:null,{settings:c}):await Ms(s.state,l,String(o),{settings:c}),h=l.number;return s.json?await s.io.stdout.write(JSON.stringify(kn(l,u))+`
`):await s.io.stdout.write(`${t?"Approved":"Rejected"} the ${u.gate} gate of task #${h} (run ${u.run.slice(0,8)}). Continue with \`${u.recorded?`<your engine> | taskline record ${h} --resume`:`taskline run ${h} --resume`}\`.
`),0}function u0(s,e){return Hu(s,e,!0)}function h0(s,e){return Hu(s,e,!1)}var l0,c0,Xo=v(()=>{A();Gt();oe();l0=`Usage: taskline approve <TASK> [--comment TEXT] [--json]

Approves the gate a paused run waits for (approval_resolved is recorded in
that run). Continue the run with \`taskline run <TASK> --resume\` (a run of
your own engine with \`taskline record <TASK> --resume\`).
Fails when nothing is pending or a process runs the task.`,c0=`Usage: taskline reject <TASK> --reason TEXT [--json]

Rejects the gate a paused run waits for: the work goes back to the phase
before the gate, which is played again on \`taskline run <TASK> --resume\` (a run
of your own engine goes on with \`taskline record <TASK> --resume\`).
Fails when nothing is pending or a process runs the task.`;a(Hu,"decide");a(u0,"approveCommand");a(h0,"rejectCommand")});var Bu={};W(Bu,{CANCEL_HELP:()=>f0,cancelCommand:()=>p0});async function p0(s,e){let{values:t,positionals:n}=P("cancel",e,{"no-wait":{type:"boolean"},json:{type:"boolean"}});if(s.json=t.json===!0,n.length!==1)throw new y("usage","taskline cancel: name one task, for example `taskline cancel 3`");let r=await s.task(n[0]);await Cs(s.state,r);let i=t["no-wait"]?!1:await Su(s.state,r,{timeoutMs:d0}),o=r.number;return s.json?await s.io.stdout.write(JSON.stringify(Ur(r,i))+`
`):i?await s.io.stdout.write(`Cancelled the run of task #${o}.
`):await s.io.stdout.write(`Asked task #${o} to stop${t["no-wait"]?"":"; it has not stopped yet"}.
`),0}var f0,d0,Wu=v(()=>{A();Gt();oe();f0=`Usage: taskline cancel <TASK> [--no-wait] [--json]

Asks the process that runs the task to stop; it ends the run with
run_finished (status cancelled) and exits 130. Waits up to 10 s for it to
stop unless --no-wait. Fails when no process runs the task.`,d0=1e4;a(p0,"cancelCommand")});var Ku={};W(Ku,{GITIGNORE_LINES:()=>Qo,INIT_HELP:()=>m0,SETTING_DOCS:()=>Zo,defaultConfigText:()=>Ju,initCommand:()=>g0});function zu(s,e){let t=s.split(" "),n=[],r="";for(let i of t)r!==""&&e.length+3+r.length+1+i.length>96?(n.push(r),r=i):r=r===""?i:`${r} ${i}`;return r!==""&&n.push(r),n.map(i=>`${e}// ${i}
`).join("")}function Ju(){let s=Oe(),e=`// taskline settings (JSON with comments). Every setting is listed at its default;
// change a value to override it. Unknown keys give a warning naming the key.
{
`,t=Object.entries(s);return t.forEach(([n,r],i)=>{let o=i===t.length-1;if(r!==null&&typeof r=="object"&&!Array.isArray(r)&&n!=="pricing"){e+=`  "${n}": {
`;let l=Object.entries(r);l.forEach(([c,u],h)=>{e+=zu(Zo[`${n}.${c}`]??"","    "),e+=`    "${c}": ${JSON.stringify(u)}${h===l.length-1?"":","}
`}),e+=`  }${o?"":","}
`}else e+=zu(Zo[n]??"","  "),e+=`  "${n}": ${JSON.stringify(r)}${o?"":","}
`}),e+`}
`}async function g0(s,e){let{values:t}=P("init",e,{json:{type:"boolean"}});s.json=t.json===!0;let n=s.state,r=[],i=[];for(let l of[n.root,n.tasksDir,`${n.root}/scenarios`])await pt(l)?i.push(`${l}/`):(await Deno.mkdir(l,{recursive:!0}),r.push(`${l}/`));await pt(n.configPath)?i.push(n.configPath):(await Deno.writeTextFile(n.configPath,Ju(),{createNew:!0}),r.push(n.configPath));let o=`${n.root}/.gitignore`;if(await pt(o)){let l=await Deno.readTextFile(o),c=new Set(l.split(`
`).map(h=>h.trim())),u=Qo.filter(h=>!c.has(h));if(u.length>0){let h=l===""||l.endsWith(`
`)?"":`
`;await Deno.writeTextFile(o,`${l}${h}${u.join(`
`)}
`),r.push(`${o} (added ${u.join(", ")})`)}else i.push(o)}else await Deno.writeTextFile(o,`# written by taskline init: local files that are not shared
`+Qo.join(`
`)+`
`),r.push(o);if(s.json)await s.io.stdout.write(JSON.stringify({created:r,kept:i})+`
`);else{for(let l of r)await s.io.stdout.write(`created ${l}
`);for(let l of i)await s.io.stdout.write(`kept    ${l}
`);await s.io.stdout.write(r.length===0?`Nothing to do: this project is set up already.
`:'Next: `taskline task new "<title>"`, then `taskline run 1`.\n')}return 0}var m0,Zo,Qo,Vu=v(()=>{ot();re();oe();m0=`Usage: taskline init [--json]

Creates .taskline/ in the current directory (the project root) with
config.jsonc (every setting, commented, at its default), .gitignore, tasks/
and scenarios/. Files that exist are kept, so it is safe to run twice.`,Zo={"pipeline.approvals":'Gates that wait for a human: any of "spec", "plan", "merge". The run pauses (exit 2) until `taskline approve` or `taskline reject`.',"pipeline.trace_outputs":"Keep the complete output of every tool call in .taskline/tool-output/ (the trace store).","pipeline.trace_max_chars":"Longest kept output file, in characters; a longer output is cut and ends with a marker line.","pipeline.max_validation_fix_attempts":"Automatic fixes of failed validation commands over the whole run.","pipeline.max_tokens":"Pause the run after this many tokens (input + output), resumes included; null is off. `taskline run --max-tokens` sets it for one invocation.","pipeline.max_duration_secs":"Pause the run after this much active time in seconds, resumes included; null is off. `taskline run --max-duration` sets it for one invocation.","pipeline.project_memory":"Append a lesson of each finished task to .taskline/memory.jsonl (`taskline memory list`).","pipeline.validation_commands":"Commands that must pass before a task is done.","pipeline.isolate_subtasks":"Run each subtask attempt in its own worktree and branch `<task branch>--s<N>-a<attempt>`.","pipeline.auto_merge":"Merge the task branch into its base when the task is done.",pricing:'Prices per million tokens keyed "<provider>/<model>", e.g. {"anthropic/claude-sonnet-4-5": {"input": 3, "output": 15, "cache_read": 0.3, "cache_write": 3.75}}; none by default, so no cost is shown.',pricing_currency:"Currency of the prices.","server.host":"Address `taskline serve` binds to (loopback only).","server.port":"Port of `taskline serve`; 0 takes a free port.","security.web_allowed_domains":"Domains the agents' web tool may fetch.","fleet.project":"Name of this project on the stream of `taskline ship`; null is the name of the project's directory.","fleet.stream":"JetStream stream of `taskline ship` and `taskline mirror`.","security.search_url":"Search endpoint of the agents' search tool; null is none."},Qo=["tool-output/","server.token","*.lock","cancel.request","cache/","live.json","live-*.json","nats.token","nats.nkey","nats.creds"];a(zu,"comment");a(Ju,"defaultConfigText");a(g0,"initCommand")});function Ls(s,e){return e?"running":s==="running"?"interrupted":s}var ea=v(()=>{a(Ls,"shownStatus")});var Xu={};W(Xu,{TASK_HELP:()=>y0,parseImport:()=>Gu,taskCommand:()=>x0});function _n(s,e){return{id:s.id,number:s.number,title:s.record.title,status:s.record.status,dir:s.dir,branch:Wt(s),created_at:s.record.created_at,running:e}}async function k0(s,e){if(e==="-")return await zr(s.io.stdin,w0,"The import");let t=e.replace(/^\.\//,""),n=s.state.root.replace(/^\.\//,"");if(!t.startsWith(`${n}/`)||t.split("/").includes(".."))throw new y("usage",`Cannot import ${e}: taskline reads only inside ${n}/; move the file there or pipe it with \`taskline task import - < ${e}\``);return await mt(Deno.readTextFile(t),`Cannot import ${t}: no such file`)}function Gu(s,e){let t;try{t=JSON.parse(s)}catch(r){throw new y("usage",`Cannot import ${e}: not JSON (${r.message})`)}let n=Array.isArray(t)?t:t&&typeof t=="object"&&Array.isArray(t.tasks)?t.tasks:null;if(!n)throw new y("usage",`Cannot import ${e}: expected a list of tasks or {"tasks": [...]}`);if(n.length>Yu)throw new y("usage",`Cannot import ${e}: more than ${Yu} tasks`);return n.map((r,i)=>{let o=r;if(!o||typeof o!="object"||typeof o.title!="string"||o.title.trim()==="")throw new y("usage",`Cannot import ${e}: task ${i+1} has no "title"`);if(o.description!==void 0&&typeof o.description!="string")throw new y("usage",`Cannot import ${e}: task ${i+1}: "description" must be text`);if(o.status!==void 0&&typeof o.status!="string")throw new y("usage",`Cannot import ${e}: task ${i+1}: "status" must be text`);return{title:o.title,...typeof o.description=="string"?{description:o.description}:{},...typeof o.status=="string"?{status:o.status}:{}}})}async function b0(s,e,t){let n=[];for await(let r of me(s.state.logPath(e.dir),{prefilter:a(i=>i.includes('"phase_'),"prefilter"),onProblem:s.problem}))for(let i of r.records){let o=i.env.event;if(I(i.env.event)===t){if(o.type==="phase_started")n.push({phase:String(o.phase),state:"running",summary:null});else if(o.type==="phase_finished"){let l=[...n].reverse().find(c=>c.phase===o.phase&&c.state==="running");l&&(l.state=o.success?"done":"failed",l.summary=String(o.summary))}}}return n.length>1e3&&n.splice(0,n.length-1e3),n}async function v0(s,e){let t=await s.task(e),n=await xe(s.state,t.dir),r=await Me(s.state.logPath(t.dir)),i=await _s(s.state,t.dir),o=null;if(r){let u=i.run===r.run;o={id:r.run,pending_approval:u?i.pending_approval:null,tokens:u?i.usage.input_tokens+i.usage.output_tokens:null,usage:u?i.usage:null,active_ms:u?i.active_ms:null,validation_fix_attempts:u?i.validation_fix_attempts:null,phases:await b0(s,t,r.run)}}let l=s.io.stdout;if(s.json)return await l.write(JSON.stringify({..._n(t,n),description:t.record.description??null,task:t.record,run:o})+`
`),0;let c=[`#${t.number} ${t.record.title}`,`  status:   ${Ls(t.record.status,n)}${n?" (a process is running it)":t.record.status==="running"?" (task.json says running, but no process runs it: its process died)":""}`,`  id:       ${t.id}`,`  dir:      ${s.state.taskDir(t.dir)}`,`  branch:   ${Wt(t)}`,`  created:  ${t.record.created_at}`];if(t.record.description&&c.push(`  description: ${t.record.description}`),o){c.push(`  run:      ${o.id}`),o.pending_approval&&c.push(`  waits for approval of the ${o.pending_approval} gate`),o.tokens!==null&&c.push(`  tokens:   ${o.tokens}, active ${((o.active_ms??0)/1e3).toFixed(1)} s`);for(let u of o.phases)c.push(`    ${u.phase.padEnd(12)} ${u.state}${u.summary?`: ${u.summary}`:""}`)}else c.push("  run:      none yet");return await l.write(c.map(u=>D(u)).join(`
`)+`
`),0}async function x0(s,e){let[t,...n]=e,{values:r,positionals:i}=P(`task ${t??""}`.trim(),n,{description:{type:"string"},json:{type:"boolean"}});s.json=r.json===!0;let o=s.io.stdout,l=a(c=>{if(i.length!==1)throw new y("usage",`taskline task ${t}: name ${c}`);return i[0]},"one");if(r.description!==void 0&&t!=="new")throw new y("usage",`taskline task ${t}: --description is for task new`);switch(t){case"new":{let c=l('the title, for example `taskline task new "Add login"`'),u=await Es(s.state,{title:c,...r.description!==void 0?{description:String(r.description)}:{}});return s.json?await o.write(JSON.stringify(_n(u,!1))+`
`):await o.write(D(`Created task #${u.number} ${u.record.title} (${u.dir})`)+`
`),0}case"list":{if(i.length>0)throw new y("usage","taskline task list takes no task");let c=await s.tasks(),u=await Promise.all(c.map(async d=>_n(d,await xe(s.state,d.dir))));if(s.json)return await o.write(JSON.stringify(u)+`
`),0;if(u.length===0)return await o.write('No tasks yet: `taskline task new "<title>"`.\n'),0;let h=a(d=>D(Ls(d.status,d.running))+(d.running?"*":""),"shown"),f=Math.max(6,...u.map(d=>it(h(d))));for(let d of u){let p=h(d)+" ".repeat(f-it(h(d)));await o.write(`#${String(d.number).padEnd(4)} ${p}  ${D(d.title)}
`)}return u.some(d=>d.running)&&await o.write(`(* a process is running it)
`),0}case"show":return await v0(s,l("one task, for example `taskline task show 3`"));case"import":{let c=l("a file inside .taskline/ or - for stdin");await s.state.requireExists();let u=Gu(await k0(s,c),c==="-"?"stdin":c),h=[];for(let f of u){let d=await br(s.state,f.title,{...f.description!==void 0?{description:f.description}:{},...f.status!==void 0?{status:f.status}:{}});h.push(_n(d,!1))}if(s.json)await o.write(JSON.stringify(h)+`
`);else{for(let f of h)await o.write(D(`Created task #${f.number} ${f.title} (${f.dir})`)+`
`);h.length===0&&await o.write(`The document has no tasks.
`)}return 0}case"discard":{let c=await s.task(l("one task, for example `taskline task discard 3`")),u;try{u=await ln(s.state,c.dir)}catch(h){throw h instanceof y&&h.code==="task-running"?new y("task-running",`Cannot discard task #${c.number}: a process is running it; stop it first with \`taskline cancel ${c.number}\``):h}try{await et(Deno.remove(`${s.state.toolOutputDir}/${c.dir}`,{recursive:!0})),await Deno.remove(s.state.taskDir(c.dir),{recursive:!0}),await Deno.remove(`${s.state.root}/cache/history/${c.dir}.json`).catch(()=>{})}finally{u.release()}return s.json?await o.write(JSON.stringify({discarded:_n(c,!1)})+`
`):await o.write(D(`Discarded task #${c.number} ${c.record.title}`)+`
`),0}default:throw new y("usage",`taskline task: say what to do: new, list, show, import or discard${t?` (not "${t}")`:""}`)}}var y0,w0,Yu,Zu=v(()=>{Ye();A();rt();ea();dt();mn();ue();re();J();Gt();oe();vn();y0=`Usage: taskline task <new|list|show|import|discard> ...

  task new <TITLE> [--description TEXT] [--json]   creates a task (status ready)
  task list [--json]                                every task, by number
  task show <TASK> [--json]                         one task, its current run and phases
  task import <FILE|-> [--json]                     tasks from a JSON document: a list of
                                                    {"title", "description"?, "status"?}, or
                                                    {"tasks": [...]}. FILE must be inside
                                                    .taskline/; - reads stdin
  task discard <TASK> [--json]                      removes the task and its tool outputs
                                                    (refused while a process runs it)`,w0=16*1024*1024,Yu=1e4;a(_n,"rowOf");a(k0,"readInput");a(Gu,"parseImport");a(b0,"phasesOf");a(v0,"show");a(x0,"taskCommand")});var Qu={};W(Qu,{MEMORY_HELP:()=>_0,memoryCommand:()=>S0});function $0(){try{return Deno.stdin.isTerminal()}catch{return!1}}async function T0(s,e){await s.io.stderr.write(e),await s.io.stderr.flush();let t=s.io.stdin.getReader();try{let{value:n}=await t.read(),r=new TextDecoder().decode(n??new Uint8Array).trim().toLowerCase();return r==="y"||r==="yes"}finally{t.releaseLock()}}async function S0(s,e){let[t,...n]=e,{values:r,positionals:i}=P(`memory ${t??""}`.trim(),n,{json:{type:"boolean"},yes:{type:"boolean",short:"y"}});if(s.json=r.json===!0,i.length>0)throw new y("usage",`taskline memory ${t}: unexpected "${i[0]}"`);await s.state.requireExists();let o=s.io.stdout,l=a((c,u)=>void s.warn(`${s.state.memoryPath}: line ${c}: skipped (${u})`),"warn");switch(t){case"list":{if(r.yes)throw new y("usage","taskline memory list: --yes is for clear");let c=[],u=0;for await(let h of Po(s.state,{onProblem:l}))u++,s.json?c.push(h):await o.write(`${String(h.at).slice(0,10)} #${h.number} ${h.title}: ${h.lesson}
`);return s.json?await o.write(JSON.stringify(c)+`
`):u===0&&await o.write(`No lessons yet: finished tasks add them.
`),0}case"clear":{if(!r.yes){if(!$0())throw new y("usage","taskline memory clear: refusing without --yes because nobody can confirm (stdin is not a terminal)");if(!await T0(s,`Remove every lesson in ${s.state.memoryPath}? [y/N] `))return await o.write(`Kept the lessons.
`),1}let c=await gu(s.state);return s.json?await o.write(JSON.stringify({removed:c})+`
`):await o.write(`Removed ${c} lesson(s).
`),0}default:throw new y("usage",`taskline memory: say list or clear${t?` (not "${t}")`:""}`)}}var _0,eh=v(()=>{A();qo();oe();_0=`Usage: taskline memory <list|clear> [options]

  memory list [--json]   the lessons of finished tasks, oldest first
  memory clear [--yes]   removes every lesson; asks first on a terminal, and
                         without a terminal refuses unless --yes is given

Lessons are written when pipeline.project_memory is on (the default).`;a($0,"stdinIsTerminal");a(T0,"ask");a(S0,"memoryCommand")});var rh={};W(rh,{DOCTOR_HELP:()=>E0,diagnose:()=>nh,doctorCommand:()=>C0});async function A0(s,e,t,n){let r=s.logPath(e.dir),i=new Set,o;try{let m=await ee(r);if(m===null)return{runs:i};o=m}catch(m){let g=m instanceof N;return n.push({level:"error",check:"log",file:r,line:null,message:g?`cannot read the log: ${m.what}`:`cannot read the log: ${m.message}`,fix:g?"replace it with the task's log (a regular file), or remove it; other tasks are read as usual":"check the file's permissions"}),{runs:i}}let l=0,c=a(m=>{l++,l<=ta&&n.push(m)},"add"),u=new Map,h=new Map,f=0,d=0,p=0;try{let m=new Q({}),g=new Uint8Array(1024*1024);for(;;){let k=await o.read(g);if(k===null)break;for(let b of m.push(g.subarray(0,k)).lines){if(p++,b.trim()==="")continue;let x=z(b);if(!x.ok){c({level:"error",check:"log",file:r,line:p,message:`broken line: ${x.reason}`,fix:`repair or remove line ${p} (readers skip it with a warning)`});continue}let $=x.env;if($.schema>2){f++===0&&(d=p);continue}let _=I($.event);if(_&&i.add(_),$.event.type==="run_started"&&_&&h.set(_,p),$.event.type==="run_finished"&&_&&h.delete(_),$.schema<2||typeof $.seq!="number")continue;let M=_??"",C=u.get(M)??{seq:0,line:0},O=_?`run ${_.slice(0,8)}`:"run-less events";$.seq<=C.seq?c({level:"error",check:"log",file:r,line:p,message:`seq ${$.seq} of ${O} repeats or goes back (line ${C.line} has seq ${C.seq})`,fix:`remove the duplicate line ${p}, or restore the log from a backup`}):$.seq!==C.seq+1&&_&&c({level:"error",check:"log",file:r,line:p,message:`seq of ${O} jumps from ${C.seq} to ${$.seq}: ${$.seq-C.seq-1} event(s) are missing`,fix:"the log was edited or copied in part; restore it from a backup"}),$.seq>C.seq&&u.set(M,{seq:$.seq,line:p})}}m.pendingBytes>0&&(p++,t||c({level:"error",check:"log",file:r,line:p,message:`torn last line: ${m.pendingBytes} bytes without a newline`,fix:`the next \`taskline run ${e.number}\` repairs it (completes or cuts the line); or remove line ${p}`}))}finally{o.close()}if(f>0&&n.push({level:"warning",check:"log",file:r,line:d,message:`${f} line(s) of a schema above ${2}, written by a newer taskline`,fix:"upgrade taskline to read them; this version shows them as unknown events"}),!t)for(let[m,g]of h)c({level:"error",check:"log",file:r,line:g,message:`run ${m.slice(0,8)} started here and has no run_finished, and no process runs the task (its process was killed)`,fix:`continue it with \`taskline run ${e.number} --resume\`, or start over with \`taskline run ${e.number} --restart\``});return l>ta&&n.push({level:"error",check:"log",file:r,line:null,message:`${l-ta} more finding(s) in this log not listed`,fix:"fix the ones listed and run doctor again"}),{runs:i}}async function sh(s){let e=0,t=0;for(let n of await tt(s)){let r=`${s}/${n.name}`;if(n.isDirectory){let i=await sh(r);e+=i.files,t+=i.bytes}else n.isFile&&(e++,t+=(await Deno.stat(r)).size)}return{files:e,bytes:t}}function M0(s){return`${(s/1024/1024).toFixed(1)} MiB`}async function nh(s){let e=[];try{let{warnings:l}=await Tt(s);for(let c of l)e.push({level:"warning",check:"settings",file:s.configPath,line:null,message:c.replace(`${s.configPath}: `,""),fix:"correct or remove the key (`taskline init` documents every setting)"})}catch(l){e.push({level:"error",check:"settings",file:s.configPath,line:null,message:l.message,fix:"repair the file; every command uses the defaults until then"})}let t=await ye(s,{onProblem:a(l=>e.push({level:"error",check:"task",file:s.taskJsonPath(l.dir),line:null,message:l.reason,fix:`restore task.json or remove ${s.taskDir(l.dir)}`}),"onProblem")}),n=new Map,r=new Map;for(let l of t){let c=r.get(l.number);c?e.push({level:"warning",check:"task",file:s.taskJsonPath(l.dir),line:null,message:`task number ${l.number} is also used by ${c}`,fix:"give one of them another number in its task.json"}):r.set(l.number,l.dir);let u=await xe(s,l.dir),{runs:h}=await A0(s,l,u,e);n.set(l.dir,h)}let i=new Set((await tt(s.tasksDir)).map(l=>l.name));for(let l of await tt(s.toolOutputDir)){let c=`${s.toolOutputDir}/${l.name}`;if(!l.isDirectory)continue;if(!i.has(l.name)){e.push({level:"warning",check:"trace",file:c,line:null,message:"trace files of a task that no longer exists",fix:`remove ${c}/`});continue}let u=n.get(l.name)??new Set;for(let h of await tt(c))h.isDirectory&&!u.has(h.name)&&e.push({level:"warning",check:"trace",file:`${c}/${h.name}`,line:null,message:"trace files of a run that is not in the task's log",fix:`remove ${c}/${h.name}/`})}let o=await sh(s.toolOutputDir);return e.push({level:o.bytes>th?"warning":"info",check:"trace",file:s.toolOutputDir,line:null,message:`the trace store holds ${o.files} file(s), ${M0(o.bytes)}`,fix:o.bytes>th?"discard old tasks (`taskline task discard`) or set pipeline.trace_outputs to false":"nothing to do"}),{findings:e,tasks:t.length,trace_store:o}}async function C0(s,e){let{values:t,positionals:n}=P("doctor",e,{json:{type:"boolean"}});if(s.json=t.json===!0,n.length>0)throw new y("usage","taskline doctor takes no arguments");await s.state.requireExists();let r=await nh(s.state),i=r.findings.filter(c=>c.level==="error").length,o=r.findings.filter(c=>c.level==="warning").length,l=s.io.stdout;if(s.json)await l.write(JSON.stringify({ok:i===0,errors:i,warnings:o,...r})+`
`);else{for(let c of r.findings){let u=D(c.line!==null?`${c.file}:${c.line}`:c.file);await l.write(`${c.level.padEnd(7)} ${u}: ${D(c.message)}
`),c.level!=="info"&&await l.write(`        fix: ${D(c.fix)}
`)}await l.write(`doctor: ${r.tasks} task(s) checked, ${i} error(s), ${o} warning(s)
`)}return i>0?1:0}var E0,th,ta,ih=v(()=>{Ae();Je();J();Ze();A();rt();K();ot();re();ue();oe();Ye();E0=`Usage: taskline doctor [--json]

Checks the project's state without changing it: config.jsonc, every task and
its events.jsonl (broken lines, a torn last line, gaps or repeats in seq, a
run without its end while no process runs the task, unknown schema versions),
orphaned trace files, and the size of the trace store. Each finding names the
file and line and what to do. Exit 1 when a check fails (an error); warnings
do not fail.`,th=1024*1024*1024,ta=20;a(A0,"checkLog");a(sh,"sizeOf");a(M0,"mib");a(nh,"diagnose");a(C0,"doctorCommand")});function na(s,e){e&&(s.input_tokens+=Xt(e.input_tokens),s.output_tokens+=Xt(e.output_tokens),s.cache_read_tokens+=Xt(e.cache_read_tokens),s.cache_write_tokens+=Xt(e.cache_write_tokens))}function Xt(s){return typeof s=="number"&&Number.isFinite(s)?s:0}function R0(s,e){return{input_tokens:Math.max(s.input_tokens,e.input_tokens),output_tokens:Math.max(s.output_tokens,e.output_tokens),cache_read_tokens:Math.max(s.cache_read_tokens,e.cache_read_tokens),cache_write_tokens:Math.max(s.cache_write_tokens,e.cache_write_tokens)}}function le(s,e=""){return typeof s=="string"?s:e}function ra(s){return typeof s=="string"?s:null}function ia(){return{version:$n,runs:[],current_run:null,last_activity:null,trace_files:[],last_qa:null,errors:[]}}var $n,O0,sa,L0,N0,D0,Jr,oa=v(()=>{J();Ae();$n=1,O0=50,sa=new Set(["write_file","edit_file"]),L0=/^\{"schema":2,"seq":\d+,"at":"([^"\\]*)","event":\{"type":"(agent_text|subtask_updated|subtask_integrated|tool_called|tool_returned)","run":"([^"\\]+)"(?:,"role":"[^"\\]*","tool":"([^"\\]*)")?/,N0=/,"call":"[0-9a-f]{12}","subtask":(?:null|"[^"\\]*")\}\}$/,D0=/,"output_file":(?:null|"(?:[^"\\]|\\.)*")\}\}$/;a(na,"addUsage");a(Xt,"num");a(R0,"maxUsage");a(le,"str");a(ra,"strOrNull");Jr=class{static{a(this,"HistoryFold")}#e=new Map;#t=null;#s=null;#n=[];#r=new Set;#o=null;#i=[];#a=0;problem=a(e=>{if(this.#a++,this.#i.length<O0){let t=e.line>0?`line ${e.line}`:`near byte ${e.offset}`;this.#i.push(`${t}: skipped a broken line (${e.reason})`)}},"problem");add(e){let t=e.env;if(this.#s=t.at,t.schema>2)return;let n=t.event,r=I(n);if(r===null)return;let i=this.#l(r,t.at),o=i.sum;o.last_event_at=t.at,e.upgraded&&(o.legacy=!0),this.#c(i,n,t.at,e.upgraded)}addLine(e,t){if(e==="")return;let n=L0.exec(e),r=n?.[4],i=n!==null&&n[2].startsWith("tool_"),o=i?n[2]==="tool_called"?N0:D0:null;if(n&&(!i||r!==void 0&&!sa.has(r)&&o.test(e))){let[,c,u,h]=n;this.#s=c;let f=this.#l(h,c);f.sum.last_event_at=c,u==="tool_called"&&f.sum.calls++;return}let l=z(e);l.ok?this.add({env:l.env,upgraded:l.upgraded,text:e,line:t}):e.trim()!==""&&this.problem({path:"",line:t,offset:0,reason:l.reason})}#l(e,t){let n=this.#e.get(e);return n||(n={sum:{run:e,started_at:t,finished_at:null,ended:!1,status:null,success:null,resumes:0,usage:ne(),active_ms:0,totals_known:!1,legacy:!1,phases:[],commits:[],merged:null,validations:[],approvals:[],pending_approval:null,last_error:null,paused_reason:null,last_event_at:t,models:[],sessions:0,calls:0},agentUsage:ne(),budgetActiveMs:0,lastFinished:null,sessionsOpen:new Map,models:new Map,writesById:new Map,writesByOrder:new Map,qaRound:null},this.#e.set(e,n)),n}#c(e,t,n,r){let i=e.sum;switch(t.type){case"run_started":this.#u.has(i.run)?i.resumes++:(this.#u.add(i.run),i.started_at=n),this.#t=i.run,i.ended=!1,i.finished_at=null;break;case"run_finished":i.ended=!0,i.finished_at=n,i.status=le(t.status,"")||null,i.success=typeof t.success=="boolean"?t.success:null;{let o=ne();na(o,t.usage),e.lastFinished={usage:o,active_ms:Xt(t.active_ms),upgraded:r}}break;case"phase_started":i.phases.push({phase:le(t.phase),started_at:n,finished_at:null,success:null,summary:""});break;case"phase_finished":{let o=le(t.phase),l;for(let c=i.phases.length-1;c>=0;c--)if(i.phases[c].phase===o&&i.phases[c].finished_at===null){l=i.phases[c];break}l||(l={phase:o,started_at:null,finished_at:null,success:null,summary:""},i.phases.push(l)),l.finished_at=n,l.success=typeof t.success=="boolean"?t.success:null,l.summary=le(t.summary),o==="qa"&&this.#o&&e.qaRound!==null&&(this.#o.verdict=l.success?"approved":"changes_requested",this.#o.summary=l.summary);break}case"agent_started":{let o=`${t.role}`,l=e.sessionsOpen.get(o);l||e.sessionsOpen.set(o,l=[]),l.push({model:le(t.model),subtask:ra(t.subtask)}),i.sessions++,this.#h(e,le(t.model)).sessions++;break}case"agent_finished":{let o=e.sessionsOpen.get(`${t.role}`),l;if(o&&o.length>0){let u=t.subtask,h=u===void 0?0:o.findIndex(f=>f.subtask===u);h<0&&(h=0),l=o.splice(h,1)[0]}let c=this.#h(e,l?l.model:"");l||(i.sessions++,c.sessions++),na(c.usage,t.usage),na(e.agentUsage,t.usage);break}case"budget_updated":e.budgetActiveMs=Math.max(e.budgetActiveMs,Xt(t.active_ms));break;case"tool_called":{if(i.calls++,!sa.has(t.tool))break;let o=t.input,l=o&&typeof o=="object"?o.path:void 0;if(typeof l!="string"||l==="")break;if(t.call===Se){let c=`${t.role}|${t.tool}|${t.subtask}`,u=e.writesByOrder.get(c);u||e.writesByOrder.set(c,u=[]),u.push(l)}else e.writesById.set(t.call,l);break}case"tool_returned":{if(!sa.has(t.tool))break;let o;t.call===Se?o=e.writesByOrder.get(`${t.role}|${t.tool}|${t.subtask}`)?.shift():(o=e.writesById.get(t.call),e.writesById.delete(t.call)),o!==void 0&&t.is_error!==!0&&!this.#r.has(o)&&(this.#r.add(o),this.#n.push(o));break}case"committed":i.commits.push({commit:le(t.commit),message:le(t.message),files:Array.isArray(t.files)?t.files.filter(o=>typeof o=="string"):[],subtask:ra(t.subtask),at:n});break;case"merged":i.merged={commit:le(t.commit),branch:le(t.branch),base:le(t.base),at:n};break;case"validation_finished":i.validations.push({command:le(t.command),integration:t.integration===!0,passed:t.passed===!0,exit_code:typeof t.exit_code=="number"?t.exit_code:null,at:n});break;case"approval_requested":i.pending_approval=le(t.gate)||null;break;case"approval_resolved":i.approvals.push({gate:le(t.gate),approved:t.approved===!0,comment:ra(t.comment),at:n}),i.pending_approval===t.gate&&(i.pending_approval=null);break;case"paused":i.paused_reason=le(t.reason);break;case"log":t.level==="error"&&(i.last_error=le(t.message));break;case"artefact_written":if(t.artefact&&t.artefact.kind==="qa_report"){let o=Xt(t.artefact.round);e.qaRound=o;let l=[...i.phases].reverse().find(u=>u.phase==="qa"),c=l&&l.finished_at!==null;this.#o={round:o,verdict:c?l.success?"approved":"changes_requested":"unknown",summary:c?l.summary:"",issues:null}}break;default:break}}#u=new Set;#h(e,t){let n=e.models.get(t);return n||(n={model:t,sessions:0,usage:ne()},e.models.set(t,n)),n}finish(){let e=[];for(let t of this.#e.values()){let n=t.sum;n.models=[...t.models.values()];let r=t.lastFinished;n.ended&&r!==null&&!n.legacy&&!r.upgraded?(n.usage={...r.usage},n.active_ms=r.active_ms,n.totals_known=!0):(n.usage=R0(r?r.usage:ne(),t.agentUsage),n.active_ms=Math.max(r?r.active_ms:0,t.budgetActiveMs),n.totals_known=!1),e.push(n)}return this.#a>this.#i.length&&this.#i.push(`and ${this.#a-this.#i.length} more broken lines`),{version:$n,runs:e,current_run:this.#t,last_activity:this.#s,trace_files:this.#n,last_qa:this.#o,errors:this.#i}}};a(ia,"emptySummary")});async function ah(s,e){let t=new Jr,n=await ee(s);if(n===null)return t.finish();try{let r=(await n.stat()).size,i=new Q,o=new Uint8Array(1024*1024),l=0,c=0;for(;l<r;){e?.throwIfAborted();let u=Math.min(o.length,r-l),h=await n.read(u===o.length?o:o.subarray(0,u));if(h===null||h===0)break;l+=h;for(let f of i.push(o.subarray(0,h)).lines)t.addLine(f,++c)}}finally{n.close()}return t.finish()}async function oh(s){let e=await et(Pe(s));return e?{size:e.size,mtime_ms:e.mtime?.getTime()??null,ino:e.ino??null}:{size:0,mtime_ms:null,ino:null}}function aa(s,e){return s.size===e.size&&s.mtime_ms===e.mtime_ms&&s.ino===e.ino}function j0(s){if(s===null||typeof s!="object")return!1;let e=s;return e.version===$n&&Array.isArray(e.runs)&&Array.isArray(e.errors)&&Array.isArray(e.trace_files)&&(e.current_run===null||typeof e.current_run=="string")}async function I0(s,e){let t;try{t=await Deno.readTextFile(s)}catch{return null}try{let n=JSON.parse(t);return!n||typeof n!="object"||!n.key||!aa(n.key,e)?null:j0(n.summary)?n.summary:null}catch{return null}}async function P0(s,e,t,n){try{await Deno.mkdir(s,{recursive:!0}),await Qe(e,JSON.stringify({key:t,summary:n}))}catch{}}var Ne,Tn=v(()=>{re();Je();K();oa();a(ah,"summarizeLog");a(oh,"keyOf");a(aa,"sameKey");a(j0,"looksLikeSummary");Ne=class{static{a(this,"HistoryCache")}stats={memoryHits:0,diskHits:0,reads:0};#e;#t;#s;#n=new Map;#r=new Map;constructor(e={}){this.#e=e.disk??!1,this.#t=e.entriesMax??1e4,this.#s=e.read??ah}summary(e,t,n){let r=e.logPath(t.dir),i=this.#r.get(r);if(i)return i;let o=this.#o(e,t,r,n).catch(l=>{if(n?.aborted||l?.name==="AbortError")throw l;let c=ia();return l instanceof N?(c.errors.push(l.message),c.bad_log={path:l.path,kind:l.kind,message:l.message}):c.errors.push(`Cannot read ${r}: ${l?.message??l}`),c}).finally(()=>this.#r.delete(r));return this.#r.set(r,o),o}async#o(e,t,n,r){let i=await oh(n);if(i.mtime_ms===null)return ia();let o=this.#n.get(n);if(o&&aa(o.key,i))return this.stats.memoryHits++,this.#n.delete(n),this.#n.set(n,o),o.summary;let l=`${e.root}/cache/history/${t.dir}.json`;if(this.#e){let h=await I0(l,i);if(h)return this.stats.diskHits++,this.#i(n,i,h),h}this.stats.reads++;let c=await this.#s(n,r),u=await oh(n);return aa(u,i)&&(this.#i(n,i,c),this.#e&&await P0(`${e.root}/cache/history`,l,i,c)),c}#i(e,t,n){for(this.#n.delete(e),this.#n.set(e,{key:t,summary:n});this.#n.size>this.#t;){let r=this.#n.keys().next().value;this.#n.delete(r)}}clear(){this.#n.clear()}};a(I0,"readCacheFile");a(P0,"writeCacheFile")});function q0(s,e){if(s==="")return null;let t=`/${s}`,n=null;for(let[r,i]of Object.entries(e))if(!(r!==s&&!r.endsWith(t))){if(n&&!F0(n,i))return null;n=i}return n}function F0(s,e){return s.input===e.input&&s.output===e.output&&s.cache_read===e.cache_read&&s.cache_write===e.cache_write}function U0(s,e){return(s.input_tokens*e.input+s.output_tokens*e.output+s.cache_read_tokens*e.cache_read+s.cache_write_tokens*e.cache_write)/1e6}function la(s,e){let t=0,n=[],r=0;for(let i of s){r+=i.sessions;let o=q0(i.model,e);if(!o){n.includes(i.model)||n.push(i.model);continue}t+=U0(i.usage,o)}return{amount:n.length>0||r===0?null:t,unpriced:n}}var ca=v(()=>{a(q0,"priceOf");a(F0,"samePrice");a(U0,"sessionCost");a(la,"costOf")});function Zt(s){return s.input_tokens+s.output_tokens}async function Ns(s,e,t={}){let r=await(t.cache??new Ne).summary(s,e,t.signal);return await lh(s,e,r,t.settings??Oe())}async function Ds(s,e={}){let t=(e.tasks??await ye(s)).filter(h=>e.all||ua.includes(h.record.status)),n=e.cache??new Ne,r=e.settings??Oe(),i=new Array(t.length),o=0,l=a(async()=>{for(;o<t.length;){let h=o++;e.signal?.throwIfAborted();let f=await n.summary(s,t[h],e.signal);i[h]=await lh(s,t[h],f,r)}},"worker"),c=Math.max(1,Math.min(e.concurrency??16,t.length));await Promise.all(Array.from({length:c},l));let u=a(h=>{let f=Date.parse(h.last_activity??h.task.created_at);return Number.isFinite(f)?f:0},"when");return i.sort((h,f)=>u(f)-u(h)||f.number-h.number),i}async function H0(s,e){try{let t=await hs(s.runJsonPath(e));return t===null||typeof t!="object"||Array.isArray(t)||!("usage"in t)&&!("active_ms"in t)?null:No(t)}catch{return null}}function B0(s,e,t){return s.run!==""?s.run===e:e===t}async function lh(s,e,t,n){let r=[...t.errors],i=t.current_run,o=t.runs.find(g=>g.run===i),l=o!==void 0&&!o.ended&&await xe(s,e.dir),c,u=[];for(let g of t.runs){let k=W0(g,i,l,n);!k.totals_known&&g.ended&&g.legacy&&(c===void 0&&(c=await H0(s,e.dir)),c&&B0(c,g.run,i)&&(k.usage={...c.usage},k.active_ms=c.active_ms,k.totals_known=!0)),u.push(k)}let h={usage:ne(),active_ms:0,runs:u.length,commits:0,complete:!0},f=[];for(let g of u){let k=h.usage;k.input_tokens+=g.usage.input_tokens,k.output_tokens+=g.usage.output_tokens,k.cache_read_tokens+=g.usage.cache_read_tokens,k.cache_write_tokens+=g.usage.cache_write_tokens,h.active_ms+=g.active_ms,h.commits+=g.commits.length,g.totals_known||(h.complete=!1)}for(let g of t.runs)f.push(...g.models);let d=la(f,n.pricing),p=e.record,m={id:p.id,title:p.title,description:typeof p.description=="string"?p.description:"",status:p.status,created_at:p.created_at,branch:Wt(e)};for(let[g,k]of Object.entries(p))!(g in m)&&g!=="number"&&(m[g]=k);return{task:m,number:e.number,runs:u,totals:h,changed_files:z0(t),last_qa:t.last_qa,validations_passed:J0(t.runs),cost:d.amount===null?null:{amount:ch(d.amount),currency:n.pricing_currency,complete:!0},last_activity:t.last_activity,errors:r,dir:e.dir,running:l,unpriced_models:d.unpriced,...t.bad_log?{bad_log:t.bad_log}:{}}}function ch(s){return Math.round(s*1e6)/1e6}function W0(s,e,t,n){let r=s.ended?"finished":s.run===e&&t?"running":"interrupted",i=la(s.models,n.pricing).amount;return{run:s.run,started_at:s.started_at,finished_at:s.finished_at,state:r,status:s.ended?s.status:null,success:s.ended?s.success:null,resumes:s.resumes,usage:{...s.usage},active_ms:s.active_ms,totals_known:s.totals_known,phases:s.phases,commits:s.commits,merged:s.merged,validations:s.validations,approvals:s.approvals,pending_approval:s.pending_approval,last_error:s.last_error,last_event_at:s.last_event_at,current:s.run===e,legacy:s.legacy,paused_reason:s.paused_reason,sessions:s.sessions,calls:s.calls,cost:i===null?null:ch(i)}}function z0(s){let e=new Set,t=null;for(let r of s.runs){for(let i of r.commits)for(let o of i.files)e.add(o);r.merged&&(t=r.merged)}let n=a(r=>[...new Set(r)].sort().map(i=>({path:i,status:"unknown"})),"list");if(t){let r=e.size===0;return{source:{kind:"merged",commit:t.commit,branch:t.branch,base:t.base},approximate:r,files:n(r?s.trace_files:e)}}return e.size>0?{source:{kind:"commits"},approximate:!0,files:n(e)}:s.trace_files.length>0?{source:{kind:"trace"},approximate:!0,files:n(s.trace_files)}:{source:{kind:"none"},approximate:!1,files:[]}}function J0(s){for(let e=s.length-1;e>=0;e--){let t=s[e].validations;if(t.length===0)continue;let n=new Map;for(let r of t)n.set(`${r.integration}|${r.command}`,r.passed);return[...n.values()].every(r=>r)}return null}var ua,Sn=v(()=>{J();rt();mn();ot();re();ue();Tn();ca();a(Zt,"tokensOf");a(Ns,"buildTaskHistory");ua=["ready","done"];a(Ds,"listHistory");a(H0,"loadRunJson");a(B0,"describes");a(lh,"compose");a(ch,"round6");a(W0,"runOf");a(z0,"changedFiles");a(J0,"validationsPassed")});function ie(s){if(!Number.isFinite(s))return"-";let e=s<0?"-":"",t=Math.abs(Math.round(s));if(t<1e3)return`${e}${t}`;let n=["k","M","G","T"],r=-1,i=t;for(;r<n.length-1&&i>=999.5;)t=i,i=i/1e3,r++;let o=i<9.95?K0(i.toFixed(1)):String(Math.round(i));return`${e}${o}${n[r]}`}function K0(s){return s.endsWith(".0")?s.slice(0,-2):s}function _e(s){if(s==null||!Number.isFinite(s)||s<0)return"-";if(s<1e3)return`${Math.round(s)} ms`;let e=s/1e3;if(e<9.95)return`${e.toFixed(1)} s`;if(e<59.5)return`${Math.round(e)} s`;let t=Math.round(e);if(t<3600)return`${Math.floor(t/60)} min ${ha(t%60)} s`;let n=Math.floor(t/60);if(n<24*60)return`${Math.floor(n/60)} h ${ha(n%60)} min`;let r=Math.floor(n/60);return`${Math.floor(r/24)} d ${ha(r%24)} h`}function En(s,e){if(s===null||!Number.isFinite(s))return"-";let t=e-s;return t<6e4?"just now":t<36e5?`${Math.floor(t/6e4)} min ago`:t<24*36e5?`${Math.floor(t/36e5)} h ago`:t<30*24*36e5?`${Math.floor(t/(24*36e5))} d ago`:new Date(s).toISOString().slice(0,10)}function An(s,e="USD"){if(s==null||!Number.isFinite(s))return"-";let t=s>0&&s<.005,n=t?"0.01":s.toFixed(2),r=e==="USD"?`$${n}`:`${n} ${e}`;return t?`<${r}`:r}function Rs(s,e,t=`${e}s`){return`${s} ${s===1?e:t}`}function Mn(s){if(!s)return"-";let e=Date.parse(s);return Number.isFinite(e)?new Date(e).toISOString().slice(0,19).replace("T"," "):D(s)}function js(s){if(!s)return"-";let e=Date.parse(s);return Number.isFinite(e)?new Date(e).toISOString().slice(11,23):D(s)}var ha,Cn=v(()=>{Ye();a(ie,"formatCount");a(K0,"trimZero");ha=a(s=>String(s).padStart(2,"0"),"pad2");a(_e,"formatDuration");a(En,"formatAge");a(An,"formatCost");a(Rs,"plural");a(Mn,"formatTime");a(js,"formatClock")});function On(s){return s?"":"+"}function uh(s,e,t=!1){if(s.length===0)return t?`No tasks yet.
`:`No ready or done tasks yet (taskline history --all lists every task).
`;let n=["#","TITLE","STATUS","RUNS","COMMITS","FILES","TOKENS","ACTIVE","COST","LAST ACTIVITY"],r=new Set([0,3,4,5,6,7,8]),i=s.map(u=>[String(u.number),xc(E(u.task.title,200),40),u.running?`${E(u.task.status,16)} (running)`:u.bad_log?`${E(u.task.status,16)} (log unreadable)`:E(u.task.status,16),String(u.totals.runs),String(u.totals.commits),String(u.changed_files.files.length),ie(Zt(u.totals.usage))+On(u.totals.complete),_e(u.totals.active_ms)+On(u.totals.complete),fa(u),En(u.last_activity?Date.parse(u.last_activity):null,e)].map(h=>D(h))),o=n.map((u,h)=>Math.max(u.length,...i.map(f=>it(f[h])))),l=a(u=>u.map((h,f)=>{if(f===u.length-1)return h;let d=" ".repeat(Math.max(0,o[f]-it(h)));return r.has(f)?d+h:h+d}).join("  ").trimEnd()+`
`,"line"),c=l(n)+i.map(l).join("");return s.some(u=>!u.totals.complete)&&(c+=Kr+`
`),c}function fa(s){return s.cost&&s.cost.complete!==!1?An(s.cost.amount,s.cost.currency):"-"}function V0(s,e){let t=`${ie(Zt(s.usage))}${On(s.totals_known)} tokens`,n=`${_e(s.active_ms)}${On(s.totals_known)} active`,r=`cost ${An(s.cost,e)}`;return`${t}, ${n}, ${r}`}function Vr(s,e){let t=[],n=s.cost?.currency??"USD";t.push(`#${s.number} ${E(s.task.title,100)} \xB7 ${s.task.status}${s.running?" (running)":""} \xB7 branch ${s.task.branch}`);let r=s.totals.usage,i=On(s.totals.complete);t.push(`${Rs(s.totals.runs,"run")}, ${Rs(s.totals.commits,"commit")}, ${Rs(s.changed_files.files.length,"file")} changed, ${ie(Zt(r))}${i} tokens (${ie(r.input_tokens)} in, ${ie(r.output_tokens)} out, ${ie(r.cache_read_tokens)} cache read, ${ie(r.cache_write_tokens)} cache write), ${_e(s.totals.active_ms)}${i} active`);let o=s.unpriced_models??[],l=fa(s)!=="-"?`cost ${fa(s)}`:o.length>0?`cost - (no price for ${o.map(u=>u===""?"a model not recorded before 0.5":u).join(", ")})`:"cost -";t.push(`${l} \xB7 last activity ${En(s.last_activity?Date.parse(s.last_activity):null,e)}${s.last_activity?` (${Mn(s.last_activity)} UTC)`:""}`),s.last_qa&&t.push(`QA round ${s.last_qa.round}: ${s.last_qa.verdict}${s.last_qa.summary?` (${E(s.last_qa.summary,100)})`:""}`),s.validations_passed!==null&&t.push(`Validations: ${s.validations_passed?"passing":"failing"}`),s.runs.length===0&&t.push("","No run yet.");for(let u of s.runs){t.push("");let h=u.state==="finished"?`finished ${u.status??"-"}${u.success===!0?" (success)":u.success===!1?" (no success)":""}`:u.state;if(t.push(`Run ${u.run}${u.current?" (current)":""} \xB7 ${h} \xB7 ${Rs(u.resumes,"resume")}`),t.push(`  started ${Mn(u.started_at)}, ${u.finished_at?`finished ${Mn(u.finished_at)}`:`last event ${Mn(u.last_event_at)}`} \xB7 ${V0(u,n)}`),u.legacy&&t.push(u.totals_known?"  partly recorded before 0.5: totals from run.json, models of that part unknown":"  partly recorded before 0.5: totals are lower bounds, models of that part unknown"),u.phases.length>0){t.push("  Phases:");for(let f of u.phases){let d=f.success===!0?"ok":f.success===!1?"failed":"unfinished",p=f.started_at&&f.finished_at?`  ${_e(Date.parse(f.finished_at)-Date.parse(f.started_at))}`:"";t.push(`    ${d.padEnd(10)} ${f.phase}${p}${f.summary?`  ${E(f.summary,100)}`:""}`)}}if(u.approvals.length>0||u.pending_approval){t.push("  Approvals:");for(let f of u.approvals)t.push(`    ${(f.approved?"approved":"rejected").padEnd(10)} ${f.gate}${f.comment?`  "${E(f.comment,100)}"`:""}`);u.pending_approval&&t.push(`    ${"pending".padEnd(10)} ${u.pending_approval}`)}if(u.validations.length>0){t.push("  Validations:");for(let f of u.validations)t.push(`    ${(f.passed?"passed":"failed").padEnd(10)} ${E(f.command,80)}${f.integration?" (integration)":""}${f.exit_code!==null?`  exit ${f.exit_code}`:""}`)}if(u.commits.length>0){t.push("  Commits:");for(let f of u.commits)t.push(`    ${f.commit.slice(0,10)} ${E(f.message,80)}  (${Rs(f.files.length,"file")})`)}u.merged&&t.push(`  Merged: ${u.merged.commit.slice(0,10)} ${u.merged.branch||"?"} into ${u.merged.base||"?"}`),u.paused_reason&&t.push(`  Paused: ${E(u.paused_reason,120)}`),u.last_error&&t.push(`  Last error: ${E(u.last_error,200)}`)}let c=s.changed_files;if(t.push(""),c.files.length===0)t.push("Changed files: none recorded");else{let u=c.source.kind==="merged"?`the merge ${(c.source.commit??"").slice(0,10)}, files of its commits`:c.source.kind==="commits"?"the commits":"write_file / edit_file calls";t.push(`Changed files (from ${u}${c.approximate?", approximate":""}):`);for(let h of c.files)t.push(`  ${h.path}`)}if(s.errors?.length){t.push("","Problems:");for(let u of s.errors)t.push(`  ${u}`)}return s.totals.complete||t.push("",Kr),t.map(u=>D(u)).join(`
`)+`
`}var Kr,da=v(()=>{Sn();Cn();un();Ye();Kr="+ lower bound: part of the work was recorded before 0.5 (no totals then) or a run did not finish";a(On,"mark");a(uh,"renderTable");a(fa,"costText");a(V0,"runTotals");a(Vr,"renderDetail")});var fh={};W(fh,{HISTORY_HELP:()=>Y0,historyCommand:()=>G0});async function G0(s,e){as();let{values:t,positionals:n}=P("history",e,{all:{type:"boolean"},json:{type:"boolean"}});if(s.json=t.json===!0,n.length>1)throw new y("usage","taskline history: name at most one task");let r=await s.settings(),i=X0(s),o=new Ne({disk:!0}),l=s.io.stdout;if(n.length===1){let h=await s.task(n[0]),f=await Ns(s.state,h,{settings:r,cache:o,signal:s.io.signal});return await hh(s,f),s.json?await l.write(JSON.stringify(f)+`
`):await l.write(Vr(f,i)),f.bad_log?1:0}let c=await s.tasks(),u=await Ds(s.state,{all:t.all===!0,settings:r,cache:o,tasks:c,signal:s.io.signal});for(let h of u)await hh(s,h);return s.json?await l.write(JSON.stringify(u)+`
`):await l.write(uh(u,i,t.all===!0)),u.some(h=>h.bad_log)?1:0}function X0(s){let e=s.io.env("TASKLINE_NOW");if(e===void 0||e==="")return Date.now();let t=Date.parse(e);if(!Number.isFinite(t))throw new y("usage",`TASKLINE_NOW must be an RFC 3339 time, not "${e.slice(0,40)}"`);return t}async function hh(s,e){if(e.errors.length===0)return;if(e.bad_log)return await s.warn(e.bad_log.message);let t=e.errors.length>1?` (and more: taskline history ${e.number})`:"";await s.warn(`${s.state.logPath(e.dir)}: ${e.errors[0]}${t}`)}var Y0,dh=v(()=>{A();Sn();Tn();oe();da();K();Y0=`Usage: taskline history [REF] [options]

Without REF: a table of ready and done tasks, most recent activity first:
number, title, status, runs, commits, files changed, tokens, active time,
cost and last activity. With REF: one task in detail, finished or not.

Options:
  --all     every task, whatever its status
  --json    TaskHistory documents (an array without REF, one object with it)

A "+" marks a lower bound: part of the run was recorded before 0.5, or the
run did not finish. Cost needs a price for every model the task used
(\`pricing\` in .taskline/config.jsonc); otherwise it shows "-".`;a(G0,"historyCommand");a(X0,"nowOf");a(hh,"warnProblems")});function Ps(s){if(s.length>64||!gh.test(s))throw new y("usage",`Project name "${s.slice(0,80)}" is not usable: letters, digits, _ and single dashes, at most 64 characters`);return s}function wa(s){let e=s.replace(/[^A-Za-z0-9_]+/g,"-").replace(/^-+|-+$/g,"").slice(0,64).replace(/-+$/,"");return e===""?"project":e}function Qt(s){return Z0.test(s)}function ti(s){return Q0.test(s)}function si(s,e){return ey.test(s)&&!s.includes("..")&&(e===void 0||ni(e,s).length<=ty)}function ni(s,e){return`${s}--${e}`}function ka(s,e){return`${we}.${s}.${e}.ev`}function yh(s,e){return`${ma}.${s}.${e}`}function ba(s,e){return`${we}.${s}.${e}.task`}function wh(s,e,t,n){return`${we}.${s}.${e}.out.${t}.${n}`}function va(s,e){return`${we}.${s}.${e}.outs`}function kh(s){let e=s.split(".");if(e[0]!==we||e.length<4)return null;let[,t,n,r]=e;return!gh.test(t)||!Qt(n)?null:(r==="ev"||r==="task"||r==="outs")&&e.length===4?{kind:r,project:t,task:n}:r==="out"&&e.length===6&&Qt(e[4])&&ti(e[5])?{kind:r,project:t,task:n,run:e[4],call:e[5]}:null}function xa(s,e,t,n,r){return`${s}:${e}:${t??""}:${n}${r===void 0?"":`#${r}`}`}function bh(s,e,t,n,r,i){return`${s}:${e}:${t??""}-${n??""}:${r}:${i}`}function vh(s){return`["${s.run}","${s.call}",${s.data.length}],`.length+s.data.length}function xh(s){let e=JSON.stringify(s.map(o=>[o.run,o.call,o.data.length])),t=new TextEncoder().encode(`${e}
`),n=t.length;for(let o of s)n+=o.data.length;let r=new Uint8Array(n);r.set(t,0);let i=t.length;for(let o of s)r.set(o.data,i),i+=o.data.length;return r}function _h(s){let e=s.indexOf(10);if(e<0)return null;let t;try{t=JSON.parse(new TextDecoder().decode(s.subarray(0,e)))}catch{return null}if(!Array.isArray(t)||t.length>_a)return null;let n=[],r=e+1;for(let i of t){if(!Array.isArray(i)||i.length!==3)return null;let[o,l,c]=i;if(typeof o!="string"||!Qt(o)||typeof l!="string"||!ti(l)||!Number.isSafeInteger(c)||c<0||r+c>s.length)return null;n.push({run:o,call:l,data:s.subarray(r,r+c)}),r+=c}return r===s.length?n:null}function $h(s,e,t,n){return`${s}:outs:${e.run}:${e.call}:${t}:${n}`}function $a(s){return s.length<2?0:s.lastIndexOf(10,s.length-2)+1}function ii(s){let e=0;for(let t=s.indexOf(10);t>=0;t=s.indexOf(10,t+1))e++;return e}function Ta(s){let e=/:(\d{1,15})(?:#\d+)?$/.exec(s);return e?Number(e[1]):null}function Rn(s){if(!s)return null;let e=/^(\d{1,9})\/(\d{1,9})$/.exec(s);if(!e)return null;let t=Number(e[1]),n=Number(e[2]);return n>0&&t<n?{i:t,n}:null}function Th(s,e){let t=Ta(s?.get(Is)??"");if(t===null)return null;let n=Rn(s?.get(es));if(n===null)return{start:t,end:t+e,part:n};let r=/^\d{1,15}$/.exec(s?.get(ga)??""),i=n.i===n.n-1&&r!==null;return{start:t,end:i?t+Number(r[0]):t,part:n}}function ny(s,e){let t=sy.exec(s);if(t)return{seq:Number(t[1]),type:t[2],run:t[3]};try{let n=JSON.parse(e()),r=n&&typeof n=="object"?n.event:void 0,i=r&&typeof r.run=="string"?r.run:"",o=Number.isSafeInteger(n?.seq)?n.seq:null,l=r&&typeof r.type=="string"?r.type:"";return{run:i.replace(/[:#\s]/g,"_").slice(0,64),seq:o,type:l}}catch{return{run:"",seq:null,type:""}}}function qs(s){return new TextEncoder().encode(s)}function Be(s,e,t){if(e+t.length>s.length)return!1;for(let n=0;n<t.length;n++)if(s[e+n]!==t[n])return!1;return!0}function Qr(s,e){for(;e<s.length&&s[e]>=48&&s[e]<=57;)e++;return e}function pa(s,e){for(let t=e;t<s.length;t++){let n=s[t];if(n===34)return t;if(n===92||n<32)return-1}return-1}function Sh(s,e,t,n){e:{if(!Be(s,e,Ln))break e;let r=Qr(s,e+Ln.length);if(!Be(s,r,Yr)||(r=Qr(s,r+Yr.length),!Be(s,r,Gr))||(r=s.indexOf(34,r+Gr.length),r<0||r>=t||!Be(s,r,Xr)))break e;return r+=Xr.length,Be(s,r,Zr)&&s[r+Zr.length]===34}return jn(s.subarray(e,t),n).isToolReturned}function jn(s,e){e:{if(!Be(s,0,Ln))break e;let r=Qr(s,Ln.length);if(r===Ln.length||!Be(s,r,Yr))break e;let i=r+Yr.length;if(r=Qr(s,i),r===i||r-i>15||!Be(s,r,Gr))break e;let o=0;for(let d=i;d<r;d++)o=o*10+(s[d]-48);if(r=pa(s,r+Gr.length),r<0||!Be(s,r,Xr))break e;let l=r+Xr.length;if(r=pa(s,l),r<0||!Be(s,r,ph))break e;let c=r-l===Zr.length&&Be(s,l,Zr),u=r+ph.length;if(r=pa(s,u),r<0)break e;let h="",f=!0;for(let d=u;d<r;d++)s[d]>=128&&(f=!1);if(f&&r-u<=64)for(let d=u;d<r;d++)h+=String.fromCharCode(s[d]);else h=e.decode(s.subarray(u,r));return{run:h,seq:o,isToolReturned:c}}let t=e.decode(s.subarray(0,Math.min(s.length,300))),n=ny(t,()=>e.decode(s));return{run:n.run,seq:n.seq,isToolReturned:n.type==="tool_returned"}}var we,ma,Nn,ei,es,Is,ga,Dn,mh,ya,Z0,Q0,gh,ey,ty,_a,ri,sy,Ln,Yr,Gr,Xr,ph,Zr,Fs=v(()=>{A();we="taskline",ma="taskline_live",Nn="TASKLINE",ei="Taskline-Dir",es="Taskline-Part",Is="Nats-Msg-Id",ga="Taskline-Length",Dn="Nats-Expected-Last-Subject-Sequence",mh=10071,ya="Taskline-Upto",Z0=/^[A-Za-z0-9_-]{1,64}$/,Q0=/^[0-9a-f]{12}$/,gh=/^[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*$/,ey=/^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;a(Ps,"checkProject");a(wa,"projectFromDirName");a(Qt,"isToken");a(ti,"isCall");ty=255;a(si,"isSafeDir");a(ni,"mirrorDir");a(ka,"eventsSubject");a(yh,"liveSubject");a(ba,"taskSubject");a(wh,"outputSubject");a(va,"outputsSubject");a(kh,"parseSubject");a(xa,"lineMsgId");a(bh,"batchMsgId");_a=1024;a(vh,"outputBytesInMsg");ri=3;a(xh,"encodeOutputs");a(_h,"decodeOutputs");a($h,"outputsMsgId");a($a,"lastLineStart");a(ii,"countLines");a(Ta,"offsetOfMsgId");a(Rn,"parsePart");a(Th,"evExtent");sy=/^\{"schema":\d+,"seq":(\d+),"at":"[^"\\]*","event":\{"type":"([^"\\]*)","run":"([^"\\]*)"/;a(ny,"lineKeys");Ln=qs('{"schema":'),Yr=qs(',"seq":'),Gr=qs(',"at":"'),Xr=qs('","event":{"type":"'),ph=qs('","run":"'),Zr=qs("tool_returned");a(qs,"bytesOf");a(Be,"hasAt");a(Qr,"digitsEnd");a(pa,"plainStringEnd");a(Sh,"isToolReturnedLine");a(jn,"lineKeysOfBytes")});function In(s){let e=s.includes("://")?s:`nats://${s}`,t;try{t=new URL(e)}catch{throw new y("usage",`Cannot read the NATS URL "${s.slice(0,100)}"`)}if(t.protocol!=="nats:"&&t.protocol!=="tls:")throw new y("usage",`The NATS URL must start with nats://, not ${t.protocol}//`);if(t.username!==""||t.password!=="")throw new y("usage","The NATS URL carries credentials: put a token in TASKLINE_NATS_TOKEN or .taskline/nats.token, or an nkey seed in .taskline/nats.nkey (see docs/fleet.md)");let n=t.hostname;if(n==="")throw new y("usage",`The NATS URL "${s}" names no host`);let r=t.port===""?4222:Number(t.port),i=n.includes(":")&&!n.startsWith("[")?`[${n}]`:n;return{host:n,port:r,server:`${i}:${r}`}}async function Pn(s,e){let t=e("TASKLINE_NATS_TOKEN");if(t)return{options:{token:t},source:"env token"};let{credsAuthenticator:n,nkeyAuthenticator:r}=await Eh(),i=a((h,f)=>{let d=r(new TextEncoder().encode(h));try{d("taskline")}catch(p){throw new y("bad-state",`The nkey seed in ${f} is not a seed (${p.message}): it is a line of about 58 characters that starts with S (docs/fleet.md)`)}return{options:{authenticator:d},source:"nkey seed"}},"seedAuth"),o=e("TASKLINE_NATS_NKEY");if(o)return i(o.trim(),"TASKLINE_NATS_NKEY");let l=await Sa(s,"nats.token");if(l)return{options:{token:new TextDecoder().decode(l).trim()},source:"token file"};let c=await Sa(s,"nats.nkey");if(c)return i(new TextDecoder().decode(c).trim(),`${s.root}/nats.nkey`);let u=await Sa(s,"nats.creds");return u?{options:{authenticator:n(u)},source:"creds file"}:{options:{},source:"none"}}async function Sa(s,e){let t=`${s.root}/${e}`;try{return await tr(t,{root:s.root})}catch(n){throw n instanceof y?n:new y("io",`Cannot read ${t}: ${n.message}`)}}async function oi(s,e={}){await Ma(s);for(let t=0;;t++)try{return await ry(s,e)}catch(n){let r=n.message;if(Aa(n))throw n;if(t===0&&e.onWaiting?.(r),e.signal?.aborted)throw new y("interrupted",`Stopped waiting for NATS at ${s.server}`);await new Promise(i=>setTimeout(i,500))}}function Aa(s){return/authori[sz]ation|authentication|permission|requires net access/i.test(String(s?.message??""))}async function Ma(s){if((await Deno.permissions.query({name:"net",host:`${s.host}:${s.port}`})).state!=="granted")throw new y("io",`Cannot connect to NATS at ${s.server}: taskline has no net access to it; install it with TASKLINE_NATS_HOST=${s.server} (see "Fleet" in the README)`)}async function ry(s,e){let{connect:t}=await Eh();try{return await t({servers:s.server,name:e.name??"taskline",reconnect:e.reconnect??!0,maxReconnectAttempts:-1,reconnectTimeWait:250,reconnectJitter:50,pingInterval:1e4,...e.auth})}catch(n){throw new y("io",`Cannot connect to NATS at ${s.server}: ${n.message}`,{cause:n})}}async function Ca(s,e){try{return await s.streams.info(e)}catch(t){if(!ts(t))throw t}try{return await s.streams.add({name:e,subjects:[`${we}.>`],storage:"file",retention:"limits",discard:"new",max_bytes:Ea.maxBytes,max_age:0,max_msgs:-1,num_replicas:1,duplicate_window:Ea.duplicateWindowNs})}catch(t){if(/already in use|exists/i.test(t.message))return await s.streams.info(e);throw t}}function ts(s){let e=s;return e?.api_error?.err_code===10059||e?.api_error?.err_code===10037||/not found/i.test(String(e?.message??""))}function Eh(){return import("@nats-io/transport-node")}function Oa(){return import("@nats-io/jetstream")}async function ai(s){return await(await Oa()).jetstreamManager(s)}var Ea,li=v(()=>{A();K();Fs();a(In,"parseNatsUrl");a(Pn,"natsCredentials");a(Sa,"credentialsFile");a(oi,"openNats");a(Aa,"isRefusal");a(Ma,"checkNetPermission");a(ry,"connectOnce");Ea={maxBytes:8*1024*1024*1024,duplicateWindowNs:120*1e9};a(Ca,"ensureStream");a(ts,"isNotFound");a(Eh,"transport");a(Oa,"jetStreamApi");a(ai,"jetstreamManager")});function Ah(s,e,t={}){let n=Ke(s);if(n===null)return null;try{let i=n.statSync().size;if(i<=e)return{size:i,bytes:new Uint8Array(0)};let o=Math.min(t.chunkBytes??1024*1024,i-e),l=t.lineBytesMax??64*1024*1024;for(;;){let c=new Uint8Array(o);n.seekSync(e,Deno.SeekMode.Start);let u=0;for(;u<o;){let f=n.readSync(c.subarray(u));if(f===null||f===0)break;u+=f}let h=c.subarray(0,u).lastIndexOf(10);if(h>=0)return{size:i,bytes:c.subarray(0,h+1)};if(u<o||e+u>=i||o>=l)return{size:i,bytes:new Uint8Array(0)};o=Math.min(o*4,l,i-e)}}finally{n.close()}}function Us(s,e){if(s.length!==e.length)return!1;for(let t=0;t<s.length;t++)if(s[t]!==e[t])return!1;return!0}function ci(s){let e=2166136261;for(let t=0;t<s.length;t++)e^=s[t],e=Math.imul(e,16777619);return(e>>>0).toString(16).padStart(8,"0")+s.length.toString(16)}var La=v(()=>{K();a(Ah,"readCompleteLinesSync");a(Us,"bytesEqual");a(ci,"shortHash")});function qn(s,e,t=[]){if(/[\r\n]/.test(s)||/[\r\n]/.test(e))throw new y("bad-state",`a message id or directory holds a line break: ${s}`);return new Da([[Is,s],[ei,e],...t])}async function Ia(s,e,t){return await new ja(s,e,t).run()}async function Na(s,e,t){let n=await s.streams.info(e,{subjects_filter:t});return Object.keys(n.state.subjects??{})}async function Oh(s,e,t){try{let n=await s.streams.getMessage(e,{last_by_subj:t});return n?{data:n.data,header:n.header,seq:n.seq}:null}catch(n){if(ts(n)&&!/stream not found/i.test(n.message))return null;throw n}}var Mh,Ch,Lh,Da,Ra,ja,Nh=v(()=>{A();K();ue();an();Mr();li();La();Fs();Mh=64,Ch="its lines are not shipped while it is not a regular file",Lh=new TextEncoder,Da=class{static{a(this,"RawHeaders")}#e;constructor(e){let t="NATS/1.0";for(let[n,r]of e)t+=`\r
${n}: ${r.trim()}`;this.#e=Lh.encode(`${t}\r
\r
`)}encode(){return this.#e}};a(qn,"msgHeaders");Ra=class{static{a(this,"AckWindow")}#e;#t;#s=0;#n=0;#r=new Map;#o=0;#i=new Ce;#a=null;#l;#c=new TextDecoder;constructor(e){this.#e=e,this.#t=`_INBOX.taskline.${crypto.randomUUID().replaceAll("-","")}`,this.#l=e.subscribe(this.#t,{callback:a((t,n)=>this.#u(n),"callback")})}get pending(){return this.#r.size}get pendingBytes(){return this.#o}get failure(){return this.#a}fail(e){this.#a??=e;for(let t of this.#r.values()){let n=t.done;t.done=void 0,n?.(null)}this.#i.wake()}publish(e,t,n,r,i){let o=this.#s++;this.#r.set(o,{sent:Date.now(),bytes:t.length,subject:e,ev:r,done:i}),this.#o+=t.length,this.#e.publish(e,t,{reply:this.#t,headers:n})}send(e,t,n,r){return this.#a!==null?Promise.resolve(null):new Promise(i=>this.publish(e,t,n,r,i))}unacknowledged(){let e=[];for(let t of this.#r.values())t.ev&&e.push(t.ev);return e}#u(e){let t=this.#n++,n=this.#r.get(t);if(n===void 0)return;this.#r.delete(t),this.#o-=n.bytes;let r=e.data;if(r.length>10&&r[0]===123&&r[2]===115&&r[3]===116){if(n.done){let o=null;try{o=JSON.parse(this.#c.decode(r)).seq}catch{}let l=n.done;n.done=void 0,typeof o=="number"&&o>0?l(o):(l(null),this.fail(`an acknowledgement without a sequence (${this.#c.decode(r).slice(0,200)})`))}}else{let o=this.#c.decode(r).slice(0,200),l=e.headers?.code?`status ${e.headers.code}`:"";n.done?.(null),n.done=void 0,this.fail(o.includes(`"err_code":${mh}`)?`${n.subject} holds a message stored by another writer, a ship killed before? (${o})`:`a publish was refused (${o||l||"empty answer"})`)}this.#i.wake()}async waitRoom(e,t,n,r){for(;(this.#r.size>=e||this.#o>=t)&&this.#a===null;)this.checkTimeout(n),await this.#i.wait(100,r)}async settle(e,t){for(;this.#r.size>0&&this.#a===null;)this.checkTimeout(e),await this.#i.wait(100,t)}checkTimeout(e){let t=this.#r.values().next().value?.sent;t!==void 0&&Date.now()-t>e&&this.#a===null&&this.fail(`no acknowledgement in ${e} ms`)}close(){this.fail("the session ended"),this.#l.unsubscribe()}};a(Ia,"ship");ja=class{static{a(this,"Shipper")}#e;#t;#s;#n;#r=new Map;#o=new Set;#i=new Set;#a=new Map;#l=new Ce;#c=new TextDecoder;stats={lines:0,bytes:0,outputs:0,taskFiles:0,resyncs:0,liveEvents:0,liveDropped:0};#u=null;#h=!0;#f=512*1024;#p="";#d=null;#w=new Set;#m=new Set;#g;#y;constructor(e,t,n){this.#e=e,this.#t=t,this.#s=n,this.#n=n.stream??Nn,this.#g=Math.max(2,n.windowMsgs??8192),this.#y=Math.max(1<<20,n.windowBytes??16<<20)}#b(e){this.#s.onReport?.(e)}#k(e,t,n){this.#a.get(t.path)!==t.message&&(this.#a.set(t.path,t.message),this.#b(`task ${e}: ${t.message} (${n})`))}async run(){await Ma(this.#t);let e=this.#s.signal,t=new AbortController,n=a(()=>t.abort(),"onAbort");e?.addEventListener("abort",n,{once:!0}),e?.aborted&&t.abort(),nt(this.#e.tasksDir,l=>this.#x(l),{signal:t.signal});let r=this.#s.live?await pn(this.#e.liveListenerPath(`ship-${Deno.pid}`),crypto.randomUUID().replaceAll("-",""),l=>this.#$(l),{onWarning:a(l=>this.#b(l),"onWarning")}):null,i=null,o="";try{for(;!t.signal.aborted;){let l;try{l=await this.#_(t.signal,c=>{i!==null&&c!==i&&this.#b(`stream ${this.#n} was created again: every task is shipped again from its start`),i=c})}catch(c){if(t.signal.aborted)break;if(c instanceof y&&c.message.startsWith("Cannot connect to NATS")&&Aa(c))throw c;l=c.message}if(t.signal.aborted)break;this.stats.resyncs++,i!==null&&l!==o&&this.#b(`NATS session ended (${l}): starting again from what the stream holds`),o=l;for(let c of this.#r.values())c.stopped===null&&(c.synced=!1),c.taskJson=null,c.taskStamp="",this.#i.add(c.dir);await new Promise(c=>setTimeout(c,250))}}finally{e?.removeEventListener("abort",n),t.abort(),await r?.close().catch(()=>{})}return this.stats}#$(e){let t=this.#u;if(t===null||t.isClosed()||!Qt(e.task)){this.stats.liveDropped++;return}try{t.publish(yh(this.#s.project,e.task),Lh.encode(JSON.stringify(e))),this.stats.liveEvents++}catch{this.stats.liveDropped++}}async#_(e,t){let n=await oi(this.#t,{name:"taskline ship",signal:e,reconnect:!1,onWaiting:a(o=>this.#s.onReport?.(`waiting for NATS at ${this.#t.server}: ${o}`),"onWaiting"),...this.#s.nats}),r=new Ra(n);this.#u=n;let i=n.closed().then(o=>{r.fail(`connection lost${o?`: ${o.message}`:""}`),this.#l.wake()});try{let o=await ai(n);this.#d=o;let l=await Ca(o,this.#n);t(l.created);let c=n.info?.max_payload??1024*1024;this.#f=Math.max(4096,c-8192),this.#s.onReady?.({stream:this.#n,server:this.#t.server,maxPayload:c});let u=this.#s.pollIntervalMs??1e3,h=0,f=Date.now();for(;!e.aborted&&r.failure===null;){if(Date.now()-h>=u){h=Date.now(),this.#h=!0;for(let d of this.#r.keys())this.#i.add(d)}if(this.#h&&(this.#h=!1,await this.#A()),await this.#C(o),await this.#L(r,e),r.checkTimeout(this.#s.ackTimeoutMs??5e3),r.failure!==null)break;if(Date.now()-f>=u&&(f=Date.now(),(await Ca(o,this.#n)).created!==l.created))return"the stream was created again";this.#v()||await this.#l.wait(Math.max(1,u-(Date.now()-h)),e).catch(()=>{})}return e.aborted?(await r.settle(this.#s.ackTimeoutMs??5e3).catch(()=>{}),"stopped"):r.failure??"stopped"}finally{this.#u=null,this.#d=null,r.fail("the session ended"),await Promise.allSettled(this.#m);for(let o of r.unacknowledged())o.f.replay.set(o.start,o.end);r.close(),await n.close().catch(()=>{}),await i}}#x(e){for(let t of e){let n=nn(this.#p,t);n!==null&&this.#r.has(n)?this.#i.add(n):this.#h=!0}this.#l.wake()}async#A(){if(this.#p==="")try{this.#p=await Deno.realPath(this.#e.tasksDir)}catch{}let e=await zt(this.#e);for(let t of e){if(this.#r.has(t))continue;let n;try{let i=ht(this.#e.taskJsonPath(t),{root:this.#e.root});if(i===null)throw new Error("no task.json");let o=JSON.parse(this.#c.decode(i));if(typeof o?.id!="string")throw new Error("task.json has no id");n=o.id}catch(i){i instanceof N&&this.#k(t,i,"the task is not shipped"),this.#o.add(t);continue}this.#o.delete(t);let r=null;Qt(n)?si(t,this.#s.project)||(r="its directory name cannot be recreated on a mirror"):r=`its id "${n.slice(0,80)}" cannot name a subject`,r&&this.#b(`task ${t} is not shipped: ${r}`),this.#r.set(t,{dir:t,id:n,next:0,last:null,lastStart:0,replay:new Map,synced:!1,evSeq:0,outsSeq:0,outsUpto:0,taskJson:null,taskStamp:"",stopped:r}),this.#i.add(t)}}async#C(e){let t=[...this.#r.values()].filter(r=>!r.synced&&r.stopped===null),n=null;if(t.length>16){let r=this.#s.project;n=new Set([...await Na(e,this.#n,`${we}.${r}.*.ev`),...await Na(e,this.#n,`${we}.${r}.*.task`),...await Na(e,this.#n,`${we}.${r}.*.outs`)])}for(let r=0;r<t.length;r+=64)await Promise.all(t.slice(r,r+64).map(i=>this.#S(e,i,n)))}async#S(e,t,n){let r=this.#s.project,i=a(h=>n&&!n.has(h)?Promise.resolve(null):Oh(e,this.#n,h),"last"),[o,l,c]=await Promise.all([i(ka(r,t.id)),i(ba(r,t.id)),i(va(r,t.id))]);t.evSeq=o?.seq??0,t.outsSeq=c?.seq??0;let u=/^\d{1,15}$/.exec(c?.header?.get(ya)??"");if(t.outsUpto=u?Number(u[0]):0,t.taskJson=l?l.data:null,t.taskStamp="",t.last=null,t.lastStart=0,t.next=0,o){let h=Th(o.header,o.data.length);if(h===null)throw new y("bad-state",`the last message of task ${t.dir} has no offset`);if(t.next=h.end,h.part===null){let f=$a(o.data);t.last=o.data.subarray(f),t.lastStart=h.start+f}await this.#O(t)}for(let h of t.replay.keys())h<t.next&&t.replay.delete(h);t.synced=!0}async#O(e){let t=this.#e.logPath(e.dir),n=null;try{n=await ee(t)}catch(r){if(r instanceof N)return this.#k(e.dir,r,Ch)}try{let r=n===null?0:(await n.stat()).size;r<e.next?this.#E(e,`its log is shorter (${r} bytes) than what was shipped (${e.next} bytes)`):n!==null&&e.last&&!Us(await Ve(n,e.lastStart,e.last.length),e.last)&&this.#E(e,`the last line shipped is no longer at byte ${e.lastStart} of its log`)}finally{n?.close()}}#E(e,t){e.stopped=t,this.#b(`task ${e.dir}: ${t}: the log was truncated or rewritten; it is not shipped again`)}#v(){if(this.#w.size>=Mh)return!1;for(let e of this.#i)if(!this.#w.has(e))return!0;return!1}async#L(e,t){let n=Date.now();for(let r of[...this.#i]){if(e.failure!==null||t.aborted||this.#w.size>=Mh)return;if(this.#w.has(r)||Date.now()-n>=50&&(await new Promise(l=>setTimeout(l,0)),n=Date.now(),this.#w.has(r)))continue;this.#i.delete(r);let i=this.#r.get(r);if(!i||i.stopped!==null||!i.synced)continue;this.#w.add(r);let o=this.#R(i,e,t).catch(l=>e.fail(l.message)).finally(()=>{this.#w.delete(r),this.#m.delete(o),this.#l.wake()});this.#m.add(o)}}async#R(e,t,n){this.#N(e,t),await this.#D(t,n);let r=new Map;for(let i=0;i<16&&await this.#M(e,t,n,r);i++)i===15&&this.#i.add(e.dir)}#N(e,t){let n=this.#e.taskJsonPath(e.dir),r,i;try{let l=Rt(n,{root:this.#e.root});if(l===null||(r=`${l.mtime?.getTime()}:${l.size}:${l.ino}`,r===e.taskStamp))return;i=ht(n,{root:this.#e.root})}catch(l){l instanceof N&&this.#k(e.dir,l,"its task.json is not shipped");return}if(i===null||(this.#a.delete(n),e.taskStamp=r,e.taskJson&&Us(e.taskJson,i)))return;let o=qn(`${e.id}:task:${ci(i)}`,e.dir);t.publish(ba(this.#s.project,e.id),i,o),e.taskJson=i,this.stats.taskFiles++}async#M(e,t,n,r){let i=this.#e.logPath(e.dir),o=e.last?e.lastStart:e.next,l;try{l=Ah(i,o,{chunkBytes:this.#s.chunkBytes})}catch(b){if(!(b instanceof N))throw b;return this.#k(e.dir,b,Ch),!1}if(this.#a.size>0&&this.#a.delete(i),l===null)return e.next>0&&this.#E(e,"its log is gone"),!1;if(l.size<e.next)return this.#E(e,`its log is shorter (${l.size} bytes) than what was shipped (${e.next} bytes)`),!1;let c=l.bytes;if(e.last){let b=c.subarray(0,e.last.length);if(b.length<e.last.length||!Us(b,e.last))return this.#E(e,`the last line shipped is no longer at byte ${e.lastStart} of its log`),!1;c=c.subarray(e.last.length)}if(c.length===0)return!1;let u=ka(this.#s.project,e.id),h=Math.min(this.#f,this.#s.batchBytes??256*1024),f=e.next,d=this.#T(e,c,r),p=[...d.keys()],m=0,g=0,k=a(async b=>{let x=[];for(;m<p.length&&p[m]<b;){let $=p[m++];f+$<e.outsUpto||x.push({out:d.get($),end:f+c.indexOf(10,$)+1})}return x.length===0?!0:(e.replay.set(f+g,f+b),await this.#I(e,x,h,t))},"shipOutputsBefore");for(;g<c.length;){if(t.failure!==null||n.aborted)return!1;let b=c.indexOf(10,g)+1;if(b-g>this.#f){if(!await k(b))return!1;let X=c.subarray(g,b),q=jn(X,this.#c),U=Math.ceil(X.length/this.#f);for(let F=0;F<U;F++){let Z=qn(xa(e.id,q.run,q.seq,f+g,F),e.dir,[[es,`${F}/${U}`],[ga,String(X.length)],[Dn,String(e.evSeq)]]),L=await t.send(u,X.subarray(F*this.#f,Math.min(X.length,(F+1)*this.#f)),Z);if(L===null)return!1;e.evSeq=L}e.replay.delete(f+g),e.last=X,e.lastStart=f+g,e.next=f+b,this.stats.lines++,this.stats.bytes+=X.length,g=b;continue}let x=g+h,$=e.replay.get(f+g);if($!==void 0&&$-(f+g)>h)e.replay.delete(f+g);else if($!==void 0)if($-f<=c.length)x=$-f;else{if(g>0)break;e.replay.delete(f+g)}let _=x>=c.length?c.length:c.lastIndexOf(10,x-1)+1;if(_<=g&&(_=b),!await k(_)||t.failure!==null||n.aborted)return!1;let M=c.subarray(g,_),C=$a(M),O=C===0?1:ii(M),B=jn(c.subarray(g,b),this.#c),G=f+g,se=O===1?xa(e.id,B.run,B.seq,G):bh(e.id,B.run,B.seq,jn(M.subarray(C),this.#c).seq,O,G),At=qn(se,e.dir,[[Dn,String(e.evSeq)]]),ke=await t.send(u,M,At,{f:e,start:G,end:G+M.length});if(ke===null)return!1;e.evSeq=ke,e.replay.delete(G),e.last=M.subarray(C),e.lastStart=G+C,e.next=f+_,this.stats.lines+=O,this.stats.bytes+=M.length,g=_}return e.last&&(e.last=e.last.slice()),g<c.length||l.bytes.length>0&&l.size>o+l.bytes.length}async#D(e,t){(e.pending>=this.#g||e.pendingBytes>=this.#y)&&await e.waitRoom(this.#g>>1,this.#y>>1,this.#s.ackTimeoutMs??5e3,t)}#T(e,t,n){let r=new Map,i=0;for(;i<t.length;){let o=t.indexOf(10,i)+1,l=i;if(i=o,!Sh(t,l,o,this.#c))continue;let c,u,h=!1;try{let p=JSON.parse(this.#c.decode(t.subarray(l,o))).event;c=p?.run,u=p?.call,h=typeof p?.output_file=="string"}catch{continue}if(typeof c!="string"||typeof u!="string"||!Qt(c)||!ti(u))continue;let f=n.get(c);if((f===void 0||h&&!f?.has(`${u}.txt`))&&(f=this.#j(e,c),n.set(c,f)),!f?.has(`${u}.txt`))continue;let d=this.#e.traceFile(e.dir,c,u);try{let p=ht(d,{root:this.#e.root});p!==null&&r.set(l,{run:c,call:u,data:p})}catch(p){p instanceof N&&this.#k(e.dir,p,"that output is not shipped")}}return r}#j(e,t){let n=new Set;try{let r=this.#e.traceFile(e.dir,t,"x");for(let i of Deno.readDirSync(r.slice(0,r.lastIndexOf("/"))))n.add(i.name)}catch{return null}return n}async#I(e,t,n,r){let i=[],o=ri,l=a(async()=>{if(i.length===0)return!0;let c=xh(i.map(m=>m.out)),u=i[i.length-1].end,h=$h(e.id,i[0].out,i.length,ci(c)),f=qn(h,e.dir,[[ya,String(u)],[Dn,String(e.outsSeq)]]),d=i.length;i=[],o=ri;let p=await r.send(va(this.#s.project,e.id),c,f);return p===null?!1:(e.outsSeq=p,e.outsUpto=u,this.stats.outputs+=d,!0)},"flush");for(let c of t){let u=vh(c.out);if(ri+u>n){if(!await l()||!await this.#P(e,c.out,r))return!1;continue}if((o+u>n||i.length>=_a)&&!await l())return!1;i.push(c),o+=u}return await l()}async#P(e,t,n){let{run:r,call:i,data:o}=t,l=wh(this.#s.project,e.id,r,i),c=Math.max(1,Math.ceil(o.length/this.#f)),u=ci(o),h=a(g=>`${e.id}:out:${r}:${i}:${u}#${g}`,"idOf");if(this.#d===null)return!1;let f=await Oh(this.#d,this.#n,l),d=f?.seq??0,p=0,m=Rn(f?.header?.get(es));if(m!==null&&m.n===c&&f?.header?.get(Is)===h(m.i)){if(m.i===c-1)return!0;p=m.i+1}for(let g=p;g<c;g++){let k=qn(h(g),e.dir,[[es,`${g}/${c}`],[Dn,String(d)]]),b=await n.send(l,o.subarray(g*this.#f,Math.min(o.length,(g+1)*this.#f)),k);if(b===null)return!1;d=b}return this.stats.outputs++,!0}};a(Na,"subjectsHeld");a(Oh,"lastMessage")});function Rh(s){return s.length>200?`${s.slice(0,200)}\u2026`:s}function Hs(s){return`${s.root}/mirror.json`}async function Fa(s,e,t={}){return await new qa(s,e,t).run()}function Ph(s,e={}){if(Rt(s,e)===null)return 0;let t;try{t=Deno.openSync(s,{read:!0,write:!0})}catch(n){if(n instanceof Deno.errors.NotFound)return 0;throw n}try{let n=t.statSync();if(!n.isFile)throw new N(s,"other");let r=n.size,i=er(t,r)+1;return i<r&&t.truncateSync(i),i}finally{t.close()}}function jh(s){let e=new N(s.path,s.kind,s.target);return e.message=`${s.message}: it is where mirror keeps its place in the stream; remove it (the stream is then read again from its start, what is already here is skipped)`,e}function Ih(s,e){return new Promise(t=>{let n=setTimeout(r,s);function r(){clearTimeout(n),e?.removeEventListener("abort",r),t()}a(r,"done"),e?.addEventListener("abort",r,{once:!0})})}var Dh,Pa,qa,qh=v(()=>{re();K();li();La();vs();ut();Fs();Dh=256*1024*1024,Pa=1e3;a(Rh,"shown");a(Hs,"checkpointPath");a(Fa,"mirror");qa=class{static{a(this,"Mirror")}#e;#t;#s;#n;#r=new Map;#o=new Map;#i=0;#a=new Map;#l=new Set;#c=new Set;stats={lines:0,bytes:0,outputs:0,taskFiles:0,skipped:0,unusable:0};#u=0;#h=-1;#f="";#p=0;#d=-1n;#w=0;#m=null;#g=null;constructor(e,t,n){this.#e=e,this.#t=t,this.#s=n,this.#n=n.stream??Nn}#y(e,t){if(!this.#c.has(e)){if(this.#c.size>=Pa){this.#c.size===Pa&&(this.#c.add(""),this.#s.onReport?.(`${Pa} kinds of problems named: further ones are counted, not named (the count of unusable messages skipped is told when mirror ends)`));return}this.#c.add(e),this.#s.onReport?.(t)}}async run(){let e=this.#s.signal;await Deno.mkdir(this.#e.tasksDir,{recursive:!0});let t=await oi(this.#t,{name:"taskline mirror",signal:this.#s.signal,onWaiting:a(c=>this.#s.onReport?.(`waiting for NATS at ${this.#t.server}: ${c}`),"onWaiting"),...this.#s.nats}),n=new AbortController,r=a(()=>n.abort(),"onAbort");e?.addEventListener("abort",r,{once:!0}),e?.aborted&&n.abort();let i=(async()=>{for await(let c of t.status())c.type==="reconnect"&&(this.#w++,this.#m?.())})().catch(()=>{}),o=null;if(this.#s.live){let c=new dn(this.#e.root,{},d=>d==="live.json");c.connect();let u=new TextDecoder,h=this.#s.project;this.#A();let f=t.subscribe(`${ma}.${h??"*"}.*`,{callback:a((d,p)=>{let m=Ar(u.decode(p.data));m&&this.#S(p.subject,m.task)&&c.send(m)},"callback")});o={close:a(()=>{f.unsubscribe(),c.close()},"close")}}let l=setInterval(()=>{try{this.#T()}catch(c){this.#y("checkpoint",`cannot save ${Hs(this.#e)}: ${c}`)}},this.#s.checkpointIntervalMs??500);try{for(;!n.signal.aborted;){try{await this.#b(t,n.signal)}catch(c){if(n.signal.aborted||c instanceof N)throw c;this.#y(`follow:${c.message}`,`reading stream ${this.#n} stopped (${c.message}); starting again`)}this.#M(),n.signal.aborted||await Ih(250,n.signal)}}finally{clearInterval(l),o?.close(),e?.removeEventListener("abort",r);try{this.#M(),this.#T()}finally{await t.close().catch(()=>{}),await i}}return this.stats}async#b(e,t){let n=this.#w,r=await ai(e),i;for(let g=0;;g++){t.throwIfAborted();try{i=await r.streams.info(this.#n);break}catch(k){g===0&&this.#s.onReport?.(`waiting for stream ${this.#n} at ${this.#t.server}: ${k.message}`),await Ih(ts(k)?500:250,t)}}let o=this.#j(),l=1;this.#f===i.created?l=await this.#$(r,this.#u):o&&o.stream===this.#n&&o.created===i.created?(this.#d=o.ns!==void 0&&/^\d{1,20}$/.test(o.ns)?BigInt(o.ns):-1n,l=await this.#$(r,o.seq)):(this.#f!==""||o)&&this.#s.onReport?.(`stream ${this.#n} is not the one mirrored before: reading it from its start (lines already here are skipped)`),this.#f!==i.created&&(this.#o.clear(),this.#i=0,this.#f=i.created),this.#u=l-1;let c=(await Oa()).jetstream(e),u=this.#s.project,h=await c.consumers.get(this.#n,{filter_subjects:u?`${we}.${u}.>`:`${we}.>`,deliver_policy:"by_start_sequence",opt_start_seq:l}),f=await h.consume({max_messages:1e3,expires:1e4,abort_on_missing_resource:!0});this.#m=()=>f.stop(),this.#w!==n&&f.stop(),this.#s.onReady?.({stream:this.#n,server:this.#t.server,from:l});let d=a(()=>f.stop(),"onAbort");t.addEventListener("abort",d,{once:!0});let p=i.created,m=setInterval(async()=>{try{(await r.streams.info(this.#n)).created!==p&&f.stop()}catch(g){ts(g)&&f.stop()}},1e3);(async()=>{for await(let g of f.status())(g.type==="stream_not_found"||g.type==="consumer_not_found"||g.type==="consumer_deleted"||g.type==="heartbeats_missed"&&g.count>=2)&&f.stop()})().catch(()=>{});try{for await(let g of f)this.#O(g),g.info.pending===0||this.#p>=(this.#s.batchBytesMax??4<<20)?this.#M():this.#p>0&&this.#g===null&&(this.#g=setTimeout(()=>{this.#g=null;try{this.#M()}catch{f.stop()}},this.#s.batchHoldMs??20))}finally{this.#m=null,clearInterval(m),t.removeEventListener("abort",d),this.#M(),h.delete().catch(()=>{})}}async#k(e,t){try{let n=await e.streams.getMessage(this.#n,{seq:t});if(!n)return!0;let r=Hi(n.timestamp);return r===null||r>this.#d}catch(n){if(ts(n))return!0;throw n}}async#$(e,t){if(t<=0)return 1;if(this.#d<0n)return this.#s.onReport?.(`${Hs(this.#e)} has no time: reading stream ${this.#n} again from its start`),1;if(!await this.#k(e,t))return t+1;let n=0,r=t;for(;r-n>1;){let i=Math.floor((n+r)/2);await this.#k(e,i)?r=i:n=i}return this.#s.onReport?.(`stream ${this.#n} no longer holds messages ${r} to ${t} as they were read (a server restart): reading again from ${r}`),r}#_=new Map;#x=new Map;#A(){let e;try{e=[...Deno.readDirSync(this.#e.tasksDir)]}catch{return}for(let t of e)if(t.isDirectory)try{let n=ht(this.#e.taskJsonPath(t.name),{root:this.#e.root});n&&this.#C(t.name,n)}catch{}}#C(e,t){let n;try{n=JSON.parse(new TextDecoder().decode(t))?.id}catch{}let r=this.#_.get(e);if(r!==void 0&&(this.#x.get(r)?.delete(e),this.#x.get(r)?.size===0&&this.#x.delete(r),this.#_.delete(e)),typeof n!="string")return;this.#_.set(e,n);let i=this.#x.get(n);i||this.#x.set(n,i=new Set),i.add(e)}#S(e,t){let n=e.split("."),r=n[1]??"",i=this.#x.get(t),o=null;return n.length!==3||n[2]!==t?o="its subject names another task":i?[...i].some(l=>!l.startsWith(`${r}--`))&&(o="a task of another project has that id"):o="no task of the replica has that id (yet)",o===null?!0:(this.#y(`live:${e}:${t}`,`an ephemeral event of ${Rh(e)} for task ${t.slice(0,80)} is not handed on: ${o}`),!1)}#O(e){this.#u=e.seq,this.#d=e.timestampNanos;let t=kh(e.subject);if(!t){this.stats.unusable++,this.#y(`subject:${e.subject}`,`a message of ${Rh(e.subject)} (stream sequence ${e.seq}) is not one that taskline ship writes: skipped`);return}let n=e.headers?.get(ei)??"";if(!si(n,t.project)){this.stats.unusable++,this.#y(`dir:${n}`,`a message of ${e.subject} (stream sequence ${e.seq}) names no usable task directory: skipped`);return}let r=ni(t.project,n);if(t.kind==="task"){this.#s.live&&this.#C(r,e.data),this.#a.set(this.#e.taskJsonPath(r),e.data),this.#p+=e.data.length,this.stats.taskFiles++;return}if(t.kind==="outs"){let c=_h(e.data);if(c===null){this.stats.unusable++,this.#y(`outs:${e.subject}`,`a message of ${e.subject} (stream sequence ${e.seq}) holds no readable outputs: skipped`);return}for(let u of c)this.#a.set(this.#e.traceFile(r,u.run,u.call),u.data),this.#p+=u.data.length,this.stats.outputs++;return}let i=Rn(e.headers?.get(es));if(t.kind==="out"){let c=this.#e.traceFile(r,t.run,t.call),u=this.#E(`out:${c}`,`out:${c}`,e,i??{i:0,n:1});u&&(this.#a.set(c,u),this.#p+=u.length,this.stats.outputs++);return}let o=Ta(e.headers?.get(Is)??"");if(o===null){this.stats.unusable++,this.#y(`id:${e.subject}`,`a line of ${e.subject} has no offset: skipped`);return}let l=this.#E(`ev:${r}`,`ev:${r}:${o}`,e,i??{i:0,n:1});l&&this.#R(r,o,l)}#E(e,t,n,r){let i=this.#o.get(e);if(i&&i.key!==t&&(this.#v(e,"another one came after it"),i=void 0),r.n===1)return n.data;if(r.i===0||!i||i.n!==r.n){if(i&&this.#v(e,null),r.i!==0)return null;i={key:t,firstSeq:n.seq,n:r.n,parts:[],got:0,bytes:0,subject:n.subject},this.#o.set(e,i)}let o=i.parts[r.i];o===void 0?i.got++:(i.bytes-=o.length,this.#i-=o.length),i.parts[r.i]=n.data,i.bytes+=n.data.length,this.#i+=n.data.length;for(let[h]of this.#o){if(this.#i<=Dh||h===e)break;this.#v(h,`more than ${Dh/1024/1024} MiB of parts were held`)}if(i.got<i.n)return null;this.#v(e,null);let l=0;for(let h of i.parts)l+=h.length;let c=new Uint8Array(l),u=0;for(let h of i.parts)c.set(h,u),u+=h.length;return c}#v(e,t){let n=this.#o.get(e);n&&(this.#o.delete(e),this.#i-=n.bytes,t!==null&&(this.stats.unusable++,this.#y(`parts:${n.subject}`,`parts of a message of ${n.subject} (from stream sequence ${n.firstSeq}) that never completed were dropped: ${t}`)))}#L(e){let t=this.#r.get(e);if(t)return t;let n=0,r=null;try{n=Ph(this.#e.logPath(e),{root:this.#e.root})}catch(i){if(!(i instanceof N))throw i;r=i.message,this.#y(`bad:${i.path}`,`task ${e}: ${i.message}: its lines are not written (remove it, and mirror.json, to read the stream again from its start)`)}return t={size:n,queued:[],queuedBytes:0,gapReported:!1,bad:r},this.#r.set(e,t),t}#R(e,t,n){let r=this.#L(e);if(r.bad!==null)return;let i=r.size+r.queuedBytes,o=n;if(t+o.length<=i){this.stats.skipped++;return}if(t<i&&o[i-t-1]===10&&(o=o.subarray(i-t),t=i),t!==i){r.gapReported||(r.gapReported=!0,this.#s.onReport?.(`task ${e}: message ${this.#u} of the stream has a line at byte ${t} but the log here ends at ${i}: lines are missing from the stream; later lines of this task are not written`));return}r.queued.push(o),r.queuedBytes+=o.length,this.#p+=o.length,this.stats.lines+=ii(o),this.stats.bytes+=o.length}#N(e){this.#l.has(e)||(Deno.mkdirSync(e,{recursive:!0}),this.#l.add(e))}#M(){this.#g!==null&&(clearTimeout(this.#g),this.#g=null);for(let[e,t]of this.#a){this.#N(e.slice(0,e.lastIndexOf("/")));let n=!1;try{let r=ht(e,{root:this.#e.root});n=r!==null&&Us(r,t)}catch(r){if(r instanceof N){this.#y(`bad:${r.path}`,`${r.message}: it is not written`);continue}}n||us(e,t)}this.#a.clear();for(let[e,t]of this.#r){if(t.queuedBytes===0)continue;this.#N(this.#e.taskDir(e));let n=new Uint8Array(t.queuedBytes),r=0;for(let o of t.queued)n.set(o,r),r+=o.length;let i=Deno.openSync(this.#e.logPath(e),{append:!0,create:!0});try{let o=0;for(;o<n.length;)o+=i.writeSync(n.subarray(o))}finally{i.close()}t.size+=t.queuedBytes,t.queued=[],t.queuedBytes=0}this.#p=0}#D(){let e=this.#u;for(let t of this.#o.values())e=Math.min(e,t.firstSeq-1);return e}#T(){if(this.#f===""||this.#p>0)return;let e=this.#D();if(e===this.#h)return;let t={stream:this.#n,created:this.#f,seq:e,ns:this.#d.toString()};try{Rt(Hs(this.#e),{root:this.#e.root})}catch(n){throw n instanceof N?jh(n):n}us(Hs(this.#e),new TextEncoder().encode(JSON.stringify(t)+`
`)),this.#h=e}#j(){let e=Hs(this.#e),t=null;try{t=ht(e,{root:this.#e.root})}catch(n){if(n instanceof N)throw jh(n);return null}if(t===null)return null;try{let n=JSON.parse(new TextDecoder().decode(t));if(typeof n?.stream=="string"&&typeof n?.created=="string"&&Number.isSafeInteger(n?.seq))return n}catch{}return null}};a(Ph,"repairTail");a(jh,"badCheckpoint");a(Ih,"sleep")});async function Ua(s,e){if(e.given!==void 0)return Ps(e.given);if(e.configured!==null)return Ps(e.configured);let n=(await Deno.realPath(s.root)).split("/").filter(r=>r!=="");return wa(n[n.length-2]??"project")}var Fh=v(()=>{Fs();a(Ua,"projectName")});var Ha=v(()=>{Nh();qh();li();Fs();Fh()});var Uh={};W(Uh,{SHIP_HELP:()=>iy,shipCommand:()=>oy});async function oy(s,e){let{values:t,positionals:n}=P("ship",e,{project:{type:"string"},stream:{type:"string"},live:{type:"boolean"}});if(n.length!==1)throw new y("usage","taskline ship takes one argument: the NATS URL");let r=In(n[0]);await s.state.requireExists();let i=await s.settings(),o=await Ua(s.state,{given:t.project,configured:i.fleet.project}),l=t.stream??i.fleet.stream,c=await Pn(s.state,s.io.env),u=await Ia(s.state,r,{project:o,stream:l,live:t.live===!0,nats:{auth:c.options},signal:s.io.signal,onReport:a(h=>void s.warn(h),"onReport"),onReady:a(async h=>{await s.io.stderr.write(`taskline ship: project ${o} to stream ${h.stream} on ${h.server} (credentials: ${c.source})
`),await s.io.stderr.flush()},"onReady")});return await s.io.stderr.write(`taskline ship: ${u.lines} lines, ${u.outputs} outputs, ${u.taskFiles} task files shipped${t.live?`, ${u.liveEvents} ephemeral events published (${u.liveDropped} dropped while not connected)`:""}
`),0}var iy,Hh=v(()=>{A();Ha();oe();iy=`Usage: taskline ship <NATS-URL> [options]

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
                     published, not stored, on taskline_live.<project>.<task id>`;a(oy,"shipCommand")});var Bh={};W(Bh,{MIRROR_HELP:()=>ay,mirrorCommand:()=>ly});async function ly(s,e){let{values:t,positionals:n}=P("mirror",e,{project:{type:"string"},stream:{type:"string"},live:{type:"boolean"}});if(n.length!==1)throw new y("usage","taskline mirror takes one argument: the NATS URL");let r=In(n[0]),i=t.project===void 0?void 0:Ps(t.project),o=await s.settings(),l=t.stream??o.fleet.stream,c=await Pn(s.state,s.io.env),u=await Fa(s.state,r,{stream:l,project:i,live:t.live===!0,nats:{auth:c.options},signal:s.io.signal,onReport:a(h=>void s.warn(h),"onReport"),onReady:a(async h=>{await s.io.stderr.write(`taskline mirror: stream ${h.stream} on ${h.server} from message ${h.from} into ${s.state.root}/
`),await s.io.stderr.flush()},"onReady")});return await s.io.stderr.write(`taskline mirror: ${u.lines} lines, ${u.outputs} outputs, ${u.taskFiles} task files written${u.unusable>0?`, ${u.unusable} unusable messages skipped`:""}
`),0}var ay,Wh=v(()=>{A();Ha();oe();ay="Usage: taskline mirror <NATS-URL> [options]\n\nBuilds .taskline/ of this directory from a stream that `taskline ship` writes,\nand keeps it up to date until Ctrl-C. Each task of each project lands in\n.taskline/tasks/<project>--<task dir>/ with its task.json, its events.jsonl\nbyte for byte as on its machine, and its tool outputs. `events`, `history`,\n`trace`, `serve` and `tui` work on the replica as on any project (refer to\na task by its directory name, or its id: numbers of several projects collide).\nAfter a crash it resumes from what it has written (a torn last line is cut).\n\nCredentials as for `taskline ship` (TASKLINE_NATS_TOKEN, TASKLINE_NATS_NKEY, or\n.taskline/nats.token, nats.nkey, nats.creds).\n\nOptions:\n  --stream <NAME>    the stream (default: fleet.stream of config.jsonc, else TASKLINE)\n  --project <NAME>   only this project (default: every project of the stream)\n  --live             also the ephemeral events (agent_delta) that `ship --live`\n                     publishes: handed to a `taskline serve` running on this\n                     replica, which streams them; never written";a(ly,"mirrorCommand")});async function Wa(s){try{return await Deno.realPath(s)}catch{return null}}async function Bs(s,e,t,n={}){if(!cy.test(t))throw new y("bad-request",`Cannot read the output of call "${t.slice(0,40)}": a call is 12 hexadecimal digits`);let r=t.toLowerCase();if(!Ba.test(e.dir)||e.dir.startsWith("."))return null;let i=await Wa(`${s.root}/tool-output`),o=await Wa(s.root);if(i===null||o===null)return null;if(i!==`${o}/tool-output`)throw new y("bad-state",`Refusing to read ${s.toolOutputDir}: it is a link`);let l=[];if(n.run!==void 0)Ba.test(n.run)&&!n.run.startsWith(".")&&l.push(n.run);else{try{for await(let c of Deno.readDir(`${s.toolOutputDir}/${e.dir}`))Ba.test(c.name)&&!c.name.startsWith(".")&&l.push(c.name)}catch{return null}l.sort()}for(let c of l){let u=s.traceFile(e.dir,c,r),h=await Wa(u);if(h===null)continue;if(!h.startsWith(`${i}/`))throw new y("bad-state",`Refusing to read the output of call ${r}: ${u} leads outside ${s.toolOutputDir}/`);let f=await Deno.stat(h);if(!f.isFile)continue;if(f.size>(n.bytesMax??64*1024*1024))throw new y("io",`Cannot read ${u}: ${f.size} bytes is too large`);let d=await Deno.readTextFile(h),p=uy.exec(d);return{text:d,run:c,cut:p?{kept:Number(p[1]),total:Number(p[2])}:null}}return null}var cy,Ba,uy,Fn=v(()=>{A();cy=/^[0-9a-fA-F]{12}$/,Ba=/^[0-9A-Za-z._-]{1,100}$/,uy=/\n?\[taskline: output cut to the first (\d+) of (\d+) characters\]\n?$/;a(Wa,"realOrNull");a(Bs,"readTraceOutput")});function Ws(s){return s.returned_at===null?"no result":s.timed_out?"timed out":s.exit_code!==null&&s.exit_code!==0?`exit ${s.exit_code}`:s.is_error?"error":"ok"}function za(s,e,t,n){return`${s}|${e}|${t}|${n??""}`}function zh(s,e,t){return{run:s,call:e.call,role:e.role,subtask:e.subtask??null,tool:e.tool,input:null,called_at:null,returned_at:null,duration_ms:null,is_error:null,exit_code:null,timed_out:!1,preview:"",output_chars:0,output_file:null,paired:"unmatched",result:"no result",seq:t}}var hy,Un,Ja=v(()=>{J();a(Ws,"resultOf");hy=new Set(["write_file","edit_file"]),Un=class s{static{a(this,"CallPairing")}calls=[];runs=[];filesWritten=[];#e=new Map;#t=new Map;#s=new Set;run;constructor(e){this.run=e}static resume(e,t){let n=new s(e);for(let r of t)n.calls.push(r),n.runs.includes(r.run)||n.runs.push(r.run),!(r.returned_at!==null||r.called_at===null)&&(r.call===Se?n.#n(za(r.run,r.role,r.tool,r.subtask)).push(r):n.#e.set(`${r.run}|${r.call}`,r));return n}add(e){if(typeof e.schema=="number"&&e.schema>2)return null;let t=e.event,n=I(t);if(n===null||this.run!==null&&n!==this.run||(this.runs.includes(n)||this.runs.push(n),t.type!=="tool_called"&&t.type!=="tool_returned"))return null;let r=typeof e.seq=="number"?e.seq:null;if(t.type==="tool_called"){let c=t,u=zh(n,c,r);return u.input=c.input??null,u.called_at=e.at,this.calls.push(u),c.call===Se?this.#n(za(n,c.role,c.tool,c.subtask)).push(u):this.#e.set(`${n}|${c.call}`,u),u}let i=t,o,l="unmatched";if(i.call===Se)o=this.#t.get(za(n,i.role,i.tool,i.subtask))?.shift(),l="order";else{let c=`${n}|${i.call}`;o=this.#e.get(c),this.#e.delete(c),l="id"}if(o||(o=zh(n,i,r),this.calls.push(o),l="unmatched"),o.paired=l,o.returned_at=e.at,o.duration_ms=typeof i.duration_ms=="number"?i.duration_ms:null,o.is_error=i.is_error===!0,o.exit_code=typeof i.exit_code=="number"?i.exit_code:null,o.timed_out=i.timed_out===!0,o.preview=typeof i.preview=="string"?i.preview:"",o.output_chars=typeof i.output_chars=="number"?i.output_chars:0,o.output_file=typeof i.output_file=="string"?i.output_file:null,o.result=Ws(o),hy.has(o.tool)&&!o.is_error&&o.called_at!==null){let c=o.input?.path;typeof c=="string"&&c!==""&&!this.#s.has(c)&&(this.#s.add(c),this.filesWritten.push(c))}return o}#n(e){let t=this.#t.get(e);return t||this.#t.set(e,t=[]),t}};a(za,"orderKey");a(zh,"openCall")});async function zs(s,e,t={}){if(t.all&&t.run!==void 0)throw new y("usage","--all does not go with --run");let n=s.logPath(e.dir),r=await jt(n),i=null;if(!t.all&&(i=t.run!==void 0?await gt(n,t.run,r):(await Me(n,{to:r}))?.run??null,i===null))return{run:null,calls:[],files_written:[],runs:[],paired_by_order:!1,errors:[]};let o=[],l=new Un(i);for await(let h of me(n,{to:r,signal:t.signal,prefilter:a(f=>f.includes('"tool_called"')||f.includes('"tool_returned"')||f.includes('"run_started"'),"prefilter"),onProblem:a(f=>{t.onProblem?.(f),o.length<50&&o.push(`line ${f.line}: skipped a broken line (${f.reason})`)},"onProblem")}))for(let f of h.records)l.add(f.env);let c=l.calls,u=c;if(t.tool!==void 0&&(u=u.filter(h=>h.tool===t.tool)),t.subtask!==void 0){let h=t.subtask.toLowerCase();u=u.filter(f=>f.subtask!==null&&f.subtask.toLowerCase().startsWith(h))}if(t.full)for(let h of u)await fy(s,e,h);return{run:i,calls:u,files_written:l.filesWritten,runs:l.runs,paired_by_order:c.some(h=>h.paired==="order"),errors:o}}async function fy(s,e,t){if(t.returned_at===null){t.output="",t.output_state="not kept";return}if(t.call===Se){t.output=t.preview,t.output_state="before 0.5";return}if(t.output_file===null){t.output=t.preview,t.output_state="not kept";return}let n=null;try{n=await Bs(s,e,t.call,{run:t.run})}catch(r){if(!(r instanceof y))throw r}if(n===null){t.output=t.preview,t.output_state="missing";return}t.output=n.text,t.output_state=n.cut?"cut":"complete",n.cut&&(t.output_total_chars=n.cut.total)}var Hn=v(()=>{J();A();It();dt();Fn();Ja();Ja();a(zs,"buildRunTrace");a(fy,"attachOutput")});function S(s,e){return typeof e=="boolean"?{key:s,value:{boolValue:e}}:typeof e=="number"?Number.isSafeInteger(e)?{key:s,value:{intValue:String(e)}}:{key:s,value:{doubleValue:e}}:{key:s,value:{stringValue:e}}}function Ka(s){let e=0xcbf29ce484222325n;for(let t=0;t<s.length;t++)e^=BigInt(s.charCodeAt(t)),e=e*0x100000001b3n&0xffffffffffffffffn;return e===0n&&(e=1n),e.toString(16).padStart(16,"0")}function dy(s){let e=s.replace(/-/g,"").toLowerCase();return/^[0-9a-f]{32}$/.test(e)&&!/^0+$/.test(e)?e:Ka(`a|${s}`)+Ka(`b|${s}`)}function py(s){return Re(s)}async function Kh(s,e,t={}){let n=s.logPath(e.dir),r=await jt(n),i=null;t.all||(i=t.run!==void 0?await gt(n,t.run,r):(await Me(n,{to:r}))?.run??null);let o=t.attributeCharsMax??4096,l=new Map;if(t.all||i!==null)for await(let u of me(n,{to:r,onProblem:t.onProblem,signal:t.signal}))for(let h of u.records){if(h.env.schema>2)continue;let f=h.env.event,d=I(f);if(d===null||i!==null&&d!==i)continue;let p=py(h.env.at);if(p===null)continue;let m=l.get(d);m||l.set(d,m=new Va(d,e,p,o)),m.add(f,p)}let c=[];for(let u of l.values())u.close(),c.push(...u.spans);return{resourceSpans:[{resource:{attributes:[S("service.name","taskline"),S("service.version",Jh),S("taskline.task.id",e.id),S("taskline.task.number",e.number),S("taskline.task.title",e.record.title),S("taskline.task.dir",e.dir)]},scopeSpans:[{scope:{name:"taskline",version:Jh},spans:c}]}]}}var Jh,Va,Ya=v(()=>{J();ut();It();dt();Hn();Jh="0.5.0";a(S,"attr");a(Ka,"hash64");a(dy,"traceIdOf");a(py,"nsOf");Va=class{static{a(this,"RunSpans")}run;spans;root;traceId;#e;#t;#s;#n;#r;#o;#i;#a;#l;constructor(e,t,n,r){this.run=e,this.spans=[],this.#e=0,this.#t=[],this.#s=new Map,this.#n=new Map,this.#r=new Map,this.#o=0n,this.#i=0,this.#l=[],this.traceId=dy(e),this.#a=r,this.root=this.#u(`run #${t.number}`,null,n,[S("taskline.run.id",e),S("taskline.task.id",t.id),S("taskline.task.number",t.number)]),this.#o=n}#c(e){return e.length>this.#a?`${e.slice(0,this.#a)}\u2026`:e}#u(e,t,n,r){let i={traceId:this.traceId,spanId:Ka(`${this.run}|${this.#e++}|${e}`),name:e,kind:1,startTimeUnixNano:String(n),endTimeUnixNano:String(n),attributes:r,events:[],status:{code:0}};t&&(i.parentSpanId=t.span.spanId),this.spans.push(i);let o={span:i,startNs:n,ended:!1};return this.#l.push(o),o}#h(e,t,n){e.span.endTimeUnixNano=String(t<e.startNs?e.startNs:t),e.ended=!0,n&&(e.span.status=n)}#f(e,t,n){this.root.span.events.push({timeUnixNano:String(t),name:e,attributes:n})}#p(){for(let e=this.#t.length-1;e>=0;e--)if(!this.#t[e].ended)return this.#t[e];return null}add(e,t){switch(t>this.#o&&(this.#o=t),e.type){case"run_started":this.#i++>0&&this.#f("resumed",t,[]);break;case"run_finished":{let n=[S("taskline.run.status",e.status),S("taskline.run.success",e.success===!0),S("taskline.run.resumes",Math.max(0,this.#i-1)),S("taskline.run.active_ms",e.active_ms??0),S("gen_ai.usage.input_tokens",e.usage?.input_tokens??0),S("gen_ai.usage.output_tokens",e.usage?.output_tokens??0)],r=new Set(n.map(i=>i.key));this.root.span.attributes=[...this.root.span.attributes.filter(i=>!r.has(i.key)),...n],this.#h(this.root,t,e.success?{code:1}:{code:2,message:`run ${e.status}`});break}case"phase_started":this.#t.push(this.#u(`phase ${e.phase}`,this.root,t,[S("taskline.phase",e.phase)]));break;case"phase_finished":{let n=[...this.#t].reverse().find(r=>!r.ended&&r.span.name===`phase ${e.phase}`)??this.#u(`phase ${e.phase}`,this.root,t,[S("taskline.phase",e.phase)]);n.span.attributes.push(S("taskline.phase.summary",this.#c(e.summary??""))),this.#h(n,t,e.success?{code:1}:{code:2,message:e.summary??""});break}case"agent_started":{let n=this.#p()??this.root,r=[S("gen_ai.agent.name",e.role)];e.model&&r.push(S("gen_ai.request.model",e.model)),e.subtask&&r.push(S("taskline.subtask",e.subtask));let i=this.#u(`agent ${e.role}`,n,t,r),o=this.#s.get(e.role);o||this.#s.set(e.role,o=[]),o.push({open:i,subtask:e.subtask??null});break}case"agent_finished":{let r=this.#s.get(e.role)?.shift()?.open??this.#u(`agent ${e.role}`,this.#p()??this.root,t,[S("gen_ai.agent.name",e.role)]);r.span.attributes.push(S("taskline.agent.steps",e.steps??0),S("taskline.agent.stop",this.#c(String(e.stop??""))),S("gen_ai.usage.input_tokens",e.usage?.input_tokens??0),S("gen_ai.usage.output_tokens",e.usage?.output_tokens??0),S("taskline.usage.cache_read_tokens",e.usage?.cache_read_tokens??0),S("taskline.usage.cache_write_tokens",e.usage?.cache_write_tokens??0)),this.#h(r,t);break}case"tool_called":{let n=this.#s.get(e.role),i=(n?.find(c=>c.subtask===(e.subtask??null))??n?.[0])?.open??this.#p()??this.root,o=[S("gen_ai.tool.name",e.tool),S("gen_ai.tool.call.id",e.call),S("taskline.role",e.role),S("taskline.tool.input",this.#c(JSON.stringify(e.input??null)))];e.subtask&&o.push(S("taskline.subtask",e.subtask));let l=this.#u(`tool ${e.tool}`,i,t,o);if(e.call===Se){let c=`${e.role}|${e.tool}|${e.subtask??""}`,u=this.#r.get(c);u||this.#r.set(c,u=[]),u.push(l)}else this.#n.set(e.call,l);break}case"tool_returned":{let n;if(e.call===Se?n=this.#r.get(`${e.role}|${e.tool}|${e.subtask??""}`)?.shift():(n=this.#n.get(e.call),this.#n.delete(e.call)),!n){let o=t-BigInt(Math.max(0,Math.round(e.duration_ms??0)))*1000000n;n=this.#u(`tool ${e.tool}`,this.#p()??this.root,o,[S("gen_ai.tool.name",e.tool),S("gen_ai.tool.call.id",e.call),S("taskline.role",e.role),S("taskline.tool.call_missing",!0)])}let r=Ws({returned_at:"",timed_out:e.timed_out===!0,exit_code:typeof e.exit_code=="number"?e.exit_code:null,is_error:e.is_error===!0}),i=n.span.attributes;i.push(S("taskline.tool.result",r),S("taskline.tool.is_error",e.is_error===!0),S("taskline.tool.duration_ms",e.duration_ms??0),S("taskline.tool.timed_out",e.timed_out===!0),S("taskline.tool.output_chars",e.output_chars??0),S("taskline.tool.preview",this.#c(e.preview??""))),typeof e.exit_code=="number"&&i.push(S("taskline.tool.exit_code",e.exit_code)),e.output_file&&i.push(S("taskline.tool.output_file",e.output_file)),this.#h(n,t,r==="ok"?{code:1}:{code:2,message:r});break}case"paused":this.#f("paused",t,[S("taskline.reason",e.reason??"")]);break;case"approval_requested":this.#f("approval_requested",t,[S("taskline.gate",e.gate)]);break;case"approval_resolved":this.#f("approval_resolved",t,[S("taskline.gate",e.gate),S("taskline.approved",e.approved===!0),S("taskline.comment",e.comment??"")]);break;case"committed":this.#f("committed",t,[S("taskline.commit",e.commit),S("taskline.message",e.message??""),S("taskline.files",(e.files??[]).length)]);break;case"merged":this.#f("merged",t,[S("taskline.commit",e.commit),S("taskline.branch",e.branch??""),S("taskline.base",e.base??"")]);break;case"validation_finished":{let n=[S("taskline.command",e.command),S("taskline.integration",e.integration===!0),S("taskline.passed",e.passed===!0)];typeof e.exit_code=="number"&&n.push(S("taskline.exit_code",e.exit_code)),this.#f("validation_finished",t,n);break}case"retrying":this.#f("retrying",t,[S("taskline.what",e.what??""),S("taskline.attempt",e.attempt??0),S("taskline.delay_ms",e.delay_ms??0)]);break;case"log":(e.level==="warn"||e.level==="error")&&this.#f(`log ${e.level}`,t,[S("taskline.message",this.#c(e.message))]);break;default:break}}close(){for(let e of this.#l)e.ended||(e.span.endTimeUnixNano=String(this.#o>e.startNs?this.#o:e.startNs),e.span.attributes.push(S("taskline.unfinished",!0)),e.span.name.startsWith("tool ")&&(e.span.attributes.push(S("taskline.tool.result","no result")),e.span.status={code:2,message:"no result"}))}};a(Kh,"buildOtlpTrace")});var Gh={};W(Gh,{TRACE_HELP:()=>my,renderTrace:()=>Yh,traceCommand:()=>gy});async function gy(s,e){as();let{values:t,positionals:n}=P("trace",e,{run:{type:"string"},all:{type:"boolean"},tool:{type:"string"},subtask:{type:"string"},full:{type:"boolean"},json:{type:"boolean"},format:{type:"string"}}),r=t.json===!0?"json":String(t.format??"text");if(!["text","json","otlp"].includes(r))throw new y("usage",`taskline trace: --format takes text, json or otlp, not "${r.slice(0,40)}"`);if(s.json=r!=="text",n.length!==1)throw new y("usage","taskline trace: name one task, for example `taskline trace 3`");if(t.all&&t.run!==void 0)throw new y("usage","taskline trace: --all does not go with --run");let i=await s.task(n[0]),o=s.io.stdout;if(r==="otlp"){if(t.tool!==void 0||t.subtask!==void 0||t.full)throw new y("usage","taskline trace: --format otlp exports whole runs (not with --tool, --subtask or --full)");let c=await Kh(s.state,i,{run:t.run,all:t.all===!0,onProblem:s.problem,signal:s.io.signal});return await o.write(JSON.stringify(c)+`
`),0}let l=await zs(s.state,i,{run:t.run,all:t.all===!0,tool:t.tool,subtask:t.subtask,full:t.full===!0,onProblem:s.problem,signal:s.io.signal});if(r==="json")await o.write(JSON.stringify(l)+`
`);else{let c=$o(o.isTerminal,s.io.env);await o.write(Yh(l,t.full===!0,c))}return 0}function Vh(s){let e=s.replace(/\r\n/g,`
`).replace(/\n$/,"");return e===""?"":e.split(`
`).map(t=>`    ${D(t,{tab:"	"})}`.trimEnd()).join(`
`)+`
`}function yy(s,e){return e?`${s==="ok"?"\x1B[32m":s==="no result"?"\x1B[33m":"\x1B[31m"}${s}\x1B[0m`:s}function wy(s,e){let t=js(s.called_at??s.returned_at),n=s.subtask?D(s.subtask.slice(0,8)):"-",r=s.called_at===null?"(return without a call)":E(JSON.stringify(s.input),100),i=[];return s.paired==="order"?i.push("paired by order: recorded before 0.5"):s.paired!=="id"&&s.paired!=="unmatched"&&i.push(`paired: ${s.paired}`),`${t}  ${E(s.role,40)}  ${n}  ${E(s.tool,40)}  ${r}  ${_e(s.duration_ms)}  ${yy(s.result??Ws(s),e)}${i.length?`  (${i.join("; ")})`:""}
`}function ky(s){switch(s.output_state){case"cut":return"";case"missing":return`    [complete output missing: ${D(String(s.output_file))} is not in the trace store; showing the preview]
`;case"not kept":return s.returned_at===null?`    [no output: the call never returned]
`:`    [complete output not kept (tracing was off or the file could not be written); showing the preview]
`;case"before 0.5":return`    [recorded before 0.5: only the preview was kept]
`;default:return""}}function Yh(s,e,t=!1){let n=s.runs??[...new Set([...s.run?[s.run]:[],...s.calls.map(o=>o.run)])];if(n.length===0)return`No tool calls: the task has no run yet.
`;let r=[];for(let o of n){let l=s.calls.filter(u=>u.run===o),c=`Run ${D(o)} \xB7 ${l.length===0?"no tool calls":l.length===1?"1 call":`${l.length} calls`}
`;for(let u of l)c+=wy(u,t),e?(c+=Vh(u.output??u.preview),c+=ky(u)):(c+=Vh(u.preview),u.output_chars>yn(u.preview)&&u.returned_at!==null&&(c+=`    \u2026 ${u.output_chars} characters in all${u.output_file?" (--full shows them)":""}
`));r.push(c)}let i=r.join(`
`);return s.errors?.length&&(i+=`
Problems:
${s.errors.map(o=>`  ${D(o)}
`).join("")}`),i}var my,Xh=v(()=>{Ye();A();Ya();Hn();Cn();oe();un();K();Ro();my=`Usage: taskline trace <REF> [options]

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
  --format <F>        text (default), json, or otlp (OpenTelemetry OTLP/JSON)`;a(gy,"traceCommand");a(Vh,"indent");a(yy,"paint");a(wy,"header");a(ky,"fullNote");a(Yh,"renderTrace")});function Ga(){let s=crypto.getRandomValues(new Uint8Array(32));return Array.from(s,e=>e.toString(16).padStart(2,"0")).join("")}function ef(s,e){let t=Qh.encode(s),n=Qh.encode(e),r=Math.max(t.length,n.length),i=t.length^n.length;for(let o=0;o<r;o++)i|=(t[o]??0)^(n[o]??0);return i===0}function tf(s){let e=s.replace(/^\[|\]$/g,"").toLowerCase();return e==="localhost"||e==="::1"||/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(e)}function sf(s,e){let t=new Set([`127.0.0.1:${e}`,`localhost:${e}`,`[::1]:${e}`]),n=s.includes(":")&&!s.startsWith("[")?`[${s}]`:s;return n!=="0.0.0.0"&&n!=="[::]"&&t.add(`${n.toLowerCase()}:${e}`),t}function nf(s,e){let t=(s.headers.get("host")??"").toLowerCase();if(!e.hosts.has(t))return`Host "${t.slice(0,100)}" is not this server's address`;let n=s.headers.get("origin");if(n!==null){let r=!1;try{let i=new URL(n),o=i.port===""?`${i.host}:80`:i.host;r=i.protocol==="http:"&&e.hosts.has(o.toLowerCase())&&n.replace(/\/$/,"")===`${i.protocol}//${i.host}`}catch{}if(!r)return`Origin "${n.slice(0,100)}" is not this server's`}return null}function rf(s,e,t,n){let r=s.headers.get("authorization");if(r!==null){let i=/^Bearer[ ]+(\S+)\s*$/i.exec(r);return i!==null&&ef(i[1],t.token)}if(n){let i=e.searchParams.get("token");if(i!==null)return ef(i,t.token)}return!1}var Qh,Xa=v(()=>{a(Ga,"newToken");Qh=new TextEncoder;a(ef,"constantTimeEqual");a(tf,"isLoopbackHost");a(sf,"allowedHosts");a(nf,"checkHostAndOrigin");a(rf,"hasToken")});function of(s){return s.method==="POST"}function af(s,e="GET"){let t=s.length>1?s.replace(/\/$/,""):s,n=t==="/"?[]:t.slice(1).split("/"),r=e==="HEAD"?"GET":e,i=[];for(let{route:c,parts:u}of Ty){if(u.length!==n.length)continue;let h={},f=!0;for(let d=0;d<u.length&&f;d++){let p=u[d];if(p.startsWith("{")){let m;try{m=decodeURIComponent(n[d])}catch{return"bad"}h[p.slice(1,-1)]=m}else p!==n[d]&&(f=!1)}f&&(i.length>0&&i[0].route.path!==c.path||(i=[...i,{route:c,params:h}]))}if(i.length===0)return null;let o=i.find(c=>c.route.method===r),l=i.flatMap(c=>c.route.method==="GET"?["GET","HEAD"]:[c.route.method]);return{...o??i[0],methodOk:o!==void 0,allow:l}}var _y,$y,Za,Ty,Qa=v(()=>{_y=[{name:"web",path:"/",summary:"The web UI",auth:!1,queryToken:!1},{name:"health",path:"/api/health",summary:"Liveness and version",auth:!0,queryToken:!1},{name:"openapi",path:"/api/openapi.json",summary:"This document (OpenAPI 3.1)",auth:!0,queryToken:!1},{name:"tasks",path:"/api/tasks",summary:"Every task",auth:!0,queryToken:!1},{name:"task",path:"/api/tasks/{ref}",summary:"One task",auth:!0,queryToken:!1},{name:"taskEvents",path:"/api/tasks/{ref}/events",summary:"Events of one task's current run (or another run, or all), ordered by seq",auth:!0,queryToken:!1},{name:"taskStream",path:"/api/tasks/{ref}/stream",summary:"Live stream of one task's run (Server-Sent Events, ids are seq)",auth:!0,queryToken:!0},{name:"taskTrace",path:"/api/tasks/{ref}/trace",summary:"Trace of a run's tool calls (RunTrace)",auth:!0,queryToken:!1},{name:"traceOutput",path:"/api/tasks/{ref}/trace/{call}/output",summary:"The complete output of one tool call, from the trace store",auth:!0,queryToken:!1},{name:"events",path:"/api/events",summary:"Recent events of every task, as tagged envelopes ordered by event cursor",auth:!0,queryToken:!1},{name:"stream",path:"/api/stream",summary:"Live stream of the whole project (Server-Sent Events, ids are event cursors)",auth:!0,queryToken:!0},{name:"history",path:"/api/history",summary:"History of finished work (TaskHistory[])",auth:!0,queryToken:!1},{name:"taskHistory",path:"/api/history/{ref}",summary:"History of one task (TaskHistory)",auth:!0,queryToken:!1}],$y=[{name:"createTask",path:"/api/tasks",summary:"Creates a task (as `taskline task new`)"},{name:"runTask",path:"/api/tasks/{ref}/run",summary:"Runs or resumes the task in the server's process (as `taskline run`)"},{name:"cancelTask",path:"/api/tasks/{ref}/cancel",summary:"Stops the process that runs the task (as `taskline cancel --no-wait`)"},{name:"approveTask",path:"/api/tasks/{ref}/approve",summary:"Approves the gate the task's run waits for (as `taskline approve`)"},{name:"rejectTask",path:"/api/tasks/{ref}/reject",summary:"Rejects the gate the task's run waits for (as `taskline reject`)"}],Za=[..._y.map(s=>({...s,method:"GET"})),...$y.map(s=>({...s,method:"POST",auth:!0,queryToken:!1}))];a(of,"isWrite");Ty=Za.map(s=>({route:s,parts:s.path==="/"?[]:s.path.slice(1).split("/")}));a(af,"matchRoute")});function ff(s){let e={};for(let n of Za){let r=n.path.includes("{ref}"),i=n.method==="POST",o={[Ay[n.name]??"200"]:Ey[n.name]};n.auth&&(o[401]=Et("Unauthorized")),o[403]=Et("Forbidden");let l=Sy[n.name];(i||l.some(u=>u.in==="query"||"$ref"in u)||n.path.includes("{"))&&(o[400]=Et("BadRequest")),(r||n.name==="traceOutput")&&(o[404]=Et("NotFound")),(n.name==="taskEvents"||n.name==="taskStream"||n.name==="taskTrace")&&(o[409]=Et("BadLogFile")),o[405]=Et("MethodNotAllowed"),hf[n.name]&&(o[409]={...lf,description:hf[n.name]}),i&&(o[413]=Et("TooLarge"),o[415]=Et("UnsupportedMediaType"));let c={operationId:n.name,summary:n.summary,parameters:l,responses:o};cf[n.name]&&(c.requestBody=cf[n.name]),n.auth?i&&(c.security=[{bearer:[]}]):c.security=[],e[n.path]={...e[n.path],[n.method.toLowerCase()]:c}}let t=lf;return{openapi:"3.1.0",info:{title:"taskline serve",version:s,description:"The local server of taskline. Every /api/ route needs `Authorization: Bearer <token>`; the two stream routes also take `?token=`, the write routes (POST) never. A write needs `Content-Type: application/json` and a body of at most 64 KiB."},servers:[{url:"http://127.0.0.1:7777"}],security:[{bearer:[]}],paths:e,components:{securitySchemes:{bearer:{type:"http",scheme:"bearer"},queryToken:{type:"apiKey",in:"query",name:"token"}},parameters:{ref:{name:"ref",in:"path",required:!0,description:"A task reference: #N or digits, the directory name, the id or an id prefix of at least 4 hex digits",schema:{type:"string"}},after:{name:"after",in:"query",description:"Start strictly after this event cursor (`<ns>-<number>-<seq>`)",schema:{type:"string",pattern:"^\\d+-\\d+-\\d+$"}},since:{name:"since",in:"query",description:"Events at or after this time: RFC 3339, or an age such as 90s, 15m, 1h30m",schema:{type:"string"}},type:{name:"type",in:"query",description:"Only these event types (repeatable, comma-separated)",schema:{type:"array",items:{type:"string",enum:[...je]}},style:"form",explode:!0},task:{name:"task",in:"query",description:"Only these tasks (references; repeatable)",schema:{type:"array",items:{type:"string"}},style:"form",explode:!0},lastEventId:{name:"Last-Event-ID",in:"header",description:"Resume after this id (beats the query)",schema:{type:"string"}},token:{name:"token",in:"query",description:"The token, for EventSource clients that cannot send headers",schema:{type:"string"}}},responses:{BadRequest:{...t,description:"A bad parameter, or an ambiguous task reference"},Unauthorized:{...t,description:"Missing or wrong token"},Forbidden:{...t,description:"Host or Origin is not this server's"},NotFound:{...t,description:"No such task, call or output"},MethodNotAllowed:{...t,description:"Not a method of this path (header Allow names those that are)"},TooLarge:{...t,description:"The body is larger than 64 KiB"},UnsupportedMediaType:{...t,description:"A write needs `Content-Type: application/json`"},BadLogFile:{...t,description:"The task's events.jsonl is not a regular file inside .taskline/ (a FIFO, a socket, a device, a directory, a link leading out or to nothing): code bad-log-file"}},schemas:{Problem:{type:"object",required:["type","title","status","detail","instance","error"],properties:{type:{type:"string"},title:{type:"string"},status:{type:"integer"},detail:{type:"string"},instance:{type:"string"},error:{type:"string"},code:{type:"string"}}},Envelope:{type:"object",required:["schema","at","event"],properties:{schema:{type:"integer"},seq:{type:"integer",minimum:1},at:{type:"string"},event:{type:"object",required:["type"],properties:{type:{type:"string"}}}}},TaggedEnvelope:{allOf:[{$ref:"#/components/schemas/Envelope"},{type:"object",required:["task","number"],properties:{task:{type:"string"},number:{type:"integer"}}}]},TaskRow:{type:"object",required:["task","number","dir","running","run"],properties:{task:{type:"object"},number:{type:"integer"},dir:{type:"string"},running:{type:"boolean"},run:{type:["object","null"],required:["id","status","current_phase","pending_approval"],properties:{id:{type:"string"},started_at:{type:"string"},current_phase:{type:["string","null"],description:"the phase the run is in, or was in last (its last phase_started); null before its first phase"},status:{type:["string","null"],description:"running while a process runs the task; else the status of the run's last run_finished (done, paused, cancelled, failed...)"},pending_approval:{type:["string","null"],enum:["spec","plan","merge",null]},active_ms:{type:"number"},usage:{type:"object"}}}}},TaskRef:{type:"object",required:["id","number","dir"],properties:{id:{type:"string"},number:{type:"integer"},dir:{type:"string"}}},Decision:{type:"object",required:["task","run","gate","approved","comment","seq"],properties:{task:{$ref:"#/components/schemas/TaskRef"},run:{type:"string"},gate:{type:"string",enum:["spec","plan","merge"]},approved:{type:"boolean"},comment:{type:["string","null"]},seq:{type:"integer",description:"The seq of approval_resolved"}}}}}}}var lf,V,Et,Sy,Bn,cf,uf,Ey,Ay,hf,df=v(()=>{J();Qa();lf={description:"A problem (RFC 9457)",content:{"application/problem+json":{schema:{$ref:"#/components/schemas/Problem"}}}},V=a(s=>({$ref:`#/components/parameters/${s}`}),"ref"),Et=a(s=>({$ref:`#/components/responses/${s}`}),"resp"),Sy={web:[],health:[],openapi:[],tasks:[],task:[V("ref")],taskEvents:[V("ref"),{name:"after",in:"query",description:"Only events with a seq above this",schema:{type:"integer",minimum:0}},{name:"run",in:"query",description:"A run id or prefix instead of the current run",schema:{type:"string"}},{name:"all",in:"query",description:"Every run of the task (not with after or run)",schema:{type:"boolean"}}],taskStream:[V("ref"),{name:"after",in:"query",description:"Start after this seq (Last-Event-ID wins)",schema:{type:"integer",minimum:0}},V("lastEventId"),V("token")],taskTrace:[V("ref"),{name:"run",in:"query",description:"A run id or prefix instead of the current run",schema:{type:"string"}},{name:"all",in:"query",description:"Every run of the task (not with run)",schema:{type:"boolean"}},{name:"tool",in:"query",description:"Only calls of this tool",schema:{type:"string"}},{name:"subtask",in:"query",description:"Only calls whose subtask starts with this prefix",schema:{type:"string"}}],traceOutput:[V("ref"),{name:"call",in:"path",required:!0,description:"The call id: 12 hexadecimal digits",schema:{type:"string",pattern:"^[0-9a-f]{12}$"}}],events:[V("after"),V("since"),V("type"),V("task"),{name:"limit",in:"query",description:"How many of the last matching events (default 500)",schema:{type:"integer",minimum:1,maximum:1e4,default:500}}],stream:[V("after"),V("since"),V("type"),V("task"),V("lastEventId"),V("token")],history:[{name:"all",in:"query",description:"Every task, not only ready and done ones",schema:{type:"boolean"}}],taskHistory:[V("ref")],createTask:[],runTask:[V("ref")],cancelTask:[V("ref")],approveTask:[V("ref")],rejectTask:[V("ref")]},Bn=a((s,e)=>({required:e,content:{"application/json":{schema:s}}}),"jsonBody"),cf={createTask:Bn({type:"object",required:["title"],additionalProperties:!1,properties:{title:{type:"string",minLength:1,maxLength:1e3},description:{type:"string"}}},!0),runTask:Bn({type:"object",additionalProperties:!1,properties:{resume:{type:"boolean",default:!1,description:"Continue the task's current run (same run, seq continues)"},restart:{type:"boolean",default:!1,description:"Start a new run even though the current one is paused"},max_tokens:{type:["integer","string"],description:"Token budget of the run for this invocation (default pipeline.max_tokens)"},max_duration:{type:["number","string"],description:"Active-time budget for this invocation: seconds, or 90s, 15m, 1h30m (default pipeline.max_duration_secs)"},scenario:{type:"string",description:'The scenario of a new run: "builtin" (default), NAME (.taskline/scenarios/NAME.jsonc) or a file inside .taskline/'},speed:{type:"number",exclusiveMinimum:0,default:1,description:"Play the scenario's timings this many times faster"}}},!1),cancelTask:Bn({type:"object",additionalProperties:!1,properties:{}},!1),approveTask:Bn({type:"object",additionalProperties:!1,properties:{comment:{type:["string","null"]}}},!1),rejectTask:Bn({type:"object",required:["reason"],additionalProperties:!1,properties:{reason:{type:"string",minLength:1}}},!0)},uf={description:"approval_resolved was logged in the paused run",content:{"application/json":{schema:{$ref:"#/components/schemas/Decision"}}}},Ey={web:{description:"The web UI",content:{"text/html":{schema:{type:"string"}}}},health:{description:"The server is up",content:{"application/json":{schema:{type:"object",required:["ok","version"],properties:{ok:{type:"boolean"},version:{type:"string"}}}}}},openapi:{description:"This document",content:{"application/json":{schema:{type:"object"}}}},tasks:{description:"Every task, by number",content:{"application/json":{schema:{type:"array",items:{$ref:"#/components/schemas/TaskRow"}}}}},task:{description:"The task",content:{"application/json":{schema:{$ref:"#/components/schemas/TaskRow"}}}},taskEvents:{description:"Envelopes ordered by seq (the 0.4 shape)",content:{"application/json":{schema:{type:"array",items:{$ref:"#/components/schemas/Envelope"}}}}},taskStream:{description:"Server-Sent Events: `id: <seq>`, `event: <type>`, `data: <envelope>`",content:{"text/event-stream":{schema:{type:"string"}}}},taskTrace:{description:"The RunTrace document",content:{"application/json":{schema:{type:"object"}}}},traceOutput:{description:"The complete kept output",content:{"text/plain":{schema:{type:"string"}}}},events:{description:"Tagged envelopes, oldest first",headers:{"X-Taskline-Cursor":{description:"The cursor of the last event read before filtering; resume after it",schema:{type:"string"}}},content:{"application/json":{schema:{type:"array",items:{$ref:"#/components/schemas/TaggedEnvelope"}}}}},stream:{description:"Server-Sent Events: `id: <cursor>`, `event: <type>`, `data: <tagged envelope>`; ephemeral events have no id",content:{"text/event-stream":{schema:{type:"string"}}}},history:{description:"TaskHistory documents",content:{"application/json":{schema:{type:"array",items:{type:"object"}}}}},taskHistory:{description:"The TaskHistory document",content:{"application/json":{schema:{type:"object"}}}},createTask:{description:"The task was created (status ready): its row",headers:{Location:{description:"The task's route",schema:{type:"string"}}},content:{"application/json":{schema:{$ref:"#/components/schemas/TaskRow"}}}},runTask:{description:"The run holds the task and has logged run_started; it goes on in the server's process",content:{"application/json":{schema:{type:"object",required:["task","run","seq","resume","status"],properties:{task:{$ref:"#/components/schemas/TaskRef"},run:{type:"string"},seq:{type:"integer"},resume:{type:"boolean"},status:{const:"running"}}}}}},cancelTask:{description:"The process that runs the task was asked to stop (cancel.request)",content:{"application/json":{schema:{type:"object",required:["task","requested","stopped"],properties:{task:{$ref:"#/components/schemas/TaskRef"},requested:{const:!0},stopped:{type:"boolean"}}}}}},approveTask:uf,rejectTask:uf},Ay={createTask:"201",runTask:"202",cancelTask:"202",approveTask:"200",rejectTask:"200"},hf={runTask:"A process runs the task already, or its state does not allow it (paused: resume; waits for an approval; done: no resume)",cancelTask:"No process runs the task",approveTask:"No gate is pending, or a process runs the task",rejectTask:"No gate is pending, or a process runs the task"};a(ff,"openApiDocument")});function Cy(s){return`https://taskline.dev/problems/${s}`}function We(s,e,t,n={}){let r=n.code??"http",i=new URL(t.url),o={type:Cy(r),title:My[s]??"Error",status:s,detail:e,instance:Oy(i.pathname+i.search),error:e,code:r};return new Response(JSON.stringify(o),{status:s,headers:{"content-type":"application/problem+json","cache-control":"no-store",...n.headers}})}function el(s,e){if(s instanceof y)return We(Sl(s.code),s.message,e,{code:s.code});if(s instanceof Deno.errors.PermissionDenied||s instanceof Deno.errors.NotCapable)return We(403,"The server may not read that path",e,{code:"permission"});let t=s instanceof Error?s.name:"Error";return We(500,`The server failed to answer (${t})`,e,{code:"io"})}function Oy(s){return s.replace(/([?&]token=)[^&#]*/g,"$1***")}var My,pf=v(()=>{A();My={400:"Bad Request",401:"Unauthorized",403:"Forbidden",404:"Not Found",405:"Method Not Allowed",409:"Conflict",413:"Content Too Large",415:"Unsupported Media Type",500:"Internal Server Error",503:"Service Unavailable"};a(Cy,"problemType");a(We,"problem");a(el,"errorResponse");a(Oy,"redactToken")});async function Js(s,e,t={}){let n=t.bytesMax??Ly,r=s.headers.get("content-type");if((r??"").split(";")[0].trim().toLowerCase()!=="application/json")throw new y("unsupported-media-type",r===null?"This route needs the header `Content-Type: application/json`":`This route takes application/json, not "${r.slice(0,60)}"`);let o=s.headers.get("content-length");if(o!==null&&/^\d+$/.test(o)&&Number(o)>n)throw mf(n);let l=await Ny(s,n),c;try{c=new TextDecoder("utf-8",{fatal:!0}).decode(l)}catch{throw new y("bad-request","The body is not UTF-8 text")}if(c.trim()==="")return{};let u;try{u=JSON.parse(c)}catch(f){throw new y("bad-request",`The body is not JSON (${f.message.slice(0,120)})`)}if(u===null||typeof u!="object"||Array.isArray(u))throw new y("bad-request",`The body must be a JSON object${e.length?` with ${e.join(", ")}`:""}`);let h=u;for(let f of Object.keys(h))if(!e.includes(f))throw new y("bad-request",`Unknown member "${f.slice(0,40)}" in the body; this route takes ${e.length?e.join(", "):"none"}`);return h}function mf(s){return new y("too-large",`The body is larger than ${s} bytes`)}async function Ny(s,e){if(!s.body)return new Uint8Array(0);let t=s.body.getReader(),n=[],r=0;try{for(;;){let{value:l,done:c}=await t.read();if(c)break;if(r+=l.length,r>e)throw await t.cancel().catch(()=>{}),mf(e);n.push(l)}}finally{t.releaseLock()}let i=new Uint8Array(r),o=0;for(let l of n)i.set(l,o),o+=l.length;return i}function Wn(s,e){let t=s[e];if(t!=null){if(typeof t!="string")throw new y("bad-request",`Member ${e} must be text`);return t}}var Ly,gf=v(()=>{A();Ly=64*1024;a(Js,"readJsonBody");a(mf,"tooLarge");a(Ny,"readBounded");a(Wn,"textMember")});async function di(s,e){let[t,n,r]=await Promise.all([ge(s,e.dir).catch(()=>e),xe(s,e.dir),_s(s,e.dir).catch(()=>null)]);return{task:t.record,number:t.number,dir:t.dir,running:n,run:r&&r.run!==""?{id:r.run,started_at:r.started_at,status:n?"running":r.status??(r.started_at!==""?"interrupted":null),current_phase:r.current_phase??null,pending_approval:r.pending_approval,active_ms:r.active_ms,usage:{...r.usage}}:null}}var fi,yf=v(()=>{kr();ue();rt();mn();A();fi=class{static{a(this,"TaskIndex")}state;#e=[];#t="";#s=null;constructor(e){this.state=e}async#n(){try{let e=await Deno.stat(this.state.tasksDir);return`${e.mtime?.getTime()??0}:${e.ino??0}`}catch{return"missing"}}stamp(){return this.#n()}async tasks(e={}){let t=await this.#n();return!e.fresh&&t===this.#t?this.#e:(this.#s||(this.#s=ye(this.state).then(n=>(this.#e=n,this.#t=t,n)).finally(()=>this.#s=null)),await this.#s)}async resolve(e){try{return vt(e,await this.tasks())}catch(t){if(!(t instanceof y&&t.code==="not-found"))throw t;return vt(e,await this.tasks({fresh:!0}))}}};a(di,"taskRow")});var wf=v(()=>{Sn();Tn();oa();Hn();Fn();Ya();ca();Cn()});function De(s,e={}){let t=new Headers(e.headers);return t.set("content-type","application/json; charset=utf-8"),t.set("cache-control","no-store"),new Response(JSON.stringify(s),{status:e.status??200,headers:t})}function $e(s,e){for(let t of s.searchParams.keys())if(t!=="token"&&!e.includes(t))throw new y("bad-request",`Unknown query parameter "${t.slice(0,40)}"${e.length?`; this route takes ${e.join(", ")}`:"; this route takes none"}`)}function sl(s,e){let t=s.searchParams.get(e);if(t!==null){if(!/^\d{1,15}$/.test(t))throw new y("bad-request",`Parameter ${e} takes a non-negative integer (a seq), not "${t.slice(0,40)}"`);return Number(t)}}function tl(s,e){let t=s.searchParams.get(e);if(t===null)return!1;if(t===""||t==="true"||t==="1")return!0;if(t==="false"||t==="0")return!1;throw new y("bad-request",`Parameter ${e} takes true or false, not "${t.slice(0,40)}"`)}function bf(s){if(!s.searchParams.has("type"))return null;let e=s.searchParams.getAll("type").flatMap(t=>t.split(",")).map(t=>t.trim()).filter(t=>t!=="");if(e.length===0)throw new y("bad-request","Parameter type names no event type");for(let t of e)if(!Zn(t))throw new y("bad-request",`Unknown event type "${t.slice(0,40)}"; known types: ${je.join(", ")}`);return new Set(e)}function vf(s){let{state:e,gate:t}=s,n=new fi(e),r=new Ne,i=a(async()=>(await Tt(e)).settings,"settings"),o=new Ss(e,{settings:i,closeMessage:"cancelled: the server that ran it stopped",sink:a((f,d)=>{f.seq!==void 0||!Lt(f.event.type)||s.publishEphemeral?.(ze(f,{id:d.id,number:d.number}))},"sink"),onEnd:a((f,d)=>{d instanceof Error&&s.onWarning?.(`the run of task #${f.number} failed: ${d.message}`)},"onEnd")});async function l(f,d,p,m){for(let g of d.searchParams.keys())throw new y("bad-request",g==="token"?"A write takes the token in the Authorization header only, never in the URL":`Unknown query parameter "${g.slice(0,40)}"; a write route takes its input in the JSON body`);switch(p){case"createTask":{let g=await Js(f,["title","description"]),k=Wn(g,"title");if(k===void 0)throw new y("bad-request",'Cannot create a task: the body needs a "title"');let b=Wn(g,"description"),x=await Es(e,{title:k,...b!==void 0?{description:b}:{}});return De(await di(e,x),{status:201,headers:{location:`/api/tasks/${x.number}`}})}case"runTask":{let g=await Js(f,["resume","restart","max_tokens","max_duration","scenario","speed"]),k=Os({resume:g.resume,restart:g.restart,scenario:g.scenario,speed:g.speed,maxTokens:g.max_tokens,maxDuration:g.max_duration},Ry),b=await n.resolve(m.params.ref),x=k.scenario!==void 0?await Wr(e,k.scenario,{scenariosOnly:!0}):void 0,$=await o.start(b,k,x);return De({task:{id:b.id,number:b.number,dir:b.dir},run:$.run,seq:$.seq,resume:$.resume,status:"running"},{status:202})}case"cancelTask":{await Js(f,[]);let g=await n.resolve(m.params.ref);return await Cs(e,g),De(Ur(g,!1),{status:202})}case"approveTask":{let g=await Js(f,["comment"]),k=Wn(g,"comment")??null,b=await n.resolve(m.params.ref),x=await As(e,b,k,{settings:await i()});return De(kn(b,x))}case"rejectTask":{let g=await Js(f,["reason"]),k=Wn(g,"reason");if(k===void 0||k.trim()==="")throw new y("bad-request",'A rejection needs a "reason" in the body');let b=await n.resolve(m.params.ref),x=await Ms(e,b,k,{settings:await i()});return De(kn(b,x))}default:throw new y("bad-request",`${p} is not a write route`)}}a(l,"act");async function c(f,d,p,m){switch(p){case"web":return s.webPage?await s.webPage(f):new Response(jy,{headers:{"content-type":"text/html; charset=utf-8"}});case"health":return $e(d,[]),De({ok:!0,version:s.version,state_dir:e.root,tasks:(await n.tasks()).length,read_outside_state_dir:(await Deno.permissions.query({name:"read",path:"/"})).state==="granted",streams:s.live?.streamStats()??null});case"openapi":return $e(d,[]),De(ff(s.version));case"tasks":{$e(d,[]);let g=s.live?`"${Dy}-${await n.stamp()}-${s.live.rowsVersion}"`:null;if(g!==null&&f.headers.get("if-none-match")===g)return new Response(null,{status:304,headers:{etag:g,"cache-control":"no-store"}});let k=await n.tasks();return De(await Promise.all(k.map(b=>di(e,b))),g===null?{}:{headers:{etag:g}})}case"task":{$e(d,[]);let g=await n.resolve(m.params.ref);return De(await di(e,g))}case"taskEvents":return await u(d,m);case"traceOutput":{$e(d,[]);let g=await n.resolve(m.params.ref),k;try{k=await Bs(e,g,m.params.call)}catch(b){throw b instanceof y&&b.code==="bad-state"?new y("not-found",b.message):b}if(k===null)throw new y("not-found",`Cannot read the output of call ${m.params.call} of task #${g.number}: it was not kept`);return new Response(k.text,{headers:{"content-type":"text/plain; charset=utf-8","cache-control":"no-store","x-taskline-run":k.run,...k.cut?{"x-taskline-cut":`${k.cut.kept}/${k.cut.total}`}:{}}})}case"events":case"stream":case"taskStream":{if(!s.live)throw new y("bad-state","This server was started without live routes");return await s.live[p](f,d,m)}case"history":{$e(d,["all"]);let g=tl(d,"all");return De(await Ds(e,{all:g,tasks:await n.tasks({fresh:!0}),settings:await i(),cache:r}))}case"taskHistory":{$e(d,[]);let g=await n.resolve(m.params.ref);return De(await Ns(e,g,{settings:await i(),cache:r}))}case"taskTrace":{$e(d,["run","all","tool","subtask"]);let g=d.searchParams.get("run")??void 0,k=tl(d,"all");if(k&&g!==void 0)throw new y("bad-request","Parameter all does not go with run");let b=await n.resolve(m.params.ref);return De(await zs(e,b,{run:g,all:k,tool:d.searchParams.get("tool")??void 0,subtask:d.searchParams.get("subtask")??void 0}))}case"createTask":case"runTask":case"cancelTask":case"approveTask":case"rejectTask":return await l(f,d,p,m)}}a(c,"route");async function u(f,d){$e(f,["after","run","all"]);let p=sl(f,"after"),m=f.searchParams.get("run")??void 0,g=tl(f,"all");if(g&&(p!==void 0||m!==void 0))throw new y("bad-request","Parameter all does not go with after or run");if(m!==void 0&&!/^[0-9a-fA-F-]{1,36}$/.test(m))throw new y("bad-request",`Parameter run takes a run id or prefix, not "${m.slice(0,40)}"`);let k=await d.tasks.resolve(d.params.ref),b=await Zs(e,k,{after:p,run:m,all:g}),x=new TextEncoder,$=b.batches,_=!0,M=new ReadableStream({start(C){C.enqueue(x.encode("["))},async pull(C){let O;for(;;){let G=await $.next();if(G.done){C.enqueue(x.encode(`]
`)),C.close();return}if(O=G.value,O.records.length>0)break}let B="";for(let G of O.records)B+=(_?"":",")+yt(G),_=!1;C.enqueue(x.encode(B))},async cancel(){await $.return(void 0)}});return new Response(M,{headers:{"content-type":"application/json; charset=utf-8","cache-control":"no-store",...b.run?{"x-taskline-run":b.run}:{}}})}a(u,"taskEvents");async function h(f){let d;try{d=new URL(f.url)}catch{return new Response("bad request",{status:400})}let p=nf(f,t);if(p)return We(403,p,f,{code:"forbidden"});let m=Py(f.url),g=s.webModules;if(g!==void 0&&m.startsWith(g.prefix))return kf(f,await Iy(f,m,g));let k=m==="/api"||m.startsWith("/api/"),b=af(m,f.method),x=b!==null&&b!=="bad"&&b.route.queryToken;if(k&&!rf(f,d,t,x)){let _=f.headers.has("authorization")||x&&d.searchParams.has("token");return We(401,_?"The token is wrong; use the token `taskline serve` printed (also in .taskline/server.token)":"This route needs the header `Authorization: Bearer <token>` (the token `taskline serve` printed)",f,{code:"unauthorized",headers:{"www-authenticate":'Bearer realm="taskline"'}})}if(b==="bad")return We(400,"The path has a segment that is not valid percent-encoding",f,{code:"bad-request"});if(b===null)return We(404,`No route ${d.pathname.slice(0,200)}`,f,{code:"not-found"});if(!b.methodOk)return We(405,`${b.route.path} answers ${b.allow.join(", ")}, not ${f.method.slice(0,20)}`,f,{code:"method-not-allowed",headers:{allow:b.allow.join(", ")}});let $;try{let _={state:e,tasks:n,params:b.params};$=of(b.route)?await l(f,d,b.route.name,_):await c(f,d,b.route.name,_)}catch(_){$=el(_,f)}return kf(f,$)}return a(h,"fetch"),{tasks:n,close:a(()=>o.close(),"close"),fetch:a(async f=>{let d=await h(f);return s.onRequest?.(`${f.method} ${new URL(f.url).pathname} ${d.status}`),d},"fetch")}}async function Iy(s,e,t){if(s.method!=="GET"&&s.method!=="HEAD")return We(405,`${t.prefix} answers GET, HEAD, not ${s.method.slice(0,20)}`,s,{code:"method-not-allowed",headers:{allow:"GET, HEAD"}});try{return await t.answer(s,e)??We(404,`No module ${e.slice(0,200)}`,s,{code:"not-found"})}catch(n){return el(n,s)}}async function kf(s,e){return s.method!=="HEAD"?e:(await e.body?.cancel().catch(()=>{}),new Response(null,{status:e.status,headers:e.headers}))}function Py(s){let e=s.indexOf("//"),t=s.indexOf("/",e+2);if(t<0)return"/";let n=s.slice(t).search(/[?#]/);return n<0?s.slice(t):s.slice(t,t+n)}var Dy,Ry,jy,nl=v(()=>{wt();J();A();It();Xa();df();pf();Qa();gf();Gt();zo();Ze();J();yf();wf();Fn();ot();Dy=crypto.randomUUID().slice(0,8),Ry={resume:"resume",restart:"restart",scenario:"scenario",speed:"speed",maxTokens:"max_tokens",maxDuration:"max_duration"};a(De,"json");a($e,"checkParams");a(sl,"seqParam");a(tl,"flagParam");a(bf,"typesParam");jy=`<!doctype html><meta charset="utf-8"><title>taskline</title>
<p>taskline serve is running. The web UI is not built into this version; the API is under /api/.</p>`;a(vf,"createHandler");a(Iy,"webModule");a(kf,"headOnly");a(Py,"rawPathOf")});function at(s){let e=s.id===void 0||!/^[\x21-\x7e]{1,256}$/.test(s.id)?"":`id: ${s.id}
`,t=qy.test(s.event)?`event: ${s.event}
`:"",n=/[\r\n]/.test(s.data)?s.data.replace(/[\r\n]/g," "):s.data;return`${e}${t}data: ${n}

`}function $f(s=mi){let e=84;for(let[t,n]of Object.entries(s))e+=t.length+2+n.length+2;return e}function xf(s){let e=_f.encode(`${s.byteLength.toString(16)}\r
`),t=new Uint8Array(e.length+s.byteLength+2);return t.set(e),t.set(s,e.length),t[t.length-2]=13,t[t.length-1]=10,t}function Hy(s,e){let t=pi.get(e);if(t===void 0){let n=new Set,r=setInterval(()=>{let i=Date.now();for(let o of n)o.tick(i)},e);t={streams:n,timer:r},pi.set(e,t)}t.streams.add(s)}function By(s,e){let t=pi.get(e);t!==void 0&&(t.streams.delete(s),t.streams.size===0&&(clearInterval(t.timer),pi.delete(e)))}var qy,zn,_f,mi,rl,Fy,Uy,pi,Ks,Jn=v(()=>{qy=/^[A-Za-z0-9_.:-]{1,64}$/;a(at,"frameText");zn=16*1024,_f=new TextEncoder,mi={"content-type":"text/event-stream; charset=utf-8","cache-control":"no-store","x-accel-buffering":"no"};a($f,"sseHeadBytes");a(xf,"chunkOf");rl=null,Fy=200,Uy=50,pi=new Map;a(Hy,"startTicks");a(By,"stopTicks");Ks=class{static{a(this,"SseStream")}readable;#e;#t=[];#s=0;#n=!1;#r=!1;#o;#i;#a;#l;#c;#u;#h=0;#f=0;#p=null;#d=[];#w=null;#m=!1;#g=null;#y=0;#b=[];#k=0;#$=null;#_=1;constructor(e={}){if(this.#c=e.queueBytesMax??128*1024,this.#u=e.onClose,this.readable=new ReadableStream({start:a(t=>{this.#e=t},"start"),pull:a(()=>this.#R(),"pull"),cancel:a(()=>this.#T(),"cancel")},{highWaterMark:zn,size:a(t=>t.byteLength,"size")}),e.socket!==void 0){this.#g=[];let{connection:t,headBytes:n}=e.socket;t.then(r=>this.#C(r,n,0),()=>this.#S())}this.#N(`retry: ${e.retryMs??1e3}
: taskline

`),this.#o=e.heartbeatMs??15e3,this.#i=Date.now()+this.#o,this.#a=e.stallMsMax??1e4,this.#l=Math.max(1,Math.min(1e3,this.#a,this.#o)),Hy(this,this.#l)}tick(e){this.#r||(e>=this.#i&&(this.#i=e+this.#o,this.backlogBytes===0&&this.#N(`: keep-alive ${e}

`)),this.#x(this.#a))}#x(e){if(this.#r)return;let t=this.#A(),n=this.#h-t,r=Date.now();if(t===0||n!==this.#f){this.#f=n,this.#p=null;return}if(this.#p??=r,r-this.#p>=e){if(this.stalled=!0,this.#m)return this.#D();try{this.#e.error(new Error("The client took nothing for too long"))}catch{}this.#T()}}stalled=!1;#A(){return this.#g!==null?this.#y:this.#m?this.#k:Math.max(0,zn-(this.#e.desiredSize??0))}get direct(){return this.#m}#C(e,t,n){if(this.#r||this.#g===null)return;let r=e===null?-1:e.written();if(r===0&&n<Fy){setTimeout(()=>this.#C(e,t,n+1),1);return}if(r!==t)return this.#S();let i=this.#g;this.#g=null,this.#h-=this.#y,this.#y=0,this.#w=e,this.#m=!0;for(let o of i){if(this.#r)return;this.#O(o.bytes,o.shared)}}#S(){let e=this.#g;if(e!==null){this.#g=null,this.#h-=this.#y,this.#y=0;try{for(let t of e)this.#O(t.bytes)}catch{this.#T()}}}#O(e,t=!1){if(this.#g!==null){this.#g.push({bytes:e,shared:t}),this.#y+=e.byteLength,this.#h+=e.byteLength;return}if(!this.#m){this.#e.enqueue(e),this.#h+=e.byteLength;return}let n;if(t?rl?.bytes===e?n=rl.chunk:(n=xf(e),rl={bytes:e,chunk:n}):n=xf(e),this.#h+=n.byteLength,this.#k>0){this.#b.push(n),this.#k+=n.byteLength;return}let r=this.#w.send(n);if(r<0)return this.#L();r<n.byteLength&&(this.#b.push(n.subarray(r)),this.#k+=n.byteLength-r,this.#_=1,this.#E()),this.#k<zn&&this.#R()}#E(){this.#$!==null||this.#r||(this.#$=setTimeout(()=>{this.#$=null,this.#v()},this.#_))}#v(){if(this.#r)return;let e=!1;for(;this.#b.length>0;){let t=this.#b[0],n=this.#w.send(t);if(n<0)return this.#L();if(n>0&&(e=!0),this.#k-=n,n<t.byteLength){this.#b[0]=t.subarray(n);break}this.#b.shift()}this.#k<zn&&this.#R(),this.#b.length!==0&&(this.#_=e?1:Math.min(Uy,this.#_*2),this.#E())}#L(){try{this.#e.close()}catch{}this.#T()}#R(){let e=this.#d;if(e.length!==0){this.#d=[];for(let t of e)t()}}async room(e){for(;!this.#r&&!e?.aborted&&this.backlogBytes>=zn;)await new Promise(t=>{let n=a(()=>{e?.removeEventListener("abort",n),t()},"done");this.#d.push(n),e?.addEventListener("abort",n,{once:!0})})}get closed(){return this.#r}get backlogBytes(){return this.#r?0:this.#A()+this.#s}push(e){return this.#r||this.backlogBytes+e.length>this.#c?!1:(this.#N(e),!0)}write(e){this.#N(e)}writeBytes(e){if(!this.#r&&(this.#M(),!this.#r))try{this.#O(e,!0)}catch{this.#T()}}#N(e){this.#r||(this.#t.push(e),this.#s+=e.length,this.#n||(this.#n=!0,queueMicrotask(()=>this.#M())))}#M(){if(this.#n=!1,this.#r||this.#t.length===0)return;let e=this.#t.length===1?this.#t[0]:this.#t.join("");this.#t=[],this.#s=0;try{this.#O(_f.encode(e))}catch{this.#T()}}close(){if(!this.#r&&(this.#M(),this.#S(),this.#m&&this.#k>0&&this.#v(),!this.#r)){if(this.#m&&this.#k>0)return this.#D();try{this.#e.close()}catch{}this.#T()}}#D(){this.#w?.reset(),this.#L()}#T(){this.#r||(this.#r=!0,By(this,this.#l),this.#$!==null&&clearTimeout(this.#$),this.#$=null,this.#b=[],this.#k=0,this.#w=null,this.#g=null,this.#y=0,this.#R(),this.#t=[],this.#s=0,this.#u?.())}}});function Wy(s){return{cursor:s.cursor,type:s.record.env.event.type,json:st(s.record,s.task)}}async function*Tf(s,e,t,n){for await(let r of me(s,{from:t,to:n}))for(let i of r.records){if(i.env.schema<2)continue;let o=Xe(i.env,e.number);o!==null&&(yield[i,o])}}async function zy(s,e,t){let n=await ee(s);if(n===null)return t;try{let r=e-1,i=new Uint8Array(64*1024);for(;r<t;){await n.seek(r,Deno.SeekMode.Start);let o=await n.read(i);if(o===null||o===0)return t;let l=i.subarray(0,o).indexOf(10);if(l>=0)return r+l+1;r+=o}return t}finally{n.close()}}function Jy(s,e,t,n,r){let i=new Jt((c,u)=>be(c[0].items[c[1]].cursor,u[0].items[u[1]].cursor)>0),o=null;for(let c of s)if(c.items.length>0){i.push([c,c.items.length-1]);let u=c.items[c.items.length-1];(t===null||be(u.cursor,t)>0)&&(o===null||be(u.cursor,o)>0)&&(o=u.cursor)}else c.complete||r.push(c);let l=[];for(;i.size>0&&l.length<e;){let c=i.top,[u,h]=c,f=u.items[h];if(t!==null&&be(f.cursor,t)<=0){i.pop();continue}n(u.task.id,f.type,f.cursor)&&l.push([u,f]),h>0?(c[1]=h-1,i.replaceTop()):(u.complete||r.push(u),i.pop())}return l.reverse(),{items:l,last:o}}var gi,yi,Sf=v(()=>{Ot();dt();K();hr();To();wt();gi=class{static{a(this,"Tail")}task;items;complete;cap;windowBytes;windowFrom;windowTo;loading;constructor(e,t,n,r){this.task=e,this.items=[],this.windowFrom=0,this.windowTo=0,this.loading=null,this.complete=t,this.cap=n,this.windowBytes=r}add(e){let t=this.items.length,n=1;for(;t>0&&(n=be(this.items[t-1].cursor,e.cursor))>0;)t--;if(t>0&&n===0){this.items[t-1].json??=e.json;return}this.items.splice(t,0,e),this.trim()}trim(){this.items.length<=this.cap||(this.items=this.items.slice(this.items.length-this.cap),this.complete=!1)}};a(Wy,"itemOf");yi=class{static{a(this,"RecentIndex")}state;#e=new Map;#t;#s;#n;constructor(e,t={}){this.state=e,this.#t=t.itemsPerTask??16,this.#s=t.windowBytes??4*1024,this.#n=t.windowBytesMax??64*1024*1024}existing(e){for(let t of e)this.#e.has(t.dir)||this.#e.set(t.dir,new gi(t,!1,this.#t,0))}remove(e){let t=this.#e.get(e.dir);t&&t.task.id===e.id&&this.#e.delete(e.dir)}add(e){for(let t of e){let n=this.#e.get(t.task.dir);n&&n.task.id!==t.task.id&&(n=void 0),n||(n=new gi(t.task,!0,this.#t,0),this.#e.set(t.task.dir,n)),n.add(Wy(t))}}async#r(e,t){if(e.loading)return await e.loading;e.loading=(async()=>{try{await this.#o(e,t)}catch(n){if(!(n instanceof N))throw n;e.complete=!0,e.windowBytes=t}})().finally(()=>e.loading=null),await e.loading}async#o(e,t){let n=this.state.logPath(e.task.dir),r=await kt(n),i=Math.max(0,r-t);i>0&&(i=await zy(n,i,r));let o=[];for await(let[l,c]of Tf(n,e.task,i,r))o.push({cursor:c,type:l.env.event.type,json:null});e.cap=Math.max(e.cap,o.length+this.#t);for(let l of o)e.add(l);e.windowBytes=t,e.windowFrom=e.windowTo===0?i:Math.min(e.windowFrom,i),e.windowTo=Math.max(e.windowTo,r),i===0&&(e.complete=!0)}async#i(e,t){let n=new Map;for(let i of t)n.set(de(i.cursor),i);let r=this.state.logPath(e.task.dir);try{for await(let[i,o]of Tf(r,e.task,e.windowFrom,e.windowTo)){let l=de(o),c=n.get(l);c!==void 0&&(c.json=st(i,e.task),n.delete(l))}}catch(i){if(!(i instanceof N))throw i}return n.size===0}async warm(e=16,t=0){let n=[...this.#e.values()].filter(o=>!o.complete&&o.windowBytes===0),r=0,i=a(async()=>{for(;r<n.length;){let o=n[r++];o.complete||o.windowBytes>0||(await this.#r(o,this.#s),t>0&&await new Promise(l=>setTimeout(l,t)))}},"worker");await Promise.all(Array.from({length:Math.min(e,n.length)},i))}async query(e,t,n,r){await this.warm();let i=[...this.#e.values()].filter(o=>r===null||r.has(o.task.id));for(let o=0;o<32;o++){let l=[],c=Jy(i,e,t,n,l);if(l.length===0)return await this.#a(c);for(let u of l){let h=Math.max(u.windowBytes*2,this.#s);if(h>this.#n)return null;u.cap=Math.max(u.cap,e+this.#t),await this.#r(u,h)}}return null}async#a(e){let t=new Map;for(let[n,r]of e.items){if(r.json!==null)continue;let i=t.get(n);i?i.push(r):t.set(n,[r])}for(let[n,r]of t)if(!await this.#i(n,r))return null;return{items:e.items.map(([,n])=>n.json),last:e.last===null?null:de(e.last)}}};a(Tf,"feedEvents");a(zy,"nextLineStart");a(Jy,"mergeNewest")});var Ef,Ky,Vy,wi,Af=v(()=>{Ef=new TextEncoder,Ky=35,Vy=20,wi=class{static{a(this,"FanOut")}#e=0;#t=0;#s;#n=[];#r=new Set;#o=new Map;#i=[];#a=[];#l=null;#c=-1/0;#u=!1;#h;#f;stats={flushes:0,left:0};constructor(e){this.#f=e,this.#h=e.flushMs??10,this.#s=new Array(e.ringItems??4096)}get memberCount(){return this.#r.size}get flushed(){return this.#t}#p(e){let t=this.#o.get(e.dir);return t===void 0?(t=this.#i.length,this.#o.set(e.dir,t),this.#a.push(0),this.#i.push(e)):this.#i[t]=e,t}addLogs(e){for(let{task:t,offset:n}of e)this.#a[this.#p(t)]=n}addItems(e){for(let t of e){let n=++this.#e;this.#s[n%this.#s.length]=t,this.#n.push({item:t})}this.#w()}addEphemeral(e,t,n){this.#r.size!==0&&(this.#n.push({frame:e,task:t,env:n}),this.#w())}snapshot(){return{flushed:this.#t,offsets:this.#a.slice(),tasks:this.#i.slice()}}indexOf(e){return this.#p(e)}ringStep(e,t,n){if(this.#t-t>this.#s.length)return null;let r="",i=[],o=t;for(;o<this.#t&&r.length<n;){let l=this.#s[++o%this.#s.length];i.push(l),(e.keeps===null||e.keeps(l.task,l.record.env))&&(r+=this.#f.frameOf(l))}return{text:r,items:i,to:o}}has(e){return this.#r.has(e)}join(e,t,n=1/0){if(this.#u||e.sse.closed)return!1;if(t<this.#t){if(this.#t-t>this.#s.length)return!1;let r="";for(let i=t+1;i<=this.#t;i++){let o=this.#s[i%this.#s.length];if((e.keeps===null||e.keeps(o.task,o.record.env))&&(r+=this.#f.frameOf(o),r.length>n))return!1}r!==""&&e.sse.write(r)}return this.#r.add(e),!0}leave(e){this.#r.delete(e)}#d(){let e=Math.min(Ky,this.#r.size/Vy);return Math.max(this.#h,e)}#w(){if(this.#l!==null||this.#u)return;let e=this.#c+this.#d()-performance.now();e<=0?this.#m():this.#l=setTimeout(()=>{this.#l=null,this.#m()},e)}#m(){let e=this.#n;this.#n=[],this.#c=performance.now(),this.stats.flushes++;let t=new Map;for(let n of e){if(!("item"in n))continue;let r=n.item.record.end;if(r===void 0)continue;let i=this.#p(n.item.task);t.set(i,Math.max(t.get(i)??0,r))}if(this.#r.size>0&&e.length>0){let n=this.#f.memberBytesMax??65536,r=null;for(let i of[...this.#r]){if(i.sse.closed){this.#r.delete(i);continue}if(i.sse.backlogBytes>n){this.#r.delete(i),this.stats.left++,i.fellBehind(this.#a.slice(),this.#t);continue}let o;i.keeps===null?o=r??=Ef.encode(this.#g(e,null)):o=Ef.encode(this.#g(e,i.keeps)),o.length>0&&i.sse.writeBytes(o)}}for(let[n,r]of t)this.#a[n]=r;this.#t=this.#e}#g(e,t){let n="";for(let r of e)"item"in r?(t===null||t(r.item.task,r.item.record.env))&&(n+=this.#f.frameOf(r.item)):(t===null||t(r.task,r.env))&&(n+=r.frame);return n}close(){this.#u=!0,this.#l!==null&&clearTimeout(this.#l),this.#l=null,this.#r.clear(),this.#n=[]}}});function Of(s){let e=Mf.get(s);return e===void 0&&(e=at({event:s.env.event.type,data:JSON.stringify(ze(s.env,s.task))}),Mf.set(s,e)),e}function ki(s){let e=Cf.get(s);if(e===void 0){let t=s;e=at({id:s.cursorText,event:t.type??s.record.env.event.type,data:t.taggedText?t.taggedText():st(s.record,s.task)}),Cf.set(s,e)}return e}var Mf,Cf,il=v(()=>{Ze();wt();Jn();Mf=new WeakMap;a(Of,"ephemeralFrame");Cf=new WeakMap;a(ki,"feedFrame")});var bi,Lf=v(()=>{fn();il();Jn();bi=class{static{a(this,"ProjectStreamClient")}hub;options;sse;keeps;#e;#t;#s;#n;#r;#o;#i;#a;constructor(e,t){this.hub=e,this.options=t,this.#e=[],this.#t=null,this.#s=null,this.#n=!1,this.#r=!1,this.#o=new AbortController,this.keeps=t.keeps,this.#i=t.queueBytesMax??64*1024,this.#a=t.stepBytesMax??1024*1024,this.sse=new Ks({heartbeatMs:t.heartbeatMs,queueBytesMax:this.#i,stallMsMax:t.stallMsMax,socket:t.socket,onClose:a(()=>this.close(),"onClose")})}begin(e){if(e===null){this.hub.fan.join(this,this.hub.fan.flushed);return}this.#e=[],this.#t=e,this.#l()}close(){this.#o.signal.aborted||(this.#o.abort(),this.hub.fan.leave(this),this.#e=[],this.sse.close(),this.options.onClose())}fellBehind(e,t){this.#o.signal.aborted||(this.hub.stats.catchUps++,this.#e=e,this.#t=null,this.#s=t,this.#n?this.#r=!0:this.#l())}async#l(){if(this.#n)return;this.#n=!0;let e=this.#o.signal;try{for(;!e.aborted&&(await this.sse.room(e),!(e.aborted||this.sse.closed));){if(this.#s!==null){let n=this.#c();if(n===!0&&!this.#r)break;if(this.#r=!1,n!==null)continue}await this.hub.slots.acquire(e);let t;try{t=await this.#u(e)}finally{this.hub.slots.release()}if(t&&!this.#r)break;this.#r=!1}}catch(t){e.aborted||(this.sse.write(at({event:"error",data:JSON.stringify({error:t.message})})),this.close())}finally{this.#n=!1,this.#r&&!e.aborted&&(this.#r=!1,this.#l())}}#c(){let e=this.hub.fan,t=e.ringStep(this,this.#s,this.#i);if(t===null)return this.#s=null,null;t.text!==""&&this.sse.write(t.text);for(let n of t.items){let r=e.indexOf(n.task),i=n.record.end??0;i>(this.#e[r]??0)&&(this.#e[r]=i)}return this.#s=t.to,t.to<e.flushed||!e.join(this,t.to)?!1:(this.#s=null,this.#e=[],!0)}async#u(e){let t=this.hub.fan.snapshot(),n=new Map,r=new Map,i=new Map,o=[];for(let l=0;l<t.tasks.length;l++){let c=this.#e[l]??0;if(c>=t.offsets[l])continue;let u=t.tasks[l];o.push(u),n.set(u.dir,c),r.set(u.dir,t.offsets[l]),i.set(u.dir,l)}if(o.length>0){let l=0,c=$t(this.hub.state,o,{from:n,to:r,after:this.#t??void 0,bytes:!0,needles:this.options.needles,batchItemsMax:128,signal:e}),u=this.options.keepsAt;for await(let h of c){let f="";for(let d of h){(u===null||u(d.task,d.type,d.sec,d.nanos))&&(f+=ki(d));let p=i.get(d.task.dir),m=d.fileEnd;m>(this.#e[p]??0)&&(this.#e[p]=m)}if(this.sse.closed||e.aborted||(f!==""&&(this.sse.write(f),l+=f.length),this.sse.backlogBytes>this.#i||l>this.#a))return!1}}return this.#t=null,this.sse.closed||e.aborted?!1:this.hub.fan.join(this,t.flushed,this.#i)?(this.#e=[],!0):(this.#e=t.offsets,this.#s=t.flushed,!1)}}});var vi,Nf=v(()=>{ws();wt();J();It();Jn();vi=class{static{a(this,"TaskStreamClient")}hub;task;options;sse;#e;#t;#s;#n;#r;#o;#i;constructor(e,t,n,r){this.hub=e,this.task=t,this.options=r,this.#e=null,this.#s=!0,this.#n=!1,this.#r=new AbortController,this.#t=n,this.#o=r.queueBytesMax??64*1024,this.#i=r.stepBytesMax??1024*1024,this.sse=new Ks({heartbeatMs:r.heartbeatMs,queueBytesMax:this.#o,stallMsMax:r.stallMsMax,socket:r.socket,onClose:a(()=>this.close(),"onClose")})}begin(){this.#c()}end(e){this.#r.signal.aborted||(this.sse.push(at({event:"error",data:JSON.stringify({error:e})})),this.close())}close(){this.#r.signal.aborted||(this.#r.abort(),this.sse.close(),this.options.onClose())}#a(e,t){return at({id:e.seq===void 0?void 0:String(e.seq),event:e.event.type,data:t})}offer(e){if(this.#s||this.#r.signal.aborted)return;let[t,n]=[this.#e,this.#t],r="";for(let i of e)i.task.id===this.task.id&&(r+=this.#l(i));r===""||this.sse.push(r)||([this.#e,this.#t]=[t,n],this.#s=!0,this.hub.stats.catchUps++,this.#c())}#l(e){let t=e.env;if(t.event.type==="run_started"&&t.seq!==void 0){let n=I(t.event);this.#e===null?this.#e=n:n!==null&&n!==this.#e&&(this.#e=n,this.#t=0)}return this.#e===null||I(t.event)!==this.#e?"":t.seq===void 0?e.text===void 0?this.#a(t,Fe(t)):"":t.schema<2||t.seq<=this.#t?"":(this.#t=t.seq,this.#a(t,yt(e)))}async#c(){if(this.#n)return;this.#n=!0;let e=this.#r.signal;try{for(;!e.aborted&&this.#s&&(await this.sse.room(e),!(e.aborted||this.sse.closed));){await this.hub.slots.acquire(e);try{if(!await this.#u(e))continue}finally{this.hub.slots.release()}let t=this.hub.published(this.task.id);if(t!==void 0&&this.#e!==null&&t.run!==this.#e){this.#e=t.run,this.#t=0;continue}t!==void 0&&(this.#e===null||t.seq>this.#t)||(this.#s=!1)}}catch(t){e.aborted||(this.sse.write(at({event:"error",data:JSON.stringify({error:t.message})})),this.close())}finally{this.#n=!1}}async#u(e){let t=await Zs(this.hub.state,this.task,{after:this.#t,run:this.#e??void 0,signal:e});this.#e===null&&(this.#e=t.run);let n=0;for await(let r of t.batches){let i="";for(let o of r.records)o.env.seq===void 0||o.env.seq<=this.#t||(this.#t=o.env.seq,i+=this.#a(o.env,yt(o)));if(this.sse.closed||e.aborted)return!1;if(i!==""&&(this.sse.write(i),n+=i.length,this.sse.backlogBytes>this.#o||n>this.#i))return!1}return!0}}});var xi,Df=v(()=>{xi=class{static{a(this,"Slots")}#e;#t=[];constructor(e){this.#e=e}get waiting(){return this.#t.length}acquire(e){return e?.throwIfAborted(),this.#e>0?(this.#e--,Promise.resolve()):new Promise((t,n)=>{let r=a(()=>{e?.removeEventListener("abort",i),t()},"grant"),i=a(()=>{let o=this.#t.indexOf(r);o>=0&&this.#t.splice(o,1),n(e.reason)},"onAbort");this.#t.push(r),e?.addEventListener("abort",i,{once:!0})})}release(){let e=this.#t.shift();e?e():this.#e++}}});function Yy(s){return s.all?null:(e,t)=>s.keeps(e,t)}function Rf(s){return s<=0n?Ml:{ns:s-1n,number:Number.MAX_SAFE_INTEGER,seq:Number.MAX_SAFE_INTEGER}}var ol,Gy,Xy,_i,jf=v(()=>{J();Ot();A();fn();vo();K();nl();Jn();Sf();Af();il();Lf();Nf();Df();ol=64*1024;a(Yy,"memberFilter");a(Rf,"cursorBefore");Gy=new Set(["run_started","run_finished","paused","approval_requested","approval_resolved","phase_started","phase_finished","merged"]),Xy=1e3,_i=class{static{a(this,"LiveHub")}rowsVersion=0;#e=null;state;follower;recent;fan;slots;stats={catchUps:0};#t=new Set;#s=new Set;#n=new Map;#r=!1;#o=!1;#i;#a=new AbortController;constructor(e,t={}){this.state=e,this.#i=t,this.follower=new Kt(e,{pollIntervalMs:t.pollIntervalMs,onReset:t.onReset,onBadLog:t.onBadLog,onRemoved:a(n=>{this.recent.remove(n);for(let r of this.#s)r.task.id===n.id&&r.end(`Task #${n.number} was discarded`)},"onRemoved")}),this.recent=new yi(e),this.fan=new wi({frameOf:ki,flushMs:t.fanOutFlushMs,memberBytesMax:t.clientQueueBytesMax??ol}),this.slots=new xi(t.catchUpsMax??2)}get clientCount(){return this.#t.size}streamStats(){let e=0;for(let t of this.#t)t.sse.direct&&e++;return{clients:this.#t.size,catch_ups:this.stats.catchUps,fan_out:this.fan.memberCount,direct:e}}#l(e){let t=this.#i.socketOf;if(!(t===void 0||e.method!=="GET"))return{connection:t(e),headBytes:$f()}}published(e){return this.#n.get(e)}async start(){if(this.#o)return;this.#o=!0,await this.follower.start(),this.recent.existing(this.follower.tasks()),this.fan.addLogs(this.follower.published());let e=this.#a.signal,t=this.follower.subscribe({lossless:!0,signal:e});(async()=>{try{for await(let n of t){let r=[];for(let i of n){let o=i.record.env;r.push({task:i.task,env:o,text:i.record.text,upgraded:i.record.upgraded});let l=I(o.event);l!==null&&o.seq!==void 0&&this.#n.set(i.task.id,{run:l,seq:o.seq}),Gy.has(o.event.type)&&this.#c()}this.recent.add(n),this.fan.addItems(n),this.#u(r)}}catch{}})(),this.recent.warm(1,2).catch(()=>{})}#c(){this.rowsVersion++,this.#e!==null&&clearTimeout(this.#e),this.#e=setTimeout(()=>{this.#e=null,this.rowsVersion++},Xy)}async close(){if(this.#e!==null&&clearTimeout(this.#e),this.#e=null,!this.#r){this.#r=!0,this.#a.abort(),this.fan.close();for(let e of[...this.#t])e.close();this.#t.clear(),this.follower.close(),await Promise.resolve()}}#u(e){if(e.length!==0)for(let t of this.#s)try{t.offer(e)}catch{}}publishEphemeral(e){let{task:t,number:n,...r}=e,i={task:{id:t,number:n},env:r,upgraded:!1};this.fan.addEphemeral(Of(i),i.task,i.env),this.#u([i])}async#h(e,t){let n=bf(e),r=e.searchParams.get("since"),i=null;if(r!==null)try{i=gr(r)}catch(c){throw new y("bad-request",c.message.replace(/^--since/,"since"))}let o=e.searchParams.getAll("task").flatMap(c=>c.split(",")).map(c=>c.trim()).filter(c=>c!==""),l=null;if(e.searchParams.has("task")&&o.length===0)throw new y("bad-request","Parameter task names no task");if(o.length>0){l=new Set;for(let c of o)l.add((await t.tasks.resolve(c)).id)}return new Bt({types:n,tasks:l,sinceNs:i})}async events(e,t,n){$e(t,["after","since","type","task","limit"]);let r=t.searchParams.get("limit"),i=500;if(r!==null){if(!/^\d{1,6}$/.test(r)||Number(r)<1||Number(r)>1e4)throw new y("bad-request",`Parameter limit takes an integer from 1 to 10000, not "${r.slice(0,40)}"`);i=Number(r)}let o=t.searchParams.get("after"),l=o===null?null:ss(o),c=await this.#h(t,n),u=l??void 0;if(c.sinceNs!==null){let x=Rf(c.sinceNs);(u===void 0||be(x,u)>0)&&(u=x)}let h={"content-type":"application/json; charset=utf-8","cache-control":"no-store"};if(this.#o){let x=await this.recent.query(i,u??null,($,_)=>c.types===null||c.types.has(_),c.tasks);if(x!==null)return new Response(`[${x.items.join(",")}]`,{headers:{...h,"x-taskline-cursor":x.last??(u?de(u):"0-0-0")}})}let f=await n.tasks.tasks({fresh:!0}),d=c.tasks?f.filter(x=>c.tasks.has(x.id)):f,p=new Array(i),m=0,g=null;for await(let x of $t(this.state,d,{after:u,bytes:!0,needles:c.needles})){for(let $ of x)c.keepsAt($.task,$.type,$.sec,$.nanos)&&(p[m%i]=$.taggedText(),m++);x.length>0&&(g=x[x.length-1].cursorText)}let k=Math.min(m,i),b=[];for(let x=m-k;x<m;x++)b.push(p[x%i]);return new Response(`[${b.join(",")}]`,{headers:{...h,"x-taskline-cursor":g??(u?de(u):"0-0-0")}})}async stream(e,t,n){$e(t,["after","since","type","task"]);let r=await this.#h(t,n),i=e.headers.get("last-event-id"),o=t.searchParams.get("after"),l=null;if(i!==null&&i.trim()!==""?l=ss(i.trim()):o!==null?l=ss(o):r.sinceNs!==null&&(l=Rf(r.sinceNs)),!this.#o)throw new y("bad-state","The live feed is not running");if(this.#r)throw new y("bad-state","The live feed is stopping");let c=new bi(this,{keeps:Yy(r),keepsAt:r.all?null:(u,h,f,d)=>r.keepsAt(u,h,f,d),needles:r.needles,heartbeatMs:this.#i.heartbeatMs,socket:this.#l(e),queueBytesMax:this.#i.clientQueueBytesMax??ol,stallMsMax:this.#i.stallMsMax,onClose:a(()=>{this.#t.delete(c),c.sse.stalled&&this.#i.onStalled?.(e)},"onClose")});return this.#t.add(c),c.begin(l),new Response(c.sse.readable,{headers:mi})}async taskStream(e,t,n){$e(t,["after"]);let r=sl(t,"after")??0,i=e.headers.get("last-event-id");if(i!==null&&i.trim()!==""){if(!/^\d{1,15}$/.test(i.trim()))throw new y("bad-request",`Last-Event-ID of a task stream is a seq, not "${i.slice(0,40)}"`);r=Number(i.trim())}let o=await n.tasks.resolve(n.params.ref);if(!this.#o)throw new y("bad-state","The live feed is not running");if(this.#r)throw new y("bad-state","The live feed is stopping");await Pe(this.state.logPath(o.dir));let l=new vi(this,o,r,{heartbeatMs:this.#i.heartbeatMs,socket:this.#l(e),queueBytesMax:this.#i.clientQueueBytesMax??ol,stallMsMax:this.#i.stallMsMax,onClose:a(()=>{this.#t.delete(l),this.#s.delete(l),l.sse.stalled&&this.#i.onStalled?.(e)},"onClose")});return this.#t.add(l),this.#s.add(l),l.begin(),new Response(l.sse.readable,{headers:mi})}}});function If(s){if(Deno.build.os!=="linux")return null;for(let e of Zy)if(Deno.permissions.querySync({name:"ffi",path:e}).state==="granted")try{return Deno.dlopen(e,s)}catch{}return null}var Zy,Pf=v(()=>{Zy=["/lib/x86_64-linux-gnu/libc.so.6","/usr/lib/x86_64-linux-gnu/libc.so.6","/lib/aarch64-linux-gnu/libc.so.6","/usr/lib/aarch64-linux-gnu/libc.so.6","/lib64/libc.so.6","/usr/lib64/libc.so.6"];a(If,"openLibc")});function Wf(s){return`${s.hostname}:${s.port}`}function ll(s,e){return al[0]=$i.length,s.symbols.getsockopt(e,rw,iw,$i,yw)===0&&al[0]>=$i.length?gw:null}function ww(s,e){let t=ll(s,e);return t===null?0:Math.min(t.getUint32(aw,!0),t.getUint32(lw,!0))}function zf(s,e){let t=new Int32Array([1,0]);s.symbols.setsockopt(e,Si,tw,new Uint8Array(t.buffer),8),s.symbols.shutdown(e,Hf)}function kw(s){let e=[];for(let i=0;i<16;i+=2)e.push(s[i]<<8|s[i+1]);if(e.slice(0,5).every(i=>i===0)&&e[5]===65535)return`::ffff:${s[12]}.${s[13]}.${s[14]}.${s[15]}`;let t=-1,n=0;for(let i=0;i<8;){if(e[i]!==0){i++;continue}let o=i;for(;o<8&&e[o]===0;)o++;o-i>n&&o-i>1&&(t=i,n=o-i),i=o}let r=e.map(i=>i.toString(16));return t<0?r.join(":"):`${r.slice(0,t).join(":")}::${r.slice(t+n).join(":")}`}var ul,qf,hl,Ti,Si,Qy,ew,tw,Ff,sw,Hf,nw,rw,iw,ow,Bf,aw,lw,cw,uw,hw,fw,dw,Uf,pw,mw,Ei,$i,gw,al,yw,cl,Jf=v(()=>{Pf();ul=256*1024,qf=2e4,hl=2500,Ti=75e3,Si=1,Qy=7,ew=30,tw=13,Ff=2,sw=10,Hf=2,nw=57,rw=6,iw=11,ow=120,Bf=128,aw=44,lw=52,cw=21521,uw=64,hw=16384,fw=4,dw=11,Uf=1024,pw=65536,mw={getsockname:{parameters:["i32","buffer","buffer"],result:"i32"},getpeername:{parameters:["i32","buffer","buffer"],result:"i32"},getsockopt:{parameters:["i32","i32","i32","buffer","buffer"],result:"i32"},setsockopt:{parameters:["i32","i32","i32","buffer","u32"],result:"i32"},shutdown:{parameters:["i32","i32"],result:"i32"},ioctl:{parameters:["i32","u64","buffer"],result:"i32"},send:{parameters:["i32","buffer","usize","i32"],result:"i32"},__errno_location:{parameters:[],result:"pointer"},memcpy:{parameters:["buffer","pointer","usize"],result:"pointer"}};a(Wf,"peerKey");Ei=class s{static{a(this,"ServerSockets")}port;#e;#t=Uf;#s=new Map;#n=new Set;#r=null;#o=new Set;#i=!1;#a=new Map;constructor(e,t){this.port=e,this.#e=t}static open(e){let t;try{t=If(mw)}catch(n){return`the C library could not be opened (${n.message})`}return t===null?Deno.build.os==="linux"?"the C library is not at a path taskline may open":`not done on ${Deno.build.os}`:new s(e,t)}boundSendBuffers(){let e=this.#c().filter(n=>n.listening);if(e.length===0)return`no listening socket on port ${this.port} was found`;let t=new Int32Array([ul/2]);for(let n of e)if(this.#e.symbols.setsockopt(n.fd,Si,Qy,new Uint8Array(t.buffer),4)!==0)return"setsockopt refused the listening socket's send buffer";return null}requested(e){let t=this.#s.get(e);t?t.requested=!0:this.#n.size<1e5&&this.#n.add(e)}watchHeads(e=qf,t=hl,n=Ti){this.#r??=setInterval(()=>this.checkHeads(e,n),t)}checkHeads(e=qf,t=Ti){let n=Date.now(),r=new Set;for(let i of this.#c()){if(i.listening)continue;r.add(i.peer);let o=this.#s.get(i.peer);!o||o.fd!==i.fd?(o={fd:i.fd,since:n,requested:this.#n.delete(i.peer)},this.#s.set(i.peer,o)):!o.requested&&this.#n.delete(i.peer)&&(o.requested=!0),(o.requested?ww(this.#e,i.fd)>=t:n-o.since>=e)&&(this.#e.symbols.shutdown(i.fd,Hf),this.#s.delete(i.peer))}for(let i of this.#s.keys())r.has(i)||this.#s.delete(i);this.#n.clear()}closePeer(e){this.#o.size>=1e5||(this.#o.add(e),!(this.#o.size>1)&&setTimeout(()=>{for(let t of this.#i?[]:this.#c())!t.listening&&this.#o.has(t.peer)&&zf(this.#e,t.fd);this.#o.clear()},0))}socketOf(e,t){let n=Promise.withResolvers();return this.#a.size>=1e5||this.#a.has(e)?n.resolve(null):(this.#a.set(e,{requestBytes:t,answer:n.resolve}),this.#a.size===1&&setTimeout(()=>this.#l(),0)),n.promise}#l(){let e=this.#a;this.#a=new Map;for(let t of this.#i?[]:this.#c()){let n=t.listening?void 0:e.get(t.peer);if(!n)continue;e.delete(t.peer);let r=cl.of(this.#e,t.fd);n.answer(r!==null&&r.received()===n.requestBytes?r:null)}for(let t of e.values())t.answer(null)}close(){this.#r!==null&&clearInterval(this.#r),this.#r=null,this.#i=!0,this.#e.close()}#c(){let e=this.#e.symbols,t=new Uint8Array(128),n=new Uint32Array(1),r=new Uint8Array(n.buffer),i=new Int32Array(1),o=new Uint32Array(1),l=[],c=0;for(let u=0;u<this.#t;u++){if(n[0]=t.length,e.getsockname(u,t,r)!==0)continue;let h=t[0]|t[1]<<8;if(h!==Ff&&h!==sw||(t[2]<<8|t[3])!==this.port||(c=u,o[0]=4,e.getsockopt(u,Si,ew,new Uint8Array(i.buffer),new Uint8Array(o.buffer))!==0))continue;if(i[0]===1){l.push({fd:u,listening:!0,peer:""});continue}if(n[0]=t.length,e.getpeername(u,t,r)!==0)continue;let d=t[2]<<8|t[3],p=(t[0]|t[1]<<8)===Ff?`${t[4]}.${t[5]}.${t[6]}.${t[7]}`:kw(t.subarray(8,24));l.push({fd:u,listening:!1,peer:`${p}:${d}`})}return this.#t=Math.min(pw,c+Math.max(c,Uf)),l}},$i=new Uint8Array(Bf+8),gw=new DataView($i.buffer),al=new Uint32Array(1),yw=new Uint8Array(al.buffer);a(ll,"tcpInfo");a(ww,"idleMs");a(zf,"resetConnection");cl=class s{static{a(this,"ConnSocket")}lib;fd;cookie;static#e=new BigUint64Array(1);static#t=new Uint8Array(s.#e.buffer);static#s=new Uint32Array(1);static#n=new Uint8Array(s.#s.buffer);static#r=new Int32Array(1);static#o=new Uint8Array(s.#r.buffer);static#i=null;static#a=new Int32Array(1);static#l=new Uint8Array(s.#a.buffer);constructor(e,t,n){this.lib=e,this.fd=t,this.cookie=n}static of(e,t){let n=s.#c(e,t);return n===null?null:new s(e,t,n)}static#c(e,t){return s.#s[0]=8,e.symbols.getsockopt(t,Si,nw,s.#t,s.#n)===0&&s.#s[0]===8?s.#e[0]:null}#u(){return s.#c(this.lib,this.fd)===this.cookie}received(){let e=this.#u()?ll(this.lib,this.fd):null;return e===null?-1:Number(e.getBigUint64(Bf,!0))}written(){let e=this.#u()?ll(this.lib,this.fd):null;if(e===null)return-1;let t=e.getBigUint64(ow,!0);return this.lib.symbols.ioctl(this.fd,BigInt(cw),s.#o)!==0?-1:Number(t)+s.#r[0]}reset(){this.#u()&&zf(this.lib,this.fd)}send(e){if(!this.#u())return-1;for(;;){let t=this.lib.symbols.send(this.fd,e,BigInt(e.byteLength),uw|hw);if(t>=0)return t;let n=this.#h();if(n!==fw)return n===dw?0:-1}}#h(){let e=this.lib.symbols;return s.#i??=e.__errno_location(),e.memcpy(s.#l,s.#i,4n),s.#a[0]}};a(kw,"ipv6Text")});function bw(s,e){return`http://${s.includes(":")&&!s.startsWith("[")?`[${s}]`:s}:${e}/`}async function Kf(s,e){await s.requireExists();let t=e.host??"127.0.0.1",n=e.port??7777;tf(t)||e.onWarning?.(`--host ${t} is not a loopback address: anyone who can reach it and has the token can read this project`);let r=e.token??Ga(),i={token:r,hosts:new Set},o=new WeakMap,l=null,c=new _i(s,{...e.streams,onStalled:a(_=>{let M=o.get(_);M!==void 0&&l?.closePeer(M)},"onStalled"),socketOf:a(_=>{let M=o.get(_);return l===null||M===void 0?Promise.resolve(null):l.socketOf(M,vw(_))},"socketOf"),heartbeatMs:e.heartbeatMs,onReset:a(_=>e.onWarning?.(`${_.path} was ${_.reason} (it had ${_.offset} bytes read): reading it again from its start`),"onReset"),onBadLog:a(_=>e.onWarning?.(`${_.message} (every other task is served)`),"onBadLog")}),u=vf({state:s,gate:i,version:e.version,webPage:e.webPage,webModules:e.webModules,live:c,publishEphemeral:a(_=>c.publishEphemeral(_),"publishEphemeral"),onWarning:e.onWarning}),h=new AbortController,f,d=Promise.withResolvers();try{f=Deno.serve({hostname:t,port:n,signal:h.signal,onListen:a(_=>d.resolve(_),"onListen"),onError:a(_=>(e.onWarning?.(`request failed: ${_?.name??"error"}`),new Response(JSON.stringify({type:"about:blank",title:"Internal Server Error",status:500,detail:"The server failed to answer",instance:"",error:"The server failed to answer"}),{status:500,headers:{"content-type":"application/problem+json"}})),"onError")},(_,M)=>{if(l!==null){let C=Wf(M.remoteAddr);l.requested(C),o.set(_,C)}return u.fetch(_)})}catch(_){throw await c.close(),_ instanceof Deno.errors.AddrInUse?new y("io",`Cannot listen on ${t}:${n}: the address is in use (try --port 0)`):_ instanceof Deno.errors.NotCapable||_ instanceof Deno.errors.PermissionDenied?new y("io",`Cannot listen on ${t}:${n}: taskline may only use the network on 127.0.0.1, localhost and [::1]`):_}let p=Ei.open(f.addr.port);l=typeof p=="string"?null:p;let m=l===null?p:l.boundSendBuffers();m!==null&&e.onWarning?.(`connections' kernel send buffers are not bounded to ${ul/1024} KiB, nor the time a connection may take to send a request (${m}): clients that stop reading or send slowly can slow the others (docs/server.md)`);let g=Math.max(e.idleMsMax??Ti,2*(e.heartbeatMs??15e3));l?.watchHeads(e.headMsMax,hl,g);let k=await d.promise;for(let _ of sf(t,k.port))i.hosts.add(_);let b=s.tokenPath,x=null,$=await ko(s).catch(()=>{});$===null&&e.onWarning?.(`another taskline serve runs for this project: while this one runs, ${b} and ${s.liveChannelPath} are this one's (the other keeps serving its own clients, without the agent_delta of runs)`);try{await Deno.writeTextFile(b,r+`
`,{mode:384}),await Deno.chmod(b,384).catch(()=>{}),x=await pn(s.liveChannelPath,Ga(),_=>c.publishEphemeral(_),{onWarning:e.onWarning}),await c.start(),await e.onListen({url:bw(t,k.port),port:k.port,host:t,token:r}),e.signal.aborted||await new Promise(_=>{e.signal.addEventListener("abort",()=>_(),{once:!0})})}finally{await u.close(),await c.close(),h.abort(),await x?.close().catch(()=>{}),await f.finished.catch(()=>{}),await xw(b,r),$?.release(),l?.close()}}function vw(s){let e=s.url.indexOf("//"),t=s.url.slice(s.url.indexOf("/",e+2)),n=`${s.method} ${t} HTTP/1.1\r
`.length+2;for(let[r,i]of s.headers)n+=r.length+2+i.length+2;return n}async function xw(s,e){try{if(!(await Deno.readTextFile(s)).includes(e))return;await Deno.remove(s)}catch{}}var Vf=v(()=>{A();Xa();nl();jf();Mr();Jf();rt();a(bw,"baseUrl");a(Kf,"serve");a(vw,"requestHeadBytes");a(xw,"removeIfOurs")});var Yf,Gf=v(()=>{Yf=`
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
`});var Zf,Xf=v((function(){Zf=`/**
 * The 22 event types of the event contract, with their fields exactly as the
 * contract lists them. Fields added in 0.5 are required here: the codec fills
 * their defaults when it reads an older log, so every reader sees them.
 *
 * @module
 */

/** A run, task or subtask identifier (UUID). */
export type Uuid = string;

/** A tool call id: 12 lowercase hexadecimal digits, random per call. */
export type CallId = string;

/** The call id that pre-0.5 logs read as: such calls pair by order and tool. */
export const LEGACY_CALL_ID: CallId = "000000000000";

/** Token usage of an agent session or a run. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
}

/** Usage with every count zero: the default of runs recorded before 0.5. */
export function zeroUsage(): Usage {
  return { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 };
}

/** Text arriving while an agent step streams. */
export interface Delta {
  kind: "text" | "thinking";
  text: string;
}

/** A document the pipeline wrote. */
export type Artefact =
  | { kind: "spec" }
  | { kind: "plan" }
  | { kind: "qa_report"; round: number };

/** Points where a run may wait for a human. */
export type Gate = "spec" | "plan" | "merge";

/** The gates, in the order a run reaches them. */
export const GATES: readonly Gate[] = ["spec", "plan", "merge"];

export interface RunStarted {
  type: "run_started";
  run: Uuid;
  task: Uuid;
}
export interface PhaseStarted {
  type: "phase_started";
  run: Uuid;
  phase: string;
}
export interface PhaseFinished {
  type: "phase_finished";
  run: Uuid;
  phase: string;
  success: boolean;
  summary: string;
}
export interface AgentStarted {
  type: "agent_started";
  run: Uuid;
  role: string;
  subtask: Uuid | null;
  /** The provider's model id; empty in logs recorded before 0.5. */
  model: string;
}
export interface AgentDelta {
  type: "agent_delta";
  run: Uuid;
  role: string;
  subtask: Uuid | null;
  delta: Delta;
}
export interface AgentText {
  type: "agent_text";
  run: Uuid;
  role: string;
  text: string;
}
export interface ToolCalled {
  type: "tool_called";
  run: Uuid;
  role: string;
  tool: string;
  /** The complete arguments of the call. */
  input: unknown;
  call: CallId;
  subtask: Uuid | null;
}
export interface ToolReturned {
  type: "tool_returned";
  run: Uuid;
  role: string;
  tool: string;
  is_error: boolean;
  duration_ms: number;
  /** The first 200 characters of the output. */
  preview: string;
  call: CallId;
  subtask: Uuid | null;
  exit_code: number | null;
  timed_out: boolean;
  /** Length of the complete output before any truncation. */
  output_chars: number;
  /** Path of the complete output relative to the project root, or null. */
  output_file: string | null;
}
export interface AgentFinished {
  type: "agent_finished";
  run: Uuid;
  role: string;
  steps: number;
  usage: Usage;
  stop: string;
}
export interface SubtaskUpdated {
  type: "subtask_updated";
  run: Uuid;
  subtask: Uuid;
  status: string;
}
export interface SubtaskIntegrated {
  type: "subtask_integrated";
  run: Uuid;
  subtask: Uuid;
  commit: string;
  conflicts: string[];
}
export interface Committed {
  type: "committed";
  run: Uuid;
  subtask: Uuid | null;
  commit: string;
  message: string;
  files: string[];
}
export interface Merged {
  type: "merged";
  run: Uuid;
  commit: string;
  branch: string;
  base: string;
}
export interface ValidationFinished {
  type: "validation_finished";
  run: Uuid;
  command: string;
  integration: boolean;
  passed: boolean;
  exit_code: number | null;
}
export interface BudgetUpdated {
  type: "budget_updated";
  run: Uuid;
  tokens: number;
  token_limit: number | null;
  active_ms: number;
  duration_limit_ms: number | null;
}
export interface ArtefactWritten {
  type: "artefact_written";
  run: Uuid;
  artefact: Artefact;
}
export interface ApprovalRequested {
  type: "approval_requested";
  run: Uuid;
  gate: Gate;
}
export interface ApprovalResolved {
  type: "approval_resolved";
  run: Uuid;
  gate: Gate;
  approved: boolean;
  comment: string | null;
}
export interface Retrying {
  type: "retrying";
  run: Uuid;
  what: string;
  attempt: number;
  delay_ms: number;
}
export interface Paused {
  type: "paused";
  run: Uuid;
  reason: string;
}
export interface RunFinished {
  type: "run_finished";
  run: Uuid;
  success: boolean;
  status: string;
  /** Totals of the whole run, resumes included. */
  usage: Usage;
  active_ms: number;
  started_at: string;
}
export interface Log {
  type: "log";
  run?: Uuid | null;
  level: string;
  message: string;
}

/** Every event the contract names. */
export type KnownEvent =
  | RunStarted
  | PhaseStarted
  | PhaseFinished
  | AgentStarted
  | AgentDelta
  | AgentText
  | ToolCalled
  | ToolReturned
  | AgentFinished
  | SubtaskUpdated
  | SubtaskIntegrated
  | Committed
  | Merged
  | ValidationFinished
  | BudgetUpdated
  | ArtefactWritten
  | ApprovalRequested
  | ApprovalResolved
  | Retrying
  | Paused
  | RunFinished
  | Log;

/** The tag of a known event. */
export type EventType = KnownEvent["type"];

/**
 * An event as read: a known event, or any object with a \`type\` that this
 * release does not know (clients must ignore those, so readers keep them).
 */
export type AnyEvent = KnownEvent | UnknownEvent;

/** An event of a type this release does not know, kept as it was read. */
export interface UnknownEvent {
  type: string;
  run?: Uuid | null;
  [field: string]: unknown;
}

/** The 22 event types, in the contract's order. */
export const EVENT_TYPES: readonly EventType[] = [
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
  "log",
];

const KNOWN = new Set<string>(EVENT_TYPES);

/**
 * Types other commands add to a run between its segments (\`approve\`,
 * \`reject\`, \`cancel\`): a line of these after a \`run_finished\` does not mean
 * the run goes on.
 */
export const BETWEEN_SEGMENTS: ReadonlySet<string> = new Set(["approval_resolved", "log"]);

/** Whether \`type\` is one of the 22 event types of the contract. */
export function isEventType(type: string): type is EventType {
  return KNOWN.has(type);
}

/** Ephemeral events are delivered live only: never logged, never given a seq. */
export function isEphemeral(type: string): boolean {
  return type === "agent_delta";
}

/** Narrows an event read from a log to a known type. */
export function isEvent<T extends EventType>(
  event: AnyEvent,
  type: T,
): event is Extract<KnownEvent, { type: T }> {
  return event.type === type;
}

/** The run an event belongs to, or null for run-less events. */
export function runOf(event: { readonly type: string }): Uuid | null {
  const run = (event as { run?: unknown }).run;
  return typeof run === "string" ? run : null;
}
`}));var ed,Qf=v((function(){ed=`/**
 * Timestamps of the contract: RFC 3339 text read as exact nanoseconds since
 * the epoch, and the writer's clock that never goes backwards.
 *
 * @module
 */

const RFC3339 =
  /^(\\d{4})-(\\d{2})-(\\d{2})[Tt ](\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,9}))?([Zz]|[+-]\\d{2}:\\d{2})$/;

/**
 * Reads an RFC 3339 timestamp as nanoseconds since the epoch, exactly (any
 * offset, up to nine fractional digits). Returns null when \`at\` is not one.
 *
 * @example
 * \`\`\`ts
 * parseTimeNs("1970-01-01T00:00:01.5Z"); // 1_500_000_000n
 * \`\`\`
 */
export function parseTimeNs(at: string): bigint | null {
  // Events come many to a second: the second and zone of the last call,
  // read once, serve the next ones (only the fraction is read again).
  const fracAt = at.length > 20 && at.charCodeAt(19) === 46 ? 20 : -1;
  if (fracAt > 0 && at.startsWith(lastSecond) && lastSecond !== "") {
    let end = fracAt;
    let frac = 0;
    for (
      let c = at.charCodeAt(end);
      c >= 48 && c <= 57 && end < fracAt + 9;
      c = at.charCodeAt(++end)
    ) {
      frac = frac * 10 + c - 48;
    }
    if (end > fracAt && at.slice(end) === lastZone) {
      return lastBaseNs + BigInt(frac * 10 ** (9 - (end - fracAt)));
    }
  }
  const ns = parseTimeNsUncached(at);
  if (ns !== null && fracAt > 0) {
    const m = /^\\.\\d{1,9}/.exec(at.slice(19));
    if (m) {
      lastSecond = at.slice(0, 19);
      lastZone = at.slice(19 + m[0].length);
      lastBaseNs = ns - BigInt(Number(m[0].slice(1).padEnd(9, "0")));
    }
  }
  return ns;
}

let lastSecond = "";
let lastZone = "";
let lastBaseNs = 0n;

/**
 * {@link parseTimeNs} without the memory of the last second read (for tests).
 *
 * @example
 * \`\`\`ts
 * parseTimeNsUncached("1970-01-01T00:00:01.5Z"); // 1_500_000_000n
 * \`\`\`
 */
export function parseTimeNsUncached(at: string): bigint | null {
  const m = RFC3339.exec(at);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const month = Number(mo), day = Number(d), hour = Number(h), minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return null;
  }
  const ms = Date.UTC(Number(y), month - 1, day, hour, minute, second);
  if (!Number.isFinite(ms)) return null;
  // Date.UTC rolls 30 February over to March: such a date is not a date.
  if (new Date(Date.UTC(Number(y), month - 1, day)).getUTCDate() !== day) return null;
  let ns = BigInt(ms) * 1_000_000n;
  if (frac) ns += BigInt(frac.padEnd(9, "0"));
  if (zone !== "Z" && zone !== "z") {
    const sign = zone[0] === "-" ? -1n : 1n;
    const offMin = BigInt(Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
    ns -= sign * offMin * 60_000_000_000n;
  }
  return ns;
}

/** Formats nanoseconds since the epoch as UTC RFC 3339 with microseconds. */
export function formatTimeNs(ns: bigint): string {
  const ms = ns / 1_000_000n;
  const iso = new Date(Number(ms)).toISOString(); // 2026-01-02T03:04:05.678Z
  const micros = (((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n) / 1000n;
  return \`\${iso.slice(0, 19)}.\${micros.toString().padStart(6, "0")}Z\`;
}

/**
 * A clock for stamping events: UTC with microseconds, strictly increasing
 * within the process even when the system clock steps back.
 */
export class MonotonicClock {
  /** Microseconds since the epoch of the last stamp (a safe integer until the year 2255). */
  #lastUs = 0;
  /** The second of the last stamp, and its text up to the fraction (one Date a second). */
  #second = NaN;
  #prefix = "";

  #nextUs(sameMoment = false): number {
    if (sameMoment && this.#lastUs > 0) return ++this.#lastUs;
    const wall = Math.round((performance.timeOrigin + performance.now()) * 1000);
    const us = wall > this.#lastUs ? wall : this.#lastUs + 1;
    this.#lastUs = us;
    return us;
  }

  /** The next timestamp, in nanoseconds since the epoch. */
  nowNs(): bigint {
    return BigInt(this.#nextUs()) * 1000n;
  }

  /**
   * The next timestamp as RFC 3339 text (as {@link formatTimeNs} writes it).
   * \`sameMoment\`: the event is written together with the one stamped just
   * before (one write of a batch): its stamp is that one's plus a
   * microsecond, without reading the system clock again.
   */
  now(sameMoment = false): string {
    const us = this.#nextUs(sameMoment);
    const second = Math.floor(us / 1_000_000);
    if (second !== this.#second) {
      this.#second = second;
      this.#prefix = new Date(second * 1000).toISOString().slice(0, 19) + ".";
    }
    return \`\${this.#prefix}\${String(us - second * 1_000_000).padStart(6, "0")}Z\`;
  }
}

/** The clock every recorder of this process shares. */
export const processClock: MonotonicClock = new MonotonicClock();
`}));var sd,td=v((function(){sd=`/**
 * Human lines of events: one line an event, with a symbol, the time and what
 * happened. Shared by \`taskline events\` and the terminal UI.
 *
 * Decisions (docs/events.md):
 * - The time is the event's \`at\` in UTC, \`HH:MM:SS.mmm\`: the same on every
 *   machine and in every time zone, like the log itself. An \`at\` that is not
 *   a timestamp is shown as \`??:??:??.???\`.
 * - Text is kept on one line: line breaks and tabs become spaces, other
 *   control, bidi and separator characters are shown as escapes (\`\\x1b\`,
 *   \`\\u202e\`: see terminal_text.ts), and long text is cut with \`\u2026\`.
 * - An event type this release does not know is shown as
 *   \`? <type> (unknown event)\`, with its schema when above 2.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import { parseTimeNs } from "../contract/time.ts";
import { visible } from "./terminal_text.ts";

/** Options of {@link renderEvent}. */
export interface RenderOptions {
  /** ANSI colours. Default false. */
  color?: boolean;
  /** The task's number: the line starts with \`#N \`. Default: no prefix. */
  number?: number;
  /** Longest free text (a message, a command, a preview), in characters. Default 120. */
  textCharsMax?: number;
}

/** Event types shown in human output only with \`-v\`. */
export const VERBOSE_TYPES: ReadonlySet<string> = new Set(["agent_delta", "budget_updated"]);

export type Tone = "ok" | "bad" | "warn" | "tool" | "info" | "dim";

const SGR: Record<Tone, string> = {
  ok: "\\x1b[32m",
  bad: "\\x1b[31m",
  warn: "\\x1b[33m",
  tool: "\\x1b[36m",
  info: "\\x1b[1m",
  dim: "\\x1b[2m",
};
const RESET = "\\x1b[0m";

const UTC_AT = /^\\d{4}-\\d\\d-\\d\\d[Tt](\\d\\d:\\d\\d:\\d\\d)(?:\\.(\\d{1,9}))?[Zz]$/;

/** The time of an event as shown: \`HH:MM:SS.mmm\` UTC. */
export function timeOf(at: string): string {
  // Most times are written in UTC already: cut them instead of computing.
  const m = UTC_AT.exec(at);
  if (m) return \`\${m[1]}.\${(m[2] ?? "").slice(0, 3).padEnd(3, "0")}\`;
  const ns = parseTimeNs(at);
  if (ns === null) return "??:??:??.???";
  const ms = Number(ns / 1_000_000n);
  return new Date(ms).toISOString().slice(11, 23);
}

/**
 * Free text on one line, at most \`max\` characters: line breaks and tabs
 * become spaces, every other control, bidi or separator character a visible
 * escape (terminal_text.ts), so nothing in it acts on a terminal.
 */
export function oneLine(text: unknown, max = 120): string {
  const s = visible(String(text ?? "").replace(/[\\r\\n\\t]+/g, " ")).trim();
  if (s.length <= max) return s;
  // Never half an emoji (a lone surrogate prints as U+FFFD).
  let end = max - 1;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return s.slice(0, end) + "\u2026";
}

function short(id: unknown): string {
  return typeof id === "string" ? visible(id.slice(0, 8)) : "-";
}

/** A number with thousands separators (\`1,234\`); toLocaleString is far slower. */
function num(n: unknown): string {
  if (typeof n !== "number") return "-";
  if (!Number.isInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  if (digits.length <= 3) return String(n);
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += "," + digits.slice(i, i + 3);
  return n < 0 ? "-" + out : out;
}

function secs(ms: unknown): string {
  if (typeof ms !== "number") return "-";
  if (ms < 1000) return \`\${ms}ms\`;
  if (ms < 60_000) return \`\${(ms / 1000).toFixed(1)}s\`;
  const m = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return \`\${m}m\${String(s).padStart(2, "0")}s\`;
}

function tokens(u: unknown): string {
  if (typeof u !== "object" || u === null) return "";
  const x = u as Record<string, unknown>;
  return \`\${num(x.input_tokens)} in, \${num(x.output_tokens)} out\`;
}

/** What a tool was asked: its command or path, else its arguments as JSON. */
function toolInput(input: unknown, max: number): string {
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    const o = input as Record<string, unknown>;
    for (const k of ["command", "cmd", "path", "file", "file_path", "pattern", "query", "url"]) {
      if (typeof o[k] === "string") return oneLine(o[k], max);
    }
  }
  if (input === undefined) return "";
  let json: string;
  try {
    json = JSON.stringify(input) ?? "";
  } catch {
    json = String(input);
  }
  return oneLine(json, max);
}

function subtaskNote(subtask: unknown): string {
  return typeof subtask === "string" ? \` [\${short(subtask)}]\` : "";
}

/** Symbol, tone and text of an event. */
export function describe(env: Envelope, max: number): [string, Tone, string] {
  // deno-lint-ignore no-explicit-any
  const e = env.event as any;
  switch (e.type) {
    case "run_started":
      return ["\u25B6", "info", \`run \${short(e.run)} started\`];
    case "run_finished": {
      const totals = \`(\${secs(e.active_ms)}, \${tokens(e.usage)})\`;
      const status = oneLine(e.status, 40);
      if (e.success === true) {
        return ["\u2714", "ok", \`run \${short(e.run)} finished: \${status} \${totals}\`];
      }
      // A run that stops to wait (paused, review...) has not failed.
      if (e.status === "failed") return ["\u2718", "bad", \`run \${short(e.run)} failed \${totals}\`];
      return ["\u25A0", "warn", \`run \${short(e.run)} stopped: \${status} \${totals}\`];
    }
    case "phase_started":
      return ["\u25B8", "info", \`phase \${oneLine(e.phase, 40)} started\`];
    case "phase_finished":
      return e.success === true
        ? [
          "\u2714",
          "ok",
          \`phase \${oneLine(e.phase, 40)} done\${e.summary ? ": " + oneLine(e.summary, max) : ""}\`,
        ]
        : [
          "\u2718",
          "bad",
          \`phase \${oneLine(e.phase, 40)} failed\${e.summary ? ": " + oneLine(e.summary, max) : ""}\`,
        ];
    case "agent_started":
      return [
        "\u25CF",
        "info",
        \`\${oneLine(e.role, 40)} started\${e.model ? " (" + oneLine(e.model, 60) + ")" : ""}\${
          subtaskNote(e.subtask)
        }\`,
      ];
    case "agent_delta":
      return ["\u2026", "dim", \`\${oneLine(e.role, 40)}: \${oneLine(e.delta?.text, max)}\`];
    case "agent_text":
      return ["\u201C", "dim", \`\${oneLine(e.role, 40)}: \${oneLine(e.text, max)}\`];
    case "tool_called":
      return [
        "\u2192",
        "tool",
        \`\${oneLine(e.role, 40)} calls \${oneLine(e.tool, 40)} \${toolInput(e.input, max)}\`.trimEnd() +
        \` {\${oneLine(e.call, 12)}}\`,
      ];
    case "tool_returned": {
      const status = e.timed_out === true
        ? "timed out"
        : typeof e.exit_code === "number"
        ? \`exit \${e.exit_code}\`
        : e.is_error === true
        ? "error"
        : "ok";
      const preview = oneLine(e.preview, max);
      return [
        e.is_error === true ? "\u21A9" : "\u2190",
        e.is_error === true ? "bad" : "tool",
        \`\${oneLine(e.tool, 40)} \${status} in \${secs(e.duration_ms)}, \${
          num(e.output_chars)
        } chars {\${oneLine(e.call, 12)}}\${preview ? ": " + preview : ""}\`,
      ];
    }
    case "agent_finished":
      return [
        "\u25CB",
        "info",
        \`\${oneLine(e.role, 40)} finished: \${oneLine(e.stop, 40)} after \${num(e.steps)} steps (\${
          tokens(e.usage)
        })\`,
      ];
    case "subtask_updated":
      return ["\u25C6", "info", \`subtask \${short(e.subtask)} \${oneLine(e.status, 40)}\`];
    case "subtask_integrated": {
      const conflicts = Array.isArray(e.conflicts) ? e.conflicts : [];
      return conflicts.length === 0
        ? ["\u2714", "ok", \`subtask \${short(e.subtask)} integrated at \${short(e.commit)}\`]
        : [
          "\u2718",
          "bad",
          \`subtask \${short(e.subtask)} conflicted: \${oneLine(conflicts.join(", "), max)}\`,
        ];
    }
    case "committed": {
      const files = Array.isArray(e.files) ? e.files.length : 0;
      return [
        "\u25CF",
        "ok",
        \`committed \${short(e.commit)} \${oneLine(e.message, max)} (\${files} file\${
          files === 1 ? "" : "s"
        })\`,
      ];
    }
    case "merged":
      return [
        "\u2714",
        "ok",
        \`merged \${oneLine(e.branch, 60) || "?"} into \${oneLine(e.base, 60) || "?"} at \${
          short(e.commit)
        }\`,
      ];
    case "validation_finished":
      return e.passed === true ? ["\u2714", "ok", \`validation passed: \${oneLine(e.command, max)}\`] : [
        "\u2718",
        "bad",
        \`validation failed\${typeof e.exit_code === "number" ? \` (exit \${e.exit_code})\` : ""}: \${
          oneLine(e.command, max)
        }\`,
      ];
    case "budget_updated":
      return [
        "$",
        "dim",
        \`budget: \${num(e.tokens)}\${
          typeof e.token_limit === "number" ? "/" + num(e.token_limit) : ""
        } tokens, \${secs(e.active_ms)}\${
          typeof e.duration_limit_ms === "number" ? "/" + secs(e.duration_limit_ms) : ""
        } active\`,
      ];
    case "artefact_written": {
      const a = e.artefact ?? {};
      const what = a.kind === "qa_report"
        ? \`QA report (round \${num(a.round)})\`
        : oneLine(a.kind, 40);
      return ["\u270E", "info", \`wrote the \${what}\`];
    }
    case "approval_requested":
      return ["?", "warn", \`waiting for approval of the \${oneLine(e.gate, 20)}\`];
    case "approval_resolved":
      return e.approved === true
        ? [
          "\u2714",
          "ok",
          \`\${oneLine(e.gate, 20)} approved\${e.comment ? ": " + oneLine(e.comment, max) : ""}\`,
        ]
        : [
          "\u2718",
          "bad",
          \`\${oneLine(e.gate, 20)} rejected\${e.comment ? ": " + oneLine(e.comment, max) : ""}\`,
        ];
    case "retrying":
      return [
        "\u21BB",
        "warn",
        \`retrying \${oneLine(e.what, max)} (attempt \${num(e.attempt)}, in \${secs(e.delay_ms)})\`,
      ];
    case "paused":
      return ["\u23F8", "warn", \`paused: \${oneLine(e.reason, max)}\`];
    case "log": {
      const level = String(e.level ?? "info");
      const tone: Tone = /^(error|fatal)$/i.test(level)
        ? "bad"
        : /^warn/i.test(level)
        ? "warn"
        : "dim";
      return [
        tone === "bad" ? "\u2718" : tone === "warn" ? "!" : "\xB7",
        tone,
        \`\${oneLine(level, 10)}: \${oneLine(e.message, max)}\`,
      ];
    }
    default:
      return [
        "?",
        "dim",
        \`\${oneLine(e.type, 60)} (unknown event\${env.schema > 2 ? \`, schema \${env.schema}\` : ""})\`,
      ];
  }
}

/**
 * One human line for an event, without its newline.
 *
 * @example
 * \`\`\`ts
 * renderEvent(env, { number: 3 });
 * // "#3 10:00:03.000 \u2192 coder calls bash cargo test {a1b2c3d4e5f6}"
 * \`\`\`
 */
export function renderEvent(env: Envelope, options: RenderOptions = {}): string {
  const [symbol, tone, text] = describe(env, options.textCharsMax ?? 120);
  const prefix = options.number !== undefined ? \`#\${options.number} \` : "";
  const time = timeOf(env.at);
  if (!options.color) return \`\${prefix}\${time} \${symbol} \${text}\`;
  return \`\${prefix}\${SGR.dim}\${time}\${RESET} \${SGR[tone]}\${symbol}\${RESET} \${
    tone === "bad" || tone === "warn" ? SGR[tone] + text + RESET : text
  }\`;
}

/**
 * Whether colour is used: only on a terminal, never when \`NO_COLOR\` is set
 * (to anything but the empty string, per no-color.org).
 */
export function useColor(isTerminal: boolean, env: (name: string) => string | undefined): boolean {
  const noColor = env("NO_COLOR");
  return isTerminal && (noColor === undefined || noColor === "");
}
`}));var rd,nd=v((function(){rd=`/**
 * Text of logs made safe for a terminal. Logs are written by engines that run
 * tools on untrusted input: a string can hold an escape sequence that
 * recolours, clears the screen, sets the window title (OSC 0) or plants a
 * hyperlink (OSC 8), a C1 control that some terminals read as ESC \`[\`, a CR
 * that overwrites what was printed, or a bidi override that shows \`exe.txt\`
 * as \`txt.exe\`. Every surface that writes log text to a terminal (\`events\`,
 * \`history\`, \`trace\`, \`doctor\`, warnings, the terminal UI) passes it through
 * {@link visible} first, so such characters are shown, never obeyed:
 *
 * - C0 controls (U+0000-U+001F), DEL and C1 controls (U+0080-U+009F) become
 *   \`\\x1b\`-style escapes (\`\\n\` and tab as the caller asks);
 * - bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
 *   the bidi marks U+200E, U+200F, U+061C, and the line and paragraph
 *   separators U+2028, U+2029 become \`\\u202e\`-style escapes;
 * - every other format character (Unicode category Cf: zero-width space,
 *   joiners outside the emoji sequences and words of scripts that use them,
 *   word joiner, soft hyphen, BOM, invisible operators, the tag
 *   characters U+E0000-U+E007F that spell hidden ASCII) and the blank
 *   Hangul fillers U+115F, U+1160, U+3164, U+FFA0 become \`\\u200b\`-style
 *   escapes (\`\\u{e0072}\` above U+FFFF): none of them shows anything, so a
 *   log could hide text in them or make two different strings look the same.
 *
 * Escapes the renderer itself writes (colours of \`events\`, the terminal UI's
 * drawing) are added after this, around text that went through it. \`--json\`
 * output is never passed through it: it is the log's text exactly.
 *
 * @module
 */

// C0, DEL, C1, bidi controls and marks (all but C0/C1 are in Cf), line and
// paragraph separators, every format character, the blank Hangul fillers.
const UNSAFE_CLASS = "[\\\\u0000-\\\\u001f\\\\u007f-\\\\u009f\\\\u2028\\\\u2029\\\\p{Cf}" +
  "\\\\u115f\\\\u1160\\\\u3164\\\\uffa0]";
const UNSAFE = new RegExp(UNSAFE_CLASS, "gu");
const UNSAFE_TEST = new RegExp(UNSAFE_CLASS, "u");

/** Options of {@link visible}. */
export interface VisibleOptions {
  /** What a line feed becomes. Default \`\\n\` (the two characters); CR is always \`\\r\`. */
  newline?: string;
  /** What a tab becomes. Default \`\\t\` (the two characters). */
  tab?: string;
}

/** The escape shown for one unsafe character. */
export function escapeOf(c: string): string {
  if (c === "\\n") return "\\\\n";
  if (c === "\\r") return "\\\\r";
  if (c === "\\t") return "\\\\t";
  const cp = c.codePointAt(0)!;
  if (cp <= 0xff) return \`\\\\x\${cp.toString(16).padStart(2, "0")}\`;
  if (cp > 0xffff) return \`\\\\u{\${cp.toString(16)}}\`;
  return \`\\\\u\${cp.toString(16).padStart(4, "0")}\`;
}

/**
 * Log text as it may be written to a terminal: every control, bidi and
 * separator character shown as an escape (see the module documentation).
 *
 * @example
 * \`\`\`ts
 * visible("\\x1b[2Jcleared");     // "\\\\x1b[2Jcleared"
 * visible("a\\u202etxt.exe");     // "a\\\\u202etxt.exe"
 * visible("one\\ntwo", { newline: "\u23CE" }); // "one\u23CEtwo"
 * \`\`\`
 */
export function visible(text: string, options: VisibleOptions = {}): string {
  if (!UNSAFE_TEST.test(text)) return text;
  const newline = options.newline;
  const tab = options.tab;
  return text.replace(UNSAFE, (c, at: number) => {
    if (c === "\\n" && newline !== undefined) return newline;
    if (c === "\\t" && tab !== undefined) return tab;
    if ((c === "\\u200d" || c === "\\u200c") && joins(text, at)) return c;
    return escapeOf(c);
  });
}

/**
 * Whether the joiner at \`at\` stands between two characters that are neither
 * ASCII nor unsafe: an emoji sequence (\u{1F468}\u200D\u{1F4BB}) or a word of a script that
 * writes them (Persian, the Indic scripts). Kept there, where they only
 * shape what is drawn; anywhere else (inside ASCII text) they are shown.
 */
function joins(text: string, at: number): boolean {
  const before = text.codePointAt(at - 1 - (isLowSurrogate(text.charCodeAt(at - 1)) ? 1 : 0));
  const after = text.codePointAt(at + 1);
  const ok = (cp: number | undefined) =>
    cp !== undefined && cp > 0x7f && !UNSAFE_TEST.test(String.fromCodePoint(cp));
  return at > 0 && ok(before) && ok(after);
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Whether \`text\` holds anything {@link visible} would escape. */
export function hasUnsafe(text: string): boolean {
  return UNSAFE_TEST.test(text);
}

/**
 * Multi-line text (a document the renderer built, whose own line breaks are
 * kept) with every other unsafe character escaped: for text whose fields
 * went through {@link visible} or \`oneLine\` already, a second guard that
 * costs a scan.
 */
export function visibleLines(text: string): string {
  return visible(text, { newline: "\\n" });
}

// Zero columns: combining and enclosing marks, format characters (shown as
// escapes by \`clean\`, counted here for text that did not go through it), the
// medial and final Hangul jamo.
const ZERO_WIDTH = /^[\\p{Mn}\\p{Me}\\p{Cf}\\u1160-\\u11ff\\ud7b0-\\ud7ff]$/u;
// Two columns: emoji shown as emoji by default (East Asian Width W since
// Unicode 9) but the regional indicators, which terminals draw one column each.
const EMOJI_WIDE = /^(?![\\u{1f1e6}-\\u{1f1ff}])\\p{Emoji_Presentation}$/u;

/**
 * Display columns of one code point: 0 (combining), 1, or 2 (wide), as a
 * terminal draws it (the East Asian Width W and F ranges and the emoji of
 * Unicode 15, as glibc's \`wcwidth\`, which tmux and most terminals follow).
 */
export function charWidth(cp: number): number {
  if (cp < 0x300) return 1;
  if (cp > 0xffff) return widthOf(cp);
  // The basic plane's widths, computed once each (the tests below cost a regex match).
  const known = BMP_WIDTHS[cp];
  if (known !== 0) return known - 1;
  const w = widthOf(cp);
  BMP_WIDTHS[cp] = w + 1;
  return w;
}

/** Width + 1 of each basic-plane code point seen, 0 when not yet computed. */
const BMP_WIDTHS = new Uint8Array(0x10000);

function widthOf(cp: number): number {
  if (
    (cp >= 0x1100 && cp <= 0x115f) || cp === 0x2329 || cp === 0x232a ||
    (cp >= 0x2e80 && cp <= 0x303e) || (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dff) || (cp >= 0x4e00 && cp <= 0xa4cf) ||
    (cp >= 0xa960 && cp <= 0xa97f) || (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe10 && cp <= 0xfe19) ||
    (cp >= 0xfe30 && cp <= 0xfe6f) || (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x16fe0 && cp <= 0x16fff) ||
    (cp >= 0x17000 && cp <= 0x18cff) || (cp >= 0x18d00 && cp <= 0x18d8f) ||
    (cp >= 0x1aff0 && cp <= 0x1b2ff) || (cp >= 0x1f200 && cp <= 0x1f2ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    // Marks inside those ranges (kana voicing marks, ideographic tone marks) take none.
    return ZERO_WIDTH.test(String.fromCodePoint(cp)) ? 0 : 2;
  }
  const ch = String.fromCodePoint(cp);
  if (ZERO_WIDTH.test(ch)) return 0;
  return EMOJI_WIDE.test(ch) ? 2 : 1;
}

/** Display columns of text (after {@link visible}: it has no control characters). */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch.codePointAt(0)!);
  return w;
}

/** Text cut to at most \`columns\` display columns, ending with \`\u2026\` when it was cut. */
export function cutColumns(text: string, columns: number): string {
  if (displayWidth(text) <= columns) return text;
  let out = "";
  let w = 0;
  for (const ch of text) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > columns - 1) break;
    out += ch;
    w += cw;
  }
  return out + "\u2026";
}
`}));var od,id=v(()=>{od=`/**
 * Pairing of tool calls with their results, without any I/O: the part of the
 * trace view that every surface shares. \`taskline trace\`, the server's
 * \`GET /api/tasks/{ref}/trace\` (through {@link buildRunTrace} in trace.ts)
 * and the web UI's Trace (live, in the browser) all pair with
 * {@link CallPairing}, so a run's trace is the same wherever it is shown.
 *
 * Pairing: by \`call\`, also when parallel calls return out of order
 * (\`paired: "id"\`); calls of logs recorded before 0.5 (call
 * \`000000000000\`) pair by order per run, role, tool and subtask
 * (\`paired: "order"\`); a call that never returned and a return without a
 * call are kept with \`paired: "unmatched"\`.
 *
 * @example
 * \`\`\`ts
 * const pairing = new CallPairing(run);
 * for (const env of envelopes) pairing.add(env);
 * pairing.calls; // TraceCall[], in log order
 * \`\`\`
 *
 * @module
 */
import { LEGACY_CALL_ID, runOf } from "../contract/events.ts";
import type { AnyEvent, ToolCalled, ToolReturned } from "../contract/events.ts";

/** How a call was paired with its return. */
export type Pairing = "id" | "order" | "unmatched";

/** What came of a call: \`ok\`, \`exit N\`, \`error\`, \`timed out\` or \`no result\`. */
export type CallResult = string;

/** One tool call in a trace. */
export interface TraceCall {
  run: string;
  call: string;
  role: string;
  subtask: string | null;
  tool: string;
  /** The complete arguments; null for a return whose call is not in the log. */
  input: unknown;
  called_at: string | null;
  returned_at: string | null;
  duration_ms: number | null;
  is_error: boolean | null;
  exit_code: number | null;
  timed_out: boolean;
  preview: string;
  output_chars: number;
  /** Relative to the project root, as in the event; null when not kept. */
  output_file: string | null;
  paired: Pairing;
  // Extensions.
  result: CallResult;
  /** Seq of the \`tool_called\` (of the \`tool_returned\` for a return without a call). */
  seq: number | null;
  /** With \`full\`: the kept output (or the preview when none was kept). */
  output?: string;
  /** With \`full\`: \`complete\`, \`cut\`, \`missing\`, \`not kept\`, or \`before 0.5\`. */
  output_state?: string;
  /** With \`full\` and a cut output: the length of the output before it was cut. */
  output_total_chars?: number;
}

/** What {@link CallPairing.add} reads of an envelope. */
export interface PairedEnvelope {
  schema?: number;
  seq?: number;
  at: string;
  event: AnyEvent;
}

/** The result word of a call. */
export function resultOf(c: {
  returned_at: string | null;
  timed_out: boolean;
  exit_code: number | null;
  is_error: boolean | null;
}): CallResult {
  if (c.returned_at === null) return "no result";
  if (c.timed_out) return "timed out";
  if (c.exit_code !== null && c.exit_code !== 0) return \`exit \${c.exit_code}\`;
  if (c.is_error) return "error";
  return "ok";
}

const WRITE_TOOLS = new Set(["write_file", "edit_file"]);

/**
 * The calls of one run (or of every run, with \`run\` null), paired as the
 * envelopes are added in log order.
 */
export class CallPairing {
  /** Every call and every return without a call, in log order. */
  readonly calls: TraceCall[] = [];
  /** The runs seen, in log order. */
  readonly runs: string[] = [];
  /** Paths of successful write_file / edit_file calls, first write first. */
  readonly filesWritten: string[] = [];
  readonly #byId = new Map<string, TraceCall>();
  readonly #byOrder = new Map<string, TraceCall[]>();
  readonly #written = new Set<string>();

  /** The run traced; null: every run. */
  readonly run: string | null;

  constructor(run: string | null) {
    this.run = run;
  }

  /**
   * Carries on from calls already paired (a trace document read before the
   * live events): calls without a result wait for theirs as they would have.
   */
  static resume(run: string | null, calls: readonly TraceCall[]): CallPairing {
    const p = new CallPairing(run);
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
  add(env: PairedEnvelope): TraceCall | null {
    if (typeof env.schema === "number" && env.schema > 2) return null;
    const ev = env.event;
    const evRun = runOf(ev);
    if (evRun === null || (this.run !== null && evRun !== this.run)) return null;
    if (!this.runs.includes(evRun)) this.runs.push(evRun);
    if (ev.type !== "tool_called" && ev.type !== "tool_returned") return null;
    const seq = typeof env.seq === "number" ? env.seq : null;
    if (ev.type === "tool_called") {
      const c = ev as ToolCalled;
      const entry = openCall(evRun, c, seq);
      entry.input = c.input ?? null;
      entry.called_at = env.at;
      this.calls.push(entry);
      if (c.call === LEGACY_CALL_ID) {
        this.#queue(orderKey(evRun, c.role, c.tool, c.subtask)).push(entry);
      } else {
        this.#byId.set(\`\${evRun}|\${c.call}\`, entry);
      }
      return entry;
    }
    const t = ev as ToolReturned;
    let entry: TraceCall | undefined;
    let paired: Pairing = "unmatched";
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
      // A return without its call: kept, so that nothing the log says is lost.
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
    if (WRITE_TOOLS.has(entry.tool) && !entry.is_error && entry.called_at !== null) {
      const p = (entry.input as { path?: unknown } | null)?.path;
      if (typeof p === "string" && p !== "" && !this.#written.has(p)) {
        this.#written.add(p);
        this.filesWritten.push(p);
      }
    }
    return entry;
  }

  #queue(key: string): TraceCall[] {
    let q = this.#byOrder.get(key);
    if (!q) this.#byOrder.set(key, q = []);
    return q;
  }
}

function orderKey(run: string, role: string, tool: string, subtask: string | null): string {
  return \`\${run}|\${role}|\${tool}|\${subtask ?? ""}\`;
}

/** A call with nothing known of it yet but who made it: no input, no result. */
function openCall(
  run: string,
  ev: { call: string; role: string; subtask?: string | null; tool: string },
  seq: number | null,
): TraceCall {
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
    seq,
  };
}
`});var ld,ad=v(()=>{ld='/**\n * Readable units for the history and trace views: counts (`6.7k`),\n * durations (`251 ms`, `4 min 05 s`), ages (`just now`, `3 h ago`) and\n * amounts of money (`$1.83`). Shared by the CLI, the terminal UI and the web\n * UI so that they all print the same text.\n *\n * @example\n * ```ts\n * formatCount(6700);            // "6.7k"\n * formatDuration(245_000);      // "4 min 05 s"\n * formatAge(now - 3 * 3600e3, now); // "3 h ago"\n * ```\n *\n * @module\n */\nimport { visible } from "./terminal_text.ts";\n\n/** A count with a k/M/G suffix: `999`, `6.7k`, `184k`, `1.2M`. */\nexport function formatCount(n: number): string {\n  if (!Number.isFinite(n)) return "-";\n  const sign = n < 0 ? "-" : "";\n  let v = Math.abs(Math.round(n));\n  if (v < 1000) return `${sign}${v}`;\n  const units = ["k", "M", "G", "T"];\n  let i = -1;\n  let scaled = v;\n  while (i < units.length - 1 && scaled >= 999.5) {\n    v = scaled;\n    scaled = scaled / 1000;\n    i++;\n  }\n  const text = scaled < 9.95 ? trimZero(scaled.toFixed(1)) : String(Math.round(scaled));\n  return `${sign}${text}${units[i]}`;\n}\n\nfunction trimZero(s: string): string {\n  return s.endsWith(".0") ? s.slice(0, -2) : s;\n}\n\nconst pad2 = (n: number) => String(n).padStart(2, "0");\n\n/**\n * A duration: `251 ms`, `4.2 s`, `42 s`, `4 min 05 s`, `2 h 03 min`,\n * `3 d 04 h`. Negative or unknown durations print as `-`.\n */\nexport function formatDuration(ms: number | null | undefined): string {\n  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "-";\n  if (ms < 1000) return `${Math.round(ms)} ms`;\n  const s = ms / 1000;\n  if (s < 9.95) return `${s.toFixed(1)} s`;\n  if (s < 59.5) return `${Math.round(s)} s`;\n  const totalS = Math.round(s);\n  if (totalS < 3600) return `${Math.floor(totalS / 60)} min ${pad2(totalS % 60)} s`;\n  const totalMin = Math.floor(totalS / 60);\n  if (totalMin < 24 * 60) return `${Math.floor(totalMin / 60)} h ${pad2(totalMin % 60)} min`;\n  const totalH = Math.floor(totalMin / 60);\n  return `${Math.floor(totalH / 24)} d ${pad2(totalH % 24)} h`;\n}\n\n/**\n * How long ago `thenMs` was, seen at `nowMs`: `just now` (under a minute, or\n * in the future: clocks differ), `5 min ago`, `3 h ago`, `4 d ago`, and the\n * date (`2026-09-28`) beyond 30 days.\n */\nexport function formatAge(thenMs: number | null, nowMs: number): string {\n  if (thenMs === null || !Number.isFinite(thenMs)) return "-";\n  const d = nowMs - thenMs;\n  if (d < 60_000) return "just now";\n  if (d < 3600_000) return `${Math.floor(d / 60_000)} min ago`;\n  if (d < 24 * 3600_000) return `${Math.floor(d / 3600_000)} h ago`;\n  if (d < 30 * 24 * 3600_000) return `${Math.floor(d / (24 * 3600_000))} d ago`;\n  return new Date(thenMs).toISOString().slice(0, 10);\n}\n\n/**\n * An amount of money: `$1.83` for USD, `1.83 EUR` otherwise; under a cent\n * `<$0.01`; `-` when unknown.\n */\nexport function formatCost(amount: number | null | undefined, currency = "USD"): string {\n  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "-";\n  const small = amount > 0 && amount < 0.005;\n  const text = small ? "0.01" : amount.toFixed(2);\n  const money = currency === "USD" ? `$${text}` : `${text} ${currency}`;\n  return small ? `<${money}` : money;\n}\n\n/** `n thing` or `n things`. */\nexport function plural(n: number, one: string, many = `${one}s`): string {\n  return `${n} ${n === 1 ? one : many}`;\n}\n\n/** A UTC time as `2026-09-28 05:52:52` (seconds), from RFC 3339 text. */\nexport function formatTime(at: string | null | undefined): string {\n  if (!at) return "-";\n  const ms = Date.parse(at);\n  if (!Number.isFinite(ms)) return visible(at); // log text: shown, never obeyed\n  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");\n}\n\n/** The clock time of a timestamp with milliseconds, `05:52:52.213`. */\nexport function formatClock(at: string | null | undefined): string {\n  if (!at) return "-";\n  const ms = Date.parse(at);\n  if (!Number.isFinite(ms)) return visible(at); // log text: shown, never obeyed\n  return new Date(ms).toISOString().slice(11, 23);\n}\n'});var ud,cd=v(()=>{ud=`/**
 * What a person can do to a task from the page, through the server's write
 * routes (the same checks and events as the commands): New task, Run,
 * Resume, Cancel (asks to confirm), Approve (optional comment), Reject
 * (reason required). Only the actions that apply to the task's state are
 * offered; what happens then shows through the stream already open. A
 * refusal is shown where the person acted. Everything is a button or a form
 * field, usable by keyboard: a form opens with its first field focused,
 * Escape closes it, Enter sends it.
 *
 * @module
 */
import { messageOf } from "./api.ts";
import { type Child, h } from "./dom.ts";
import type { TaskInfo } from "./store.ts";
import type { AppContext } from "./widgets.ts";

/** An action on a task. */
export type ActionName = "approve" | "reject" | "run" | "resume" | "cancel";

/** Run statuses a run stopped in that \`resume\` continues. */
const RESUMABLE = new Set([
  "paused",
  "cancelled",
  "canceled",
  "awaiting_approval",
  "budget_exhausted",
  "interrupted",
  "stopped",
  "waiting",
]);

/** The actions that apply to a task in the state the page knows. */
export function actionsFor(t: TaskInfo): ActionName[] {
  if (t.running) return ["cancel"];
  if (t.pendingApproval) return ["approve", "reject"];
  if (RESUMABLE.has(t.runStatus)) return ["resume"];
  return ["run"];
}

const LABELS: Record<ActionName, string> = {
  approve: "Approve",
  reject: "Reject",
  run: "Run",
  resume: "Resume",
  cancel: "Cancel",
};

let formIds = 0;

/**
 * The action buttons of one task, kept across redraws of its row so that a
 * form being filled in is not lost when an event arrives.
 */
export class TaskActions {
  readonly root: HTMLDivElement;
  readonly buttons: HTMLDivElement;
  readonly panel: HTMLDivElement;
  readonly message: HTMLParagraphElement;
  /** The actions the buttons show now, to redraw only when they change. */
  shown = "";
  /** A form or a confirmation is open. */
  open = false;
  busy = false;
  info: TaskInfo;
  readonly app: AppContext;

  constructor(app: AppContext, info: TaskInfo) {
    this.app = app;
    this.info = info;
    this.buttons = h("div", { class: "action-buttons" });
    this.panel = h("div", { class: "action-panel", hidden: true });
    this.message = h("p", { class: "action-message small", role: "status", hidden: true });
    this.root = h(
      "div",
      {
        class: "actions",
        role: "group",
        "aria-label": \`Actions on #\${info.number}\`,
        "data-actions": info.number,
      },
      this.buttons,
      this.panel,
      this.message,
    );
    this.update(info);
  }

  /** The task's route: its number, or its id when the number is shared. */
  get ref(): string {
    return this.app.store.refOf(this.info) || String(this.info.number);
  }

  /** Redraws the buttons for the task's state (a form stays open while it is filled in). */
  update(info: TaskInfo): void {
    this.info = info;
    const names = actionsFor(info);
    const key = names.join(",");
    if (key === this.shown && this.buttons.childElementCount > 0) return;
    this.shown = key;
    const hadFocus = this.buttons.contains(document.activeElement);
    this.buttons.replaceChildren(
      ...names.map((name) =>
        h("button", {
          type: "button",
          class: \`action action-\${name}\`,
          "data-action": name,
          disabled: this.busy,
          "aria-label": \`\${LABELS[name]} #\${info.number}\`,
          onclick: () => this.start(name),
        }, LABELS[name])
      ),
    );
    if (hadFocus) this.buttons.querySelector("button")?.focus();
  }

  /** A button was pressed: act at once, or ask first. */
  start(name: ActionName): void {
    this.say("", "");
    if (name === "run" || name === "resume") {
      this.send(name, \`/run\`, { resume: name === "resume" });
    } else if (name === "cancel") {
      this.confirmCancel();
    } else if (name === "approve") {
      this.form("approve", "Comment (optional)", false);
    } else {
      this.form("reject", "Why (required)", true);
    }
  }

  confirmCancel(): void {
    const yes = h("button", {
      type: "button",
      class: "action danger",
      "data-confirm": "cancel",
      onclick: () => this.send("cancel", "/cancel", {}),
    }, "Yes, cancel the run");
    const no = h("button", { type: "button", onclick: () => this.close() }, "Keep it running");
    this.showPanel(
      h(
        "div",
        {
          class: "confirm",
          role: "alertdialog",
          "aria-label": \`Cancel the run of #\${this.info.number}?\`,
        },
        h("span", {}, \`Cancel the run of #\${this.info.number}? \`),
        yes,
        " ",
        no,
      ),
    );
    yes.focus();
  }

  /** The form of an approval or a rejection. */
  form(name: "approve" | "reject", label: string, required: boolean): void {
    const id = \`action-\${name}-\${++formIds}\`;
    const input = h("input", {
      id,
      type: "text",
      name: name === "approve" ? "comment" : "reason",
      required,
      maxlength: "4000",
      autocomplete: "off",
      size: "32",
    });
    const submit = h("button", { type: "submit", class: \`action action-\${name}\` }, LABELS[name]);
    const form = h(
      "form",
      {
        class: "action-form",
        "data-form": name,
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          const text = input.value;
          if (required && text.trim() === "") {
            this.say("A rejection needs a reason.", "error");
            input.focus();
            return;
          }
          const body = name === "approve"
            ? (text.trim() ? { comment: text } : {})
            : { reason: text };
          this.send(name, \`/\${name}\`, body);
        },
      },
      h("label", { for: id }, \`\${label} \`),
      input,
      " ",
      submit,
      " ",
      h("button", { type: "button", onclick: () => this.close() }, "Close"),
    );
    this.showPanel(form);
    input.focus();
  }

  showPanel(content: Node): void {
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
  close(): void {
    this.open = false;
    this.panel.hidden = true;
    this.panel.replaceChildren();
    this.buttons.querySelector("button")?.focus();
  }

  /** Shows a line under the buttons: what happened, or why it did not. */
  say(text: string, kind: "ok" | "error" | ""): void {
    this.message.textContent = text;
    this.message.hidden = text === "";
    this.message.className = \`action-message small \${kind ? \`sev-\${kind}\` : ""}\`;
    this.message.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    for (const b of this.root.querySelectorAll("button")) b.disabled = busy;
  }

  async send(name: ActionName, path: string, body: unknown): Promise<void> {
    if (this.busy) return;
    this.setBusy(true);
    const n = this.info.number;
    try {
      await this.app.api.post(\`/api/tasks/\${encodeURIComponent(this.ref)}\${path}\`, body);
      const done: Record<ActionName, string> = {
        run: \`Started a run of #\${n}.\`,
        resume: \`Resumed the run of #\${n}.\`,
        cancel: \`Asked the run of #\${n} to stop.\`,
        approve: \`Approved #\${n}; Resume continues its run.\`,
        reject: \`Rejected #\${n}; Resume plays the work again.\`,
      };
      this.setBusy(false);
      if (this.open) this.close();
      // What happens next comes with the events (a task row read now could be older than them).
      this.say(done[name], "ok");
    } catch (e) {
      this.setBusy(false);
      this.app.apiFailed(e);
      this.say(\`\${LABELS[name]} failed: \${messageOf(e)}\`, "error");
      // Focus stays where the person acted: the field of an open form, else the buttons.
      const field = this.panel.querySelector<HTMLElement>("input, button.danger");
      (field ?? this.buttons.querySelector("button"))?.focus();
    }
  }
}

/** The New task button and its form (title required, description optional). */
export class NewTaskForm {
  readonly root: HTMLDivElement;
  readonly message: HTMLParagraphElement;
  readonly button: HTMLButtonElement;
  form: HTMLFormElement | null = null;
  readonly app: AppContext;

  constructor(app: AppContext) {
    this.app = app;
    this.button = h("button", {
      type: "button",
      class: "action action-new",
      "aria-expanded": "false",
      onclick: () => this.toggle(),
    }, "New task");
    this.message = h("p", { class: "action-message small", role: "status", hidden: true });
    this.root = h("div", { class: "new-task" }, this.button, this.message);
  }

  toggle(): void {
    if (this.form) return this.closeForm();
    const title = h("input", {
      id: "new-task-title",
      name: "title",
      type: "text",
      required: true,
      maxlength: "1000",
      autocomplete: "off",
      size: "40",
    });
    const description = h("textarea", {
      id: "new-task-description",
      name: "description",
      rows: "3",
      cols: "40",
    });
    const submit = h("button", { type: "submit", class: "action" }, "Create");
    const field = (label: string, el: Child, id: string) =>
      h("div", { class: "field" }, h("label", { for: id }, label), el);
    this.form = h(
      "form",
      {
        class: "action-form new-task-form",
        "data-form": "new",
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          this.create(title, description, submit);
        },
        onkeydown: (e: Event) => {
          if ((e as KeyboardEvent).key === "Escape") this.closeForm();
        },
      },
      field("Title", title, "new-task-title"),
      field("Description (optional)", description, "new-task-description"),
      h(
        "div",
        {},
        submit,
        " ",
        h("button", { type: "button", onclick: () => this.closeForm() }, "Close"),
      ),
    );
    this.root.insertBefore(this.form, this.message);
    this.button.setAttribute("aria-expanded", "true");
    title.focus();
  }

  closeForm(): void {
    this.form?.remove();
    this.form = null;
    this.button.setAttribute("aria-expanded", "false");
    this.button.focus();
  }

  say(text: string, kind: "ok" | "error"): void {
    this.message.textContent = text;
    this.message.hidden = false;
    this.message.className = \`action-message small sev-\${kind}\`;
    this.message.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  async create(
    title: HTMLInputElement,
    description: HTMLTextAreaElement,
    submit: HTMLButtonElement,
  ): Promise<void> {
    if (title.value.trim() === "") {
      this.say("A task needs a title.", "error");
      title.focus();
      return;
    }
    submit.disabled = true;
    try {
      const body: Record<string, string> = { title: title.value };
      if (description.value.trim()) body.description = description.value;
      const row = await this.app.api.post("/api/tasks", body);
      this.app.store.mergeRow(row);
      const n = (row as { number?: unknown } | null)?.number;
      this.closeForm();
      this.say(\`Created task #\${n}.\`, "ok");
    } catch (e) {
      submit.disabled = false;
      this.app.apiFailed(e);
      this.say(\`Cannot create the task: \${messageOf(e)}\`, "error");
      title.focus();
    }
  }
}
`});var fd,hd=v(()=>{fd=`/**
 * Activity: the project-wide feed, filterable by type and task, virtualised.
 *
 * @module
 */
import { h } from "./dom.ts";
import { describeEnv, fmtCount, fmtTime } from "./format.ts";
import { envOf } from "./store.ts";
import { VirtualList } from "./vlist.ts";
import { type AppContext, frameThrottle, type Screen, screenHeader } from "./widgets.ts";
import type { WireEnvelope } from "./wire.ts";

export class ActivityScreen implements Screen {
  type: string;
  taskFilter: string;
  view: number[] = [];
  taskSig = "";
  readonly updateCount: () => void;
  readonly updateFilters: () => void;
  typeSelect!: HTMLSelectElement;
  taskSelect!: HTMLSelectElement;
  count!: HTMLOutputElement;
  followBox!: HTMLInputElement;
  list!: VirtualList;
  detail!: HTMLPreElement;
  readonly app: AppContext;

  constructor(app: AppContext, query: URLSearchParams) {
    this.app = app;
    this.type = query.get("type") ?? "";
    this.taskFilter = query.get("task") ?? "";
    this.updateCount = frameThrottle(() => {
      this.list.setCount(this.view.length);
      this.drawCount();
    });
    this.updateFilters = frameThrottle(() => this.drawFilters());
  }

  mount(el: HTMLElement): void {
    this.typeSelect = h("select", { id: "filter-type", onchange: () => this.filterChanged() });
    this.taskSelect = h("select", { id: "filter-task", onchange: () => this.filterChanged() });
    this.count = h("output", { class: "muted", "aria-live": "off" });
    this.followBox = h("input", {
      type: "checkbox",
      id: "follow",
      checked: true,
      onchange: () => {
        this.list.follow = this.followBox.checked;
        if (this.list.follow) this.list.scrollToEnd();
      },
    });
    const bar = h(
      "div",
      { class: "toolbar", role: "group", "aria-label": "Filters" },
      h("label", { for: "filter-type" }, "Type "),
      this.typeSelect,
      h("label", { for: "filter-task" }, "Task "),
      this.taskSelect,
      h("label", { class: "check" }, this.followBox, " Follow new events"),
      this.count,
    );
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
      },
    });
    this.list.root.addEventListener("scroll", () => {
      if (this.followBox.checked !== this.list.follow) this.followBox.checked = this.list.follow;
    }, { passive: true });
    this.detail = h("pre", {
      class: "event-detail",
      "aria-live": "off",
      "aria-label": "The selected event",
      hidden: true,
    });
    el.append(screenHeader("Activity"), bar, this.list.root, this.detail);
    el.classList.add("fill");
    this.drawFilters();
    this.rebuild();
  }

  /** Shows the selected event whole, as the server sent it. */
  showDetail(i: number): void {
    const env = this.app.store.events[this.view[i]];
    this.detail.hidden = !env;
    if (env) this.detail.textContent = JSON.stringify(env, null, 2);
  }

  passes(env: WireEnvelope): boolean {
    if (this.type && env.event.type !== this.type) return false;
    if (this.taskFilter && !envOf(env, this.taskFilter)) return false;
    return true;
  }

  rebuild(): void {
    const evs = this.app.store.events;
    const view: number[] = [];
    for (let i = 0; i < evs.length; i++) if (this.passes(evs[i])) view.push(i);
    this.view = view;
    this.list.follow = this.followBox.checked;
    this.list.setCount(view.length);
    this.list.refresh();
    this.drawCount();
  }

  drawCount(): void {
    const total = this.app.store.events.length;
    const shown = this.view.length;
    this.count.textContent = shown === total
      ? \`\${fmtCount(total)} events\`
      : \`\${fmtCount(shown)} of \${fmtCount(total)} events\`;
  }

  drawFilters(): void {
    const store = this.app.store;
    const types = [...store.types].sort();
    if (this.type && !types.includes(this.type)) types.push(this.type);
    if (this.typeSelect.options.length !== types.length + 1) {
      this.typeSelect.replaceChildren(
        h("option", { value: "" }, "All types"),
        ...types.map((t) => h("option", { value: t }, t)),
      );
      this.typeSelect.value = this.type;
    }
    const infos = [...store.tasks.values()].filter((t) => t.number > 0)
      .sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : 1));
    const options = infos.map((t) => ({
      ref: store.refOf(t),
      text: \`#\${t.number}\${t.title ? " " + t.title : ""}\`,
    }));
    if (this.taskFilter && !options.some((o) => o.ref === this.taskFilter)) {
      options.push({ ref: this.taskFilter, text: \`#\${this.taskFilter}\` });
    }
    const sig = options.map((o) => \`\${o.ref}:\${o.text}\`).join("|");
    if (this.taskSig !== sig) {
      this.taskSig = sig;
      this.taskSelect.replaceChildren(
        h("option", { value: "" }, "All tasks"),
        ...options.map((o) => h("option", { value: o.ref }, o.text)),
      );
      this.taskSelect.value = this.taskFilter;
    }
  }

  filterChanged(): void {
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

  renderRow(row: HTMLElement, i: number): void {
    const env = this.app.store.events[this.view[i]];
    if (!row.firstChild) {
      row.append(
        h("span", { class: "c-time" }),
        h("span", { class: "c-task" }),
        h("span", { class: "c-type" }),
        h("span", { class: "c-text" }),
      );
    }
    if (!env) return;
    const [symbol, severity, text] = describeEnv(env);
    const [time, task, type, textCell] = [...row.children] as HTMLElement[];
    time.textContent = fmtTime(env.at);
    task.textContent = env.number ? \`#\${env.number}\` : "";
    type.textContent = \`\${symbol} \${env.event.type}\`;
    textCell.textContent = text;
    row.className = \`vrow sev-\${severity || "none"}\`;
    row.title = \`\${env.at}\${env.seq ? " \xB7 seq " + env.seq : ""}\`;
  }

  onEvent(env: WireEnvelope): void {
    const i = this.app.store.events.length - 1;
    if (this.app.store.events[i] === env && this.passes(env)) {
      this.view.push(i);
      this.updateCount();
    }
    this.updateFilters();
  }

  onReset(): void {
    this.drawFilters();
    this.rebuild();
  }

  onTrim(): void {
    this.rebuild();
  }

  onTask(): void {
    this.updateFilters();
  }
}
`});var pd,dd=v(()=>{pd=`/**
 * The server's routes, with the bearer token in a header (never in an
 * address).
 *
 * @module
 */

/** An answer of the server that is not a success (status 0: the server was not reached). */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The status of an error if it is an {@link ApiError}, else 0. */
export function statusOf(e: unknown): number {
  return e instanceof ApiError ? e.status : 0;
}

/** The message of any thrown value. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Whether an error is the server refusing the token. */
export function isAuthError(e: unknown): e is ApiError {
  const s = statusOf(e);
  return s === 401 || s === 403;
}

/** The server's routes, with the bearer token. */
export class Api {
  token: string;

  constructor(token: string) {
    this.token = token;
  }

  /** A request with the token; an answer that is not a success (304 is one) throws an {@link ApiError}. */
  async request(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    let res: Response;
    const headers: Record<string, string> = {
      ...init.headers,
      Authorization: \`Bearer \${this.token}\`,
      Accept: "application/json",
    };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    try {
      res = await fetch(path, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        cache: "no-store",
      });
    } catch (e) {
      throw new ApiError(0, \`Cannot reach the server (\${messageOf(e)})\`);
    }
    if (!res.ok && res.status !== 304) {
      let message = "";
      try {
        const p = await res.json();
        message = String(p?.error || p?.detail || p?.title || "");
      } catch { /* not a problem document */ }
      throw new ApiError(res.status, message || \`\${res.status} \${res.statusText}\`);
    }
    return res;
  }

  /** A JSON answer; the caller checks its shape. */
  async json(path: string): Promise<unknown> {
    return await (await this.request(path)).json();
  }

  async text(path: string): Promise<string> {
    return await (await this.request(path)).text();
  }

  /** POSTs a JSON body; the answer's JSON (null when it has none). */
  async post(path: string, body: unknown = {}): Promise<unknown> {
    const res = await this.request(path, { method: "POST", body });
    const text = await res.text();
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }
}
`});var gd,md=v(()=>{gd=`/**
 * The web UI's entry: reads the token from the address's fragment (and
 * removes it from the address bar), keeps it for the tab in sessionStorage,
 * routes between screens by the fragment (\`#/tasks\`, \`#/activity\`,
 * \`#/task/3\`, \`#/task/3/trace\`, \`#/history\`, \`#/history/3\`), shows the
 * connection's state, and hands the store's changes to the screen on view.
 *
 * @module
 */
import { ActivityScreen } from "./activity.ts";
import { Api, type ApiError, isAuthError } from "./api.ts";
import { Connection, type ConnState } from "./connection.ts";
import { type Child, h } from "./dom.ts";
import { HistoryDetailScreen, HistoryScreen } from "./history.ts";
import { Store, type StoreChange } from "./store.ts";
import { TasksScreen } from "./tasks.ts";
import { TimelineScreen } from "./timeline.ts";
import { TraceScreen } from "./trace.ts";
import type { AppContext, Screen } from "./widgets.ts";

/** Where the token is kept for the tab (sessionStorage). */
const TOKEN_KEY = "taskline.token";

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(\`the page has no #\${id}\`);
  return el as T;
}

/** Reads \`token=\` from the fragment, removes it from the address bar, and returns the token. */
export function takeToken(): string | null {
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

/** The page: shell, router, connection. */
export class App implements AppContext {
  readonly main = byId<HTMLElement>("main");
  readonly conn = byId<HTMLElement>("conn");
  readonly connText = byId<HTMLElement>("conn-text");
  readonly store = new Store();
  readonly api: Api;
  screen: Screen | null = null;
  loaded = false;
  authFailed = false;
  listening = false;
  connection: Connection | null = null;
  token: string | null;

  constructor(token: string | null) {
    this.token = token;
    this.api = new Api(token ?? "");
  }

  start(): void {
    if (!this.listening) {
      this.listening = true;
      // The skip link moves focus without changing the address (the address is the router's).
      document.querySelector(".skip")?.addEventListener("click", (ev) => {
        ev.preventDefault();
        this.main.focus();
      });
      addEventListener("hashchange", () => {
        // An address with a new token pasted into this tab: carry on with it.
        if (/(?:^#|[&?])token=/.test(location.hash)) {
          const token = takeToken();
          if (token) return this.resume(token);
        }
        this.route();
      });
    }
    if (!this.token) {
      this.setConn("offline", "No token");
      this.block(
        "This page needs the server's access token",
        "Open the address that \`taskline serve\` printed: it ends with #token=\u2026 . The token is read from the address, removed from the address bar, and kept only for this tab. Or paste the token (also in .taskline/server.token) here.",
        this.tokenForm(),
      );
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
      },
    });
    this.connection.start();
  }

  onStore(change: StoreChange): void {
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
  apiFailed(e: unknown): void {
    if (isAuthError(e)) this.rejected(e);
  }

  rejected(e: ApiError): void {
    if (this.authFailed) return;
    this.authFailed = true;
    this.connection?.stop();
    sessionStorage.removeItem(TOKEN_KEY);
    this.setConn("offline", "Token refused");
    const title = e.status === 403
      ? "The server refused this page (403)"
      : "The server refused the token (401)";
    this.block(
      title,
      "The token this page has is wrong or out of date: the server makes a new one each time it starts. Open the address that \`taskline serve\` printed last (it ends with #token=\u2026) in this tab, or paste its token (also in .taskline/server.token) below; the page carries on where it stopped.",
      this.tokenForm(),
      h("p", { class: "muted small" }, \`The server said: \${e.message}\`),
    );
  }

  /** A field to paste a token into. */
  tokenForm(): HTMLFormElement {
    const input = h("input", {
      id: "new-token",
      type: "password",
      autocomplete: "off",
      spellcheck: "false",
      size: "40",
    });
    return h(
      "form",
      {
        class: "token-form",
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          if (input.value.trim()) this.resume(input.value.trim());
        },
      },
      h("label", { for: "new-token" }, "New token "),
      input,
      h("button", { type: "submit" }, "Reconnect"),
    );
  }

  /** Carries on with a new token (the server restarted): the stream resumes after the last event seen. */
  resume(token: string): void {
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
  block(title: string, text: string, ...extra: Child[]): void {
    this.screen?.unmount?.();
    this.screen = null;
    this.main.classList.remove("fill");
    this.main.replaceChildren(
      h(
        "section",
        { class: "blocked", role: "alert" },
        h("h1", {}, title),
        h("p", {}, text),
        ...extra,
      ),
    );
    document.title = \`\${title} \xB7 taskline\`;
  }

  setConn(state: ConnState, text: string): void {
    this.conn.dataset.state = state;
    this.connText.textContent = text;
    this.conn.title = this.connection?.cursor ? \`last event \${this.connection.cursor}\` : "";
  }

  route(): void {
    if (this.authFailed) return;
    const raw = location.hash.replace(/^#\\/?/, "");
    const [path, qs] = raw.split("?");
    const query = new URLSearchParams(qs ?? "");
    const parts = path.split("/").filter(Boolean);
    let screen: Screen, nav: string;
    // A task reference: its number, or its id (or a prefix) when two tasks share the number.
    const ref = (s: string | undefined) => (/^(\\d+|[0-9a-fA-F-]{4,36})$/.test(s ?? "") ? s! : null);
    const task = ref(parts[1]);
    if (parts[0] === "activity") {
      screen = new ActivityScreen(this, query);
      nav = "activity";
    } else if (parts[0] === "task" && task !== null) {
      screen = parts[2] === "trace"
        ? new TraceScreen(this, task, query)
        : new TimelineScreen(this, task);
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
    document.title = \`\${nav[0].toUpperCase()}\${nav.slice(1)} \xB7 taskline\`;
    for (const a of document.querySelectorAll<HTMLElement>("#nav a")) {
      if (a.dataset.nav === nav) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    screen.mount(this.main);
    // Keyboard and screen reader users land on the new screen's heading.
    if (!first) this.main.querySelector("h1")?.focus();
  }

  /** Keeps the window at its end when it was there (live text arriving). */
  scrollIfAtEnd(): void {
    const el = document.scrollingElement;
    if (el && el.scrollTop + innerHeight >= el.scrollHeight - 120) el.scrollTop = el.scrollHeight;
  }
}
`});var wd,yd=v(()=>{wd=`/**
 * Pictures drawn by the page itself (SVG, no chart library): tokens and cost
 * per day for History, and a waterfall of a run's tool calls for the Trace,
 * the way tracing tools draw spans.
 *
 * @module
 */
import type { TaskHistory } from "../../views/history.ts";
import type { TraceCall } from "../../views/trace_pair.ts";
import { h, svg } from "./dom.ts";
import { fmtCost, fmtDuration, fmtTokens, usageTokens } from "./format.ts";

/** One day of the History chart. */
export interface DayTotal {
  /** \`YYYY-MM-DD\`, the reader's local date. */
  day: string;
  tokens: number;
  /** Cost of the priced runs of the day; null when none of them is priced. */
  cost: number | null;
  runs: number;
}

function localDay(at: string): string | null {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return null;
  const p = (n: number) => String(n).padStart(2, "0");
  return \`\${d.getFullYear()}-\${p(d.getMonth() + 1)}-\${p(d.getDate())}\`;
}

/** Tokens and cost of every run of the documents, per day the run started. */
export function perDay(docs: readonly Partial<TaskHistory>[]): DayTotal[] {
  const days = new Map<string, DayTotal>();
  for (const d of docs) {
    for (const r of Array.isArray(d.runs) ? d.runs : []) {
      const day = typeof r?.started_at === "string" ? localDay(r.started_at) : null;
      if (!day) continue;
      let t = days.get(day);
      if (!t) days.set(day, t = { day, tokens: 0, cost: null, runs: 0 });
      t.tokens += usageTokens(r.usage);
      t.runs++;
      if (typeof r.cost === "number" && Number.isFinite(r.cost)) t.cost = (t.cost ?? 0) + r.cost;
    }
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** Bars of tokens per day, and a line of the cost per day on its own scale. */
export function historyChart(days: readonly DayTotal[], currency = "USD"): HTMLElement {
  const shown = days.slice(-60);
  const W = 720, H = 220, left = 56, right = 64, top = 16, bottom = 40;
  const plotW = W - left - right, plotH = H - top - bottom;
  const maxTokens = Math.max(1, ...shown.map((d) => d.tokens));
  const costs = shown.map((d) => d.cost).filter((c): c is number => c !== null);
  const maxCost = Math.max(0.01, ...costs);
  const step = plotW / Math.max(1, shown.length);
  const barW = Math.max(2, Math.min(40, step * 0.7));
  const x = (i: number) => left + step * i + step / 2;
  const yTok = (v: number) => top + plotH - (v / maxTokens) * plotH;
  const yCost = (v: number) => top + plotH - (v / maxCost) * plotH;
  const chart = svg("svg", {
    class: "chart history-chart",
    viewBox: \`0 0 \${W} \${H}\`,
    width: W,
    height: H,
    role: "img",
    "aria-label": \`Tokens and cost per day, \${shown.length} days\`,
  });
  chart.append(
    svg("line", { class: "axis", x1: left, y1: top + plotH, x2: W - right, y2: top + plotH }),
    svg("line", { class: "axis", x1: left, y1: top, x2: left, y2: top + plotH }),
    svg("text", { x: left - 6, y: top + 4, "text-anchor": "end" }, fmtTokens(maxTokens)),
    svg("text", { x: left - 6, y: top + plotH, "text-anchor": "end" }, "0"),
    svg("text", { x: W - right + 6, y: top + 4 }, fmtCost({ amount: maxCost, currency })),
  );
  const every = Math.max(1, Math.ceil(shown.length / 8));
  shown.forEach((d, i) => {
    const y = yTok(d.tokens);
    chart.append(
      svg(
        "rect",
        {
          class: "bar",
          x: x(i) - barW / 2,
          y,
          width: barW,
          height: Math.max(0, top + plotH - y),
          "data-day": d.day,
          "data-tokens": d.tokens,
        },
        svg(
          "title",
          {},
          \`\${d.day}: \${fmtTokens(d.tokens)} tokens, \${
            d.cost === null ? "not priced" : fmtCost({ amount: d.cost, currency })
          }, \${d.runs} run\${d.runs === 1 ? "" : "s"}\`,
        ),
      ),
    );
    if (i % every === 0 || i === shown.length - 1) {
      chart.append(
        svg("text", { x: x(i), y: H - bottom + 16, "text-anchor": "middle" }, d.day.slice(5)),
      );
    }
  });
  const points = shown.map((d, i) => (d.cost === null ? null : [x(i), yCost(d.cost)] as const));
  const path = points.filter((p) => p !== null).map((p, i) => \`\${i ? "L" : "M"}\${p![0]},\${p![1]}\`)
    .join(" ");
  if (path) chart.append(svg("path", { class: "line", d: path }));
  shown.forEach((d, i) => {
    if (d.cost === null) return;
    chart.append(
      svg(
        "circle",
        { class: "dot", cx: x(i), cy: yCost(d.cost), r: 3, "data-day": d.day, "data-cost": d.cost },
        svg("title", {}, \`\${d.day}: \${fmtCost({ amount: d.cost, currency })}\`),
      ),
    );
  });
  return h(
    "figure",
    { class: "history-figure" },
    chart,
    h(
      "figcaption",
      { class: "legend" },
      h("span", { class: "key-bar" }, "tokens per day"),
      h("span", { class: "key-line" }, \`cost per day (\${currency}, priced runs)\`),
    ),
  );
}

/** A call's span on the time axis: from its call to its result (ms since the epoch). */
function spanOf(c: TraceCall, end: number): { from: number; to: number; open: boolean } | null {
  const called = c.called_at ? Date.parse(c.called_at) : NaN;
  const returned = c.returned_at ? Date.parse(c.returned_at) : NaN;
  if (Number.isFinite(called) && Number.isFinite(returned)) {
    return { from: called, to: Math.max(called, returned), open: false };
  }
  if (Number.isFinite(called)) return { from: called, to: Math.max(called, end), open: true };
  if (Number.isFinite(returned)) {
    return { from: returned - Math.max(0, c.duration_ms ?? 0), to: returned, open: false };
  }
  return null;
}

/** At most this many calls are drawn in a waterfall. */
export const WATERFALL_MAX = 400;

/**
 * A waterfall of tool calls: one row a call, a bar from \`tool_called\` to
 * \`tool_returned\` on a shared time axis; failures in red, a call without a
 * result open to the end. A click (or Enter) on a bar calls \`onOpen\`.
 */
export function waterfall(
  calls: readonly TraceCall[],
  keyOf: (c: TraceCall) => string,
  onOpen: (c: TraceCall) => void,
): HTMLElement | null {
  const drawn = calls.slice(0, WATERFALL_MAX);
  const times = drawn.flatMap((c) =>
    [c.called_at, c.returned_at].filter((t): t is string => typeof t === "string").map(Date.parse)
  ).filter(Number.isFinite);
  if (times.length === 0) return null;
  const end = Math.max(...times);
  const spans = drawn.map((c) => ({ c, s: spanOf(c, end) }));
  const start = Math.min(...spans.map((x) => x.s?.from ?? Infinity));
  const total = Math.max(1, end - start);
  const row = 16, left = 150, right = 70, top = 22;
  const W = 760, H = top + row * drawn.length + 8;
  const plotW = W - left - right;
  const xs = (t: number) => left + ((t - start) / total) * plotW;
  const chart = svg("svg", {
    class: "chart waterfall",
    viewBox: \`0 0 \${W} \${H}\`,
    width: W,
    height: H,
    role: "group",
    "aria-label": \`Waterfall of \${drawn.length} tool calls over \${fmtDuration(total)}\`,
  });
  chart.append(
    svg("line", { class: "axis", x1: left, y1: top - 4, x2: W - right, y2: top - 4 }),
    svg("text", { x: left, y: 12 }, "0"),
    svg("text", { x: W - right, y: 12, "text-anchor": "end" }, fmtDuration(total)),
  );
  spans.forEach(({ c, s }, i) => {
    if (!s) return;
    const y = top + i * row;
    const failed = c.is_error === true || c.timed_out ||
      (c.result !== "ok" && c.result !== "no result");
    const x1 = xs(s.from), x2 = xs(s.to);
    const label = \`\${c.tool} \${c.result}\${
      c.duration_ms !== null ? \` in \${fmtDuration(c.duration_ms)}\` : ""
    }\${c.paired === "unmatched" ? (c.called_at ? ", no result" : ", no call") : ""}\`;
    const open = () => onOpen(c);
    const g = svg(
      "g",
      {
        class: \`call\${failed ? " failed" : ""}\`,
        tabindex: "0",
        role: "button",
        "aria-label": \`\${label}: open the call\`,
        "data-call": keyOf(c),
        onclick: open,
        onkeydown: (e: Event) => {
          const k = (e as KeyboardEvent).key;
          if (k === "Enter" || k === " ") {
            e.preventDefault();
            open();
          }
        },
      },
      svg("title", {}, label),
      svg(
        "text",
        { x: left - 6, y: y + 11, "text-anchor": "end" },
        c.tool.length > 22 ? c.tool.slice(0, 21) + "\u2026" : c.tool,
      ),
      svg("rect", {
        class: \`span\${failed ? " failed" : ""}\${s.open ? " open-ended" : ""}\`,
        x: x1,
        y: y + 2,
        width: Math.max(2, x2 - x1),
        height: row - 4,
        rx: 2,
      }),
    );
    if (c.duration_ms !== null) {
      g.append(svg("text", { x: Math.max(x1, x2) + 4, y: y + 11 }, fmtDuration(c.duration_ms)));
    }
    chart.append(g);
  });
  return h(
    "figure",
    { class: "waterfall-figure" },
    chart,
    calls.length > drawn.length
      ? h(
        "figcaption",
        { class: "muted small" },
        \`The first \${drawn.length} of \${calls.length} calls.\`,
      )
      : null,
  );
}
`});var bd,kd=v(()=>{bd=`/**
 * Loads recent events once, then follows the project's stream, read with
 * \`fetch\` (the token goes in a header, never in an address, and events of
 * every type arrive). When the stream breaks or ends, it is opened again
 * with \`Last-Event-ID\` (the last cursor seen) after a delay that grows,
 * once a single request has shown the token is still good. While the
 * stream is up and the page is visible, the task list is asked for every
 * few seconds with its entity tag (answered 304, without a body, while
 * nothing changed): no event tells of a task made, or discarded, elsewhere.
 *
 * @module
 */
import { type Api, ApiError, isAuthError, messageOf } from "./api.ts";
import { SseParser } from "./sse.ts";
import type { Store } from "./store.ts";

/** The connection's state, for the header. */
export type ConnState = "connecting" | "live" | "reconnecting" | "offline";

/** What the connection tells the page. */
export interface ConnectionOptions {
  onState(state: ConnState, text: string): void;
  onAuthError(e: ApiError): void;
  onLoaded?(): void;
  /** Recent events loaded at the start. Default 10,000. */
  recentMax?: number;
}

/** How often the task list is asked for while the stream is up and the page visible, in ms. */
export const TASKS_POLL_MS = 3000;

function rowsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const tasks = (value as { tasks?: unknown } | null)?.tasks;
  return Array.isArray(tasks) ? tasks : [];
}

export class Connection {
  readonly recentMax: number;
  source: AbortController | null = null;
  cursor = "";
  retries = 0;
  timer: ReturnType<typeof setTimeout> | undefined = undefined;
  stopped = false;
  loaded = false;
  /** The entity tag of the last task list read. */
  tasksTag = "";
  poller: ReturnType<typeof setInterval> | undefined = undefined;
  polling = false;
  asked = new Set<string>();

  readonly api: Api;
  readonly store: Store;
  readonly options: ConnectionOptions;

  constructor(api: Api, store: Store, options: ConnectionOptions) {
    this.api = api;
    this.store = store;
    this.options = options;
    this.recentMax = options.recentMax ?? 10_000;
  }

  async start(): Promise<void> {
    this.options.onState("connecting", "Loading events\u2026");
    let res: Response;
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
    // Once, in the background: what the recent events do not say of older tasks.
    this.api.json("/api/history?all=true").then((docs) => {
      for (const d of Array.isArray(docs) ? docs : []) this.store.mergeHistory(d);
    }).catch(() => {});
  }

  open(): void {
    if (this.stopped) return;
    this.close();
    const stream = new AbortController();
    this.source = stream;
    const headers: Record<string, string> = {
      Authorization: \`Bearer \${this.api.token}\`,
      Accept: "text/event-stream",
    };
    if (this.cursor) headers["Last-Event-ID"] = this.cursor;
    const onEvent = (type: string, data: string, id: string) => {
      if (type === "error") return;
      if (id) this.cursor = id;
      let env: unknown;
      try {
        env = JSON.parse(data);
      } catch {
        return;
      }
      this.store.add(env);
      const task = (env as { task?: unknown } | null)?.task;
      if (typeof task === "string" && !this.store.tasks.get(task)?.title) this.lookUp(task);
    };
    (async () => {
      const res = await fetch("/api/stream", { headers, cache: "no-store", signal: stream.signal });
      if (!res.ok || !res.body) throw new ApiError(res.status, \`\${res.status} \${res.statusText}\`);
      this.retries = 0;
      this.options.onState("live", "Live");
      const parser = new SseParser(onEvent);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    })().then(
      () => this.dropped(stream),
      (e) => isAuthError(e) ? this.failed(e) : this.dropped(stream),
    );
  }

  /** The stream ended or broke: opened again after the last event seen. */
  dropped(stream: AbortController): void {
    if (this.source !== stream || this.stopped) return;
    this.source = null;
    this.retry();
  }

  /** Reopens the stream after a delay that grows to 30 s; stops on a refused token. */
  retry(): void {
    if (this.stopped) return;
    const delayMs = Math.min(30_000, 500 * 2 ** this.retries) * (0.75 + Math.random() / 2);
    this.retries = Math.min(this.retries + 1, 10);
    this.options.onState("reconnecting", \`Reconnecting in \${Math.ceil(delayMs / 1000)} s\u2026\`);
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      if (!this.loaded) return this.start();
      try {
        await this.api.request("/api/health");
      } catch (e) {
        if (isAuthError(e)) return this.failed(e);
        return this.retry();
      }
      // The server may have new tasks, or changed their state, while we were away.
      this.refreshTasks();
      this.open();
    }, delayMs);
  }

  /** Reads the task list once more (after a drop, a new token, or an action). */
  refreshTasks(): void {
    this.tasksTag = "";
    this.readTasks().catch(() => {});
  }

  /**
   * Reads the task list (unless its entity tag is unchanged: 304) into the
   * store, which forgets the tasks discarded since the last list; \`newOnly\`:
   * only tasks the page does not know are merged (see {@link Store.syncRows}).
   */
  async readTasks(newOnly = false): Promise<void> {
    const res = await this.api.request(
      "/api/tasks",
      this.tasksTag ? { headers: { "If-None-Match": this.tasksTag } } : {},
    );
    if (res.status === 304) return;
    const rows = rowsOf(await res.json());
    this.tasksTag = res.headers.get("etag") ?? "";
    this.store.syncRows(rows, { newOnly });
  }

  /** The task list's poll: only while the stream is up and the page is seen. */
  async pollTasks(): Promise<void> {
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
  resume(): void {
    this.open();
    this.refreshTasks();
  }

  /** Fetches a task's row once, when its events arrive before the page knew it. */
  lookUp(id: string): void {
    if (this.asked.has(id) || this.asked.size > 100_000) return;
    this.asked.add(id);
    this.api.json(\`/api/tasks/\${encodeURIComponent(id)}\`).then((row) => this.store.mergeRow(row))
      .catch(() => {});
  }

  failed(e: unknown): void {
    if (isAuthError(e)) {
      this.stop();
      this.options.onAuthError(e);
    } else {
      this.options.onState("offline", messageOf(e));
      this.retry();
    }
  }

  close(): void {
    if (this.source) {
      this.source.abort();
      this.source = null;
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.poller);
    this.poller = undefined;
    this.close();
  }
}
`});var xd,vd=v(()=>{xd=`/**
 * Building DOM nodes safely: text is always set as text (a Text node or
 * \`textContent\`), never parsed as HTML. The page has no \`innerHTML\`.
 *
 * @module
 */

/** An attribute's value; null, undefined and false leave the attribute out. */
export type AttrValue = string | number | boolean | null | undefined | EventListener;

/** A child: a node, or text (null, undefined and false are skipped). */
export type Child = Node | string | number | null | undefined | false;

/** Makes an element: \`h("a", { href: "#/x", class: "k" }, "text", child)\`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Record<string, AttrValue> | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "class") el.className = String(v);
      else if (k === "text") el.textContent = String(v);
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Makes an SVG element; text children become Text nodes, as in {@link h}. */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs?: Record<string, AttrValue> | null,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}
`});var $d,_d=v(()=>{$d=`/**
 * Text of the page: local times (the page shows the reader's clock, where the
 * terminal shows UTC), and the units, money and one-line descriptions that
 * every surface shares (from src/views/).
 *
 * @module
 */
import { describe, type Tone } from "../../views/event_line.ts";
import { formatCost, formatCount, formatDuration } from "../../views/units.ts";
import { isFuture, type WireEnvelope } from "./wire.ts";

export { formatCost, formatCount, formatDuration };

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(kind: "time" | "datetime"): Intl.DateTimeFormat {
  let f = formatters.get(kind) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = kind === "time"
      ? new Intl.DateTimeFormat(undefined, {
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hour12: false,
      })
      : new Intl.DateTimeFormat(undefined, {
        dateStyle: "short",
        timeStyle: "medium",
        hour12: false,
      });
    formatters.set(kind, f);
  }
  return f;
}

/** Local time of an event, \`HH:MM:SS\`. */
export function fmtTime(at: unknown): string {
  const d = new Date(String(at ?? ""));
  if (Number.isNaN(d.getTime())) return String(at ?? "");
  return dateFormat("time").format(d);
}

/** Local date and time, for tables. */
export function fmtDateTime(at: unknown): string {
  if (!at) return "\u2013";
  const d = new Date(String(at));
  if (Number.isNaN(d.getTime())) return String(at);
  return dateFormat("datetime").format(d);
}

/** Local time today, date and time before. */
export function fmtWhen(at: unknown): string {
  const d = new Date(String(at ?? ""));
  if (Number.isNaN(d.getTime())) return String(at ?? "");
  return d.toDateString() === new Date().toDateString() ? fmtTime(at) : fmtDateTime(at);
}

/** A token count as the terminal shows it (\`950\`, \`12k\`, \`4.1M\`); \`\u2013\` when unknown. */
export function fmtTokens(n: unknown): string {
  return typeof n === "number" && Number.isFinite(n) ? formatCount(n) : "\u2013";
}

/** A count with thousands separators. */
export function fmtCount(n: unknown): string {
  let f = formatters.get("count") as Intl.NumberFormat | undefined;
  if (!f) formatters.set("count", f = new Intl.NumberFormat("en-US"));
  return f.format(Number(n ?? 0));
}

/** A count and its noun, \`1 error\`, \`3 errors\`. */
export function plural(n: number, noun: string): string {
  return \`\${fmtCount(n)} \${noun}\${n === 1 ? "" : "s"}\`;
}

/** A cost \`{amount, currency}\` as \`taskline history\` shows it; \`\u2013\` when there is none. */
export function fmtCost(cost: { amount?: unknown; currency?: unknown } | null | undefined): string {
  if (!cost || typeof cost.amount !== "number") return "\u2013";
  return formatCost(cost.amount, typeof cost.currency === "string" ? cost.currency : "USD");
}

/** A duration in milliseconds as the terminal shows it; \`\u2013\` when unknown. */
export function fmtDuration(ms: unknown): string {
  return typeof ms === "number" && Number.isFinite(ms) && ms >= 0 ? formatDuration(ms) : "\u2013";
}

/** The sum of a usage object's input and output tokens. */
export function usageTokens(
  u: { input_tokens?: unknown; output_tokens?: unknown } | null | undefined,
): number {
  if (!u) return 0;
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  return n(u.input_tokens) + n(u.output_tokens);
}

/** The first line of a text, at most \`max\` characters. */
export function firstLine(text: unknown, max = 160): string {
  const s = String(text ?? "").trim();
  const nl = s.search(/[\\r\\n\\u2028\\u2029\\u0085]/);
  const line = nl >= 0 ? s.slice(0, nl) : s;
  return line.length > max ? line.slice(0, max - 1) + "\u2026" : line;
}

/** The first characters of an id (UUIDs and commits are long). */
export function shortId(id: unknown, n = 8): string {
  return id ? String(id).slice(0, n) : "\u2013";
}

/** What a tool was asked to do, in a few words: its command, path or arguments. */
export function inputSummary(input: unknown): string {
  if (input === null || input === undefined) return "";
  if (typeof input !== "object") return firstLine(String(input), 120);
  const o = input as Record<string, unknown>;
  for (const k of ["command", "cmd", "path", "file", "file_path", "pattern", "query", "url"]) {
    if (typeof o[k] === "string") return firstLine(o[k], 120);
  }
  return firstLine(JSON.stringify(input), 120);
}

/** How the page colours an event: \`error\`, \`warn\`, \`ok\` or \`\` (from the terminal's tone). */
export type Severity = "error" | "warn" | "ok" | "";

const SEVERITY: Record<Tone, Severity> = {
  ok: "ok",
  bad: "error",
  warn: "warn",
  tool: "",
  info: "",
  dim: "",
};

/** Symbol, severity and one-line text of an envelope, as \`taskline events\` says it. */
export function describeEnv(env: WireEnvelope, max = 160): [string, Severity, string] {
  if (isFuture(env)) {
    return [
      "?",
      "",
      \`\${
        firstLine(env.event.type, 60)
      } (an event of schema \${env.schema}, which this page does not know)\`,
    ];
  }
  const [symbol, tone, text] = describe(env, max);
  return [symbol, SEVERITY[tone], text];
}

/** The one-line text of an envelope. */
export function describeText(env: WireEnvelope, max = 160): string {
  return describeEnv(env, max)[2];
}
`});var Sd,Td=v(()=>{Sd=`/**
 * History: finished work of the project with tokens, time and cost, and one
 * task's runs, phases, commits, validations and approvals.
 *
 * @module
 */
import type { RunHistory, TaskHistory } from "../../views/history.ts";
import { messageOf } from "./api.ts";
import { historyChart, perDay } from "./charts.ts";
import { h } from "./dom.ts";
import {
  fmtCost,
  fmtCount,
  fmtDateTime,
  fmtDuration,
  fmtTime,
  fmtTokens,
  plural,
  shortId,
  usageTokens,
} from "./format.ts";
import { envOf } from "./store.ts";
import {
  type AppContext,
  badge,
  placeholder,
  type Screen,
  screenHeader,
  statusKind,
  table,
  taskLabel,
} from "./widgets.ts";
import type { WireEnvelope } from "./wire.ts";

/** A history document as it arrived: any field may be missing. */
type Doc = Partial<TaskHistory>;

function docsOf(value: unknown): Doc[] {
  return Array.isArray(value) ? value.filter((d) => d && typeof d === "object") : [];
}

export class HistoryScreen implements Screen {
  reloadTimer: ReturnType<typeof setTimeout> | undefined = undefined;
  summary!: HTMLParagraphElement;
  tbody!: HTMLTableSectionElement;
  note!: HTMLParagraphElement;
  chart!: HTMLDivElement;
  readonly app: AppContext;

  constructor(app: AppContext) {
    this.app = app;
  }

  mount(el: HTMLElement): void {
    this.summary = h("p", { class: "muted" });
    const { table: t, tbody } = table("History", [
      "#",
      "Task",
      "Status",
      "Runs",
      "Tokens in / out",
      "Active time",
      "Cost",
      "QA",
      "Last activity",
    ], "grid history");
    this.tbody = tbody;
    this.note = placeholder("Loading the history\u2026");
    this.chart = h("div", { class: "chart-slot" });
    el.append(screenHeader("History", this.summary), this.note, this.chart, t);
    this.load();
  }

  unmount(): void {
    clearTimeout(this.reloadTimer);
  }

  async load(): Promise<void> {
    let docs: Doc[];
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
    let tokens = 0, ms = 0;
    const costs = new Map<string, number>();
    for (const d of docs) {
      tokens += usageTokens(d.totals?.usage);
      ms += d.totals?.active_ms ?? 0;
      if (d.cost) costs.set(d.cost.currency, (costs.get(d.cost.currency) ?? 0) + d.cost.amount);
    }
    const costText = [...costs].map(([currency, amount]) => fmtCost({ amount, currency }))
      .join(" + ");
    this.summary.textContent = \`\${docs.length} tasks \xB7 \${fmtTokens(tokens)} tokens \xB7 \${
      fmtDuration(ms)
    } active\${costText ? " \xB7 " + costText + " priced" : ""}\`;
    this.tbody.replaceChildren(...docs.map((d) => this.row(d)));
    const days = perDay(docs);
    const currency = docs.find((d) => d.cost)?.cost?.currency ?? "USD";
    this.chart.replaceChildren(...(days.length ? [historyChart(days, currency)] : []));
  }

  row(d: Doc): HTMLTableRowElement {
    const n = d.number;
    const ref = this.app.store.refOf(this.app.store.tasks.get(d.task?.id ?? "")) || String(n);
    const u = d.totals?.usage;
    const last = d.runs?.[d.runs.length - 1];
    const status = d.task?.status ?? last?.status ?? "\u2013";
    return h(
      "tr",
      { "data-task": n ?? "" },
      h("td", { class: "num" }, n ? \`#\${n}\` : "\u2013"),
      h(
        "td",
        {},
        n
          ? h("a", { href: \`#/history/\${ref}\` }, d.task?.title ?? \`Task \${n}\`)
          : d.task?.title ?? "",
      ),
      h("td", {}, badge(status, statusKind(status))),
      h("td", { class: "num" }, String(d.totals?.runs ?? d.runs?.length ?? 0)),
      h("td", { class: "num" }, \`\${fmtTokens(u?.input_tokens)} / \${fmtTokens(u?.output_tokens)}\`),
      h("td", { class: "num" }, fmtDuration(d.totals?.active_ms)),
      h(
        "td",
        { class: "num cost", title: d.cost ? "" : "not every session of this task is priced" },
        fmtCost(d.cost),
        d.cost?.complete === false ? h("span", { class: "muted small" }, " partial") : "",
      ),
      h("td", {}, d.last_qa ? \`\${d.last_qa.verdict} (round \${d.last_qa.round})\` : "\u2013"),
      h("td", {}, fmtDateTime(d.last_activity)),
    );
  }

  onEvent(env: WireEnvelope): void {
    if (env.event.type !== "run_finished" && env.event.type !== "approval_resolved") return;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => this.load(), 800);
  }
}

/** The words a run's status shows: a run that stopped to wait is paused, not failed. */
export function runStatusText(r: Partial<RunHistory>): string {
  return r.status ?? r.state ?? "\u2013";
}

export class HistoryDetailScreen implements Screen {
  reloadTimer: ReturnType<typeof setTimeout> | undefined = undefined;
  title!: HTMLHeadingElement;
  content!: HTMLDivElement;
  readonly app: AppContext;
  readonly ref: string;

  constructor(app: AppContext, ref: string) {
    this.app = app;
    this.ref = ref;
  }

  mount(el: HTMLElement): void {
    const n = this.ref;
    const label = taskLabel(this.app, n);
    this.title = h("h1", { tabindex: "-1" }, \`#\${n} History\`);
    this.content = h("div", {}, placeholder("Loading the task's history\u2026"));
    el.append(
      h(
        "header",
        { class: "screen-head" },
        this.title,
        h(
          "nav",
          { class: "subnav", "aria-label": \`Task \${label}\` },
          h("a", { href: \`#/task/\${n}\` }, "Timeline"),
          h("a", { href: \`#/task/\${n}/trace\` }, "Trace"),
          h("a", { href: \`#/history/\${n}\`, "aria-current": "page" }, "History"),
          h("a", { href: \`#/history\` }, "All history"),
        ),
      ),
      this.content,
    );
    this.load();
  }

  unmount(): void {
    clearTimeout(this.reloadTimer);
  }

  onEvent(env: WireEnvelope): void {
    if (!envOf(env, this.ref)) return;
    if (!["run_finished", "approval_resolved", "phase_finished"].includes(env.event.type)) return;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => this.load(), 800);
  }

  async load(): Promise<void> {
    let d: Doc;
    try {
      d = (await this.app.api.json(\`/api/history/\${encodeURIComponent(this.ref)}\`) ?? {}) as Doc;
    } catch (e) {
      this.app.apiFailed(e);
      this.content.replaceChildren(
        placeholder(
          \`Cannot load the history of task \${taskLabel(this.app, this.ref)}: \${messageOf(e)}\`,
          "error",
        ),
      );
      return;
    }
    this.title.textContent = \`\${taskLabel(this.app, this.ref)} \${d.task?.title ?? ""} \xB7 History\`;
    document.title = \`\${taskLabel(this.app, this.ref)} History \xB7 taskline\`;
    const u = d.totals?.usage;
    const dl = h("dl", { class: "facts" });
    const fact = (k: string, v: Node | string) =>
      dl.append(h("div", {}, h("dt", {}, k), h("dd", {}, v)));
    fact("Status", badge(d.task?.status ?? "\u2013", statusKind(d.task?.status)));
    fact("Runs", String(d.totals?.runs ?? d.runs?.length ?? 0));
    fact("Input tokens", fmtCount(u?.input_tokens));
    fact("Output tokens", fmtCount(u?.output_tokens));
    fact(
      "Cache read / write",
      \`\${fmtCount(u?.cache_read_tokens)} / \${fmtCount(u?.cache_write_tokens)}\`,
    );
    fact("Active time", fmtDuration(d.totals?.active_ms));
    fact(
      "Cost",
      h(
        "span",
        { class: "cost" },
        fmtCost(d.cost),
        d.cost ? "" : h("span", { class: "muted" }, " (not every session is priced)"),
      ),
    );
    fact("Commits", String(d.totals?.commits ?? 0));
    if (d.last_qa) {
      fact(
        "Last QA",
        \`\${d.last_qa.verdict} (round \${d.last_qa.round}\${
          Number.isInteger(d.last_qa.issues) ? ", " + plural(d.last_qa.issues!, "issue") : ""
        })\`,
      );
    }
    if (d.validations_passed !== null && d.validations_passed !== undefined) {
      fact("Validations", d.validations_passed ? "passed" : "failed");
    }
    fact("Last activity", fmtDateTime(d.last_activity));
    const parts: HTMLElement[] = [h("section", { "aria-label": "Totals" }, dl)];
    if (d.errors?.length) {
      parts.push(
        h(
          "section",
          { class: "errors", role: "note" },
          h("h2", {}, "Problems"),
          h("ul", {}, ...d.errors.map((e) => h("li", {}, String(e)))),
        ),
      );
    }
    const files = d.changed_files?.files ?? [];
    if (files.length) {
      parts.push(
        h(
          "section",
          {},
          h("h2", {}, \`Changed files\${d.changed_files?.approximate ? " (approximate)" : ""}\`),
          h(
            "ul",
            { class: "files" },
            ...files.map((f) =>
              h(
                "li",
                {},
                h("code", {}, String(f.path)),
                f.status && f.status !== "unknown" ? \` \${f.status}\` : "",
              )
            ),
          ),
        ),
      );
    }
    for (const r of [...(d.runs ?? [])].reverse()) parts.push(this.runSection(r));
    this.content.replaceChildren(...parts);
  }

  runSection(r: Partial<RunHistory>): HTMLElement {
    const status = runStatusText(r);
    const head = h(
      "h2",
      {},
      \`Run \${shortId(r.run)} \`,
      badge(status, statusKind(status)),
      h(
        "span",
        { class: "muted small" },
        \` \${fmtDateTime(r.started_at)} \xB7 \${fmtDuration(r.active_ms)} active \xB7 \${
          fmtTokens(usageTokens(r.usage))
        } tokens\${r.resumes ? \` \xB7 \${r.resumes} resumes\` : ""}\`,
      ),
    );
    const { table: t, tbody } = table(\`Phases of run \${shortId(r.run)}\`, [
      "Phase",
      "Started",
      "Took",
      "Result",
      "Summary",
    ], "grid phases");
    for (const p of r.phases ?? []) {
      const took = p.finished_at
        ? Date.parse(p.finished_at) - Date.parse(p.started_at ?? "")
        : null;
      tbody.append(
        h(
          "tr",
          {},
          h("td", {}, String(p.phase)),
          h("td", {}, fmtTime(p.started_at)),
          h("td", { class: "num" }, took === null ? "\u2013" : fmtDuration(took)),
          h(
            "td",
            {},
            p.success === null || p.success === undefined
              ? badge("unfinished", "warn")
              : badge(p.success ? "ok" : "failed", p.success ? "ok" : "error"),
          ),
          h("td", {}, p.summary ?? ""),
        ),
      );
    }
    const sec = h("section", { class: "run" }, head, t);
    if (r.pending_approval) {
      sec.append(h("p", {}, badge(\`waiting for approval of the \${r.pending_approval}\`, "warn")));
    }
    if (r.last_error) sec.append(h("p", { class: "sev-error" }, \`Last error: \${r.last_error}\`));
    if (r.commits?.length) {
      sec.append(
        h("h3", {}, "Commits"),
        h(
          "ul",
          {},
          ...r.commits.map((c) =>
            h(
              "li",
              {},
              h("code", {}, shortId(c.commit, 7)),
              \` \${c.message || "(no message)"}\`,
              c.files?.length ? h("span", { class: "muted" }, \` \xB7 \${c.files.length} files\`) : "",
            )
          ),
        ),
      );
    }
    if (r.merged) {
      sec.append(
        h(
          "p",
          {},
          \`Merged \${r.merged.branch || "the task branch"} into \${r.merged.base || "its base"} as \`,
          h("code", {}, shortId(r.merged.commit, 7)),
        ),
      );
    }
    if (r.validations?.length) {
      sec.append(
        h("h3", {}, "Validations"),
        h(
          "ul",
          {},
          ...r.validations.map((v) =>
            h(
              "li",
              { class: v.passed ? "" : "sev-error" },
              h("code", {}, String(v.command)),
              \` \${v.passed ? "passed" : "failed"}\`,
              v.exit_code !== null && v.exit_code !== undefined ? \` (exit \${v.exit_code})\` : "",
            )
          ),
        ),
      );
    }
    if (r.approvals?.length) {
      sec.append(
        h("h3", {}, "Approvals"),
        h(
          "ul",
          {},
          ...r.approvals.map((a) =>
            h(
              "li",
              {},
              \`\${a.gate}: \${a.approved ? "approved" : "rejected"}\${
                a.comment ? " (" + a.comment + ")" : ""
              }\`,
            )
          ),
        ),
      );
    }
    return sec;
  }
}
`});var Ad,Ed=v(()=>{Ad=`/**
 * The page script's entry: the page loads this module (\`<script
 * type="module">\`), and the browser loads what it imports, each module
 * served by \`taskline serve\` with its types stripped (src/web/modules.ts).
 *
 * @module
 */
import { App, takeToken } from "./app.ts";

const app = new App(takeToken());
// For tests and for curious users in the console: the page's state.
(globalThis as unknown as { taskline: App }).taskline = app;
app.start();
`});var Cd,Md=v(()=>{Cd=`/**
 * Server-Sent Events read from a fetched stream, as the SSE specification
 * parses them: lines end with CRLF, LF or CR; \`data\` lines join with a
 * newline; a blank line dispatches; comments and unknown fields are skipped;
 * an \`id\` with a NUL is ignored. \`onEvent(type, data, lastEventId)\` gets
 * every event, whatever its type (an EventSource only gives the types a
 * listener was added for, so it would drop the types of a newer format).
 *
 * @module
 */
export class SseParser {
  rest = "";
  type = "";
  data: string[] = [];
  lastEventId = "";
  retryMs: number | null = null;
  readonly onEvent: (type: string, data: string, lastEventId: string) => void;

  constructor(onEvent: (type: string, data: string, lastEventId: string) => void) {
    this.onEvent = onEvent;
  }

  push(text: string): void {
    const s = this.rest + text;
    let at = 0;
    for (;;) {
      const m = /\\r\\n|\\r|\\n/g;
      m.lastIndex = at;
      const hit = m.exec(s);
      // A CR at the very end may be the first half of a CRLF: wait for more.
      if (!hit || (hit[0] === "\\r" && hit.index === s.length - 1)) break;
      this.line(s.slice(at, hit.index));
      at = hit.index + hit[0].length;
    }
    this.rest = s.slice(at);
    if (this.rest.length > 16 * 1024 * 1024) throw new Error("an event stream line over 16 MB");
  }

  line(l: string): void {
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
}
`});var Ld,Od=v(()=>{Ld=`/**
 * The page's data: every logged event seen, in one array (bounded), with a
 * summary of each task kept up to date from the events.
 *
 * @module
 */
import type { TaskHistory } from "../../views/history.ts";
import { usageTokens } from "./format.ts";
import { type Field, isFuture, type WireEnvelope } from "./wire.ts";

/** Subtask statuses that count as finished in a task's progress. */
const SUBTASK_DONE = new Set(["done", "completed", "complete", "integrated", "merged", "skipped"]);

/** What the Tasks screen shows of one task, kept up to date from its events. */
export interface TaskInfo {
  number: number;
  /** Grows with each change, so that screens redraw only what changed. */
  version: number;
  id: string;
  title: string;
  status: string;
  running: boolean;
  run: string;
  runStatus: string;
  phase: string;
  phaseFailed: boolean;
  pendingApproval: string | null;
  subtasks: Map<string, string>;
  tokens: number;
  tokenLimit: number | null;
  activeMs: number;
  calls: number;
  errors: number;
  lastAt: string;
  last: WireEnvelope | null;
  liveText: string;
  liveRole: string;
}

function newTaskInfo(number: number): TaskInfo {
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
    subtasks: new Map(),
    tokens: 0,
    tokenLimit: null,
    activeMs: 0,
    calls: 0,
    errors: 0,
    lastAt: "",
    last: null,
    liveText: "",
    liveRole: "",
  };
}

/** Whether a task (its id and number) is the one a reference names: a number, or an id or id prefix. */
export function matchRef(id: unknown, number: unknown, ref: string): boolean {
  if (/^\\d+$/.test(ref)) return number === Number(ref);
  return typeof id === "string" && ref.length >= 4 && id.startsWith(ref.toLowerCase());
}

/** Whether an envelope belongs to the task a reference names. */
export function envOf(env: WireEnvelope, ref: string): boolean {
  return matchRef(env.task, env.number, ref);
}

/** Counts the finished subtasks of a task. */
export function subtaskProgress(info: TaskInfo): { done: number; total: number } {
  let done = 0;
  for (const s of info.subtasks.values()) if (SUBTASK_DONE.has(String(s).toLowerCase())) done++;
  return { done, total: info.subtasks.size };
}

const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : fallback);
const numOr = (v: unknown, fallback: number): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;

/** Updates a task's summary with one of its events. */
function applyToTask(info: TaskInfo, env: WireEnvelope): void {
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
  // A newer format's event changes nothing this page knows of the task.
  if (isFuture(env)) return;
  switch (ev.type) {
    case "run_started":
      if (ev.run !== info.run) {
        info.subtasks = new Map();
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

/** What the store tells its listeners. */
export type StoreChange =
  | { kind: "event"; env: WireEnvelope }
  | { kind: "delta"; env: WireEnvelope }
  | { kind: "reset" }
  | { kind: "trim"; count: number }
  | { kind: "task"; info: TaskInfo };

const keyOf = (env: WireEnvelope, number: number) =>
  \`\${number}:\${env.seq ?? ""}:\${env.at}:\${env.event.type}\`;

/**
 * Every logged event the page has seen, oldest first, in one array (bounded
 * by \`eventsMax\`; the oldest tenth is dropped when it is full), and a summary
 * of each task.
 */
export class Store {
  /** Tagged envelopes, in the order they arrived. */
  events: WireEnvelope[] = [];
  /** Events dropped from the front of \`events\` since the page opened. */
  dropped = 0;
  eventsMax: number;
  keys = new Set<string>();
  /** Task id -> summary. */
  tasks = new Map<string, TaskInfo>();
  /** Task number -> how many tasks have it. */
  numbers = new Map<number, number>();
  /** Reference -> task, for {@link byRef}; cleared when a task appears. */
  refs = new Map<string, TaskInfo>();
  /** Event types seen, for the Activity filter. */
  types = new Set<string>();
  /** The ids of the last task list read ({@link syncRows}). */
  listed = new Set<string>();
  listeners = new Set<(change: StoreChange) => void>();

  constructor(options: { eventsMax?: number } = {}) {
    this.eventsMax = options.eventsMax ?? 200_000;
  }

  on(fn: (change: StoreChange) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(change: StoreChange): void {
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
  task(id: unknown, number: number): TaskInfo {
    const key = typeof id === "string" && id ? id : \`#\${number}\`;
    let info = this.tasks.get(key);
    if (!info) {
      info = newTaskInfo(number);
      info.id = typeof id === "string" ? id : "";
      this.tasks.set(key, info);
      this.numbers.set(number, (this.numbers.get(number) ?? 0) + 1);
      this.refs.clear();
      this.emit({ kind: "task", info });
    }
    return info;
  }

  /** How a task is named in addresses and routes: its number, or its id when the number is shared. */
  refOf(info: TaskInfo | null | undefined): string {
    if (!info) return "";
    return (this.numbers.get(info.number) ?? 0) > 1 && info.id ? info.id : String(info.number);
  }

  /** The task a reference names (a number, or an id or id prefix), if the page knows it. */
  byRef(ref: string): TaskInfo | null {
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
  add(value: unknown, quiet = false): boolean {
    if (!value || typeof value !== "object") return false;
    const env = value as WireEnvelope;
    if (!env.event || typeof env.event !== "object" || typeof env.event.type !== "string") {
      return false;
    }
    const number = Number.isInteger(env.number) ? env.number : 0;
    const info = this.task(env.task, number);
    if (env.event.type === "agent_delta") {
      applyToTask(info, env);
      if (!quiet) this.emit({ kind: "delta", env });
      return true;
    }
    const key = keyOf(env, number);
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.events.push(env);
    this.types.add(env.event.type);
    applyToTask(info, env);
    if (this.events.length > this.eventsMax) this.trim();
    if (!quiet) this.emit({ kind: "event", env });
    return true;
  }

  /** Adds many envelopes, then tells listeners once. */
  addAll(envs: readonly unknown[]): void {
    for (const env of envs) this.add(env, true);
    this.emit({ kind: "reset" });
  }

  trim(): void {
    const n = Math.ceil(this.eventsMax / 10);
    for (const env of this.events.splice(0, n)) {
      this.keys.delete(keyOf(env, Number.isInteger(env.number) ? env.number : 0));
    }
    this.dropped += n;
    this.emit({ kind: "trim", count: n });
  }

  /** Merges a row of \`GET /api/tasks\` (or \`/api/tasks/{ref}\`): it is newer than the events read before it. */
  mergeRow(value: unknown): void {
    if (!value || typeof value !== "object") return;
    const row = value as Record<string, Field>;
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
    this.emit({ kind: "task", info });
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
  syncRows(rows: readonly unknown[], options: { newOnly?: boolean } = {}): void {
    const ids = new Set<string>();
    for (const row of rows) {
      const r = row as { task?: { id?: unknown }; id?: unknown } | null;
      const id = r?.task?.id ?? r?.id;
      if (typeof id === "string") {
        ids.add(id);
        if (options.newOnly && this.tasks.has(id)) continue;
      }
      this.mergeRow(row);
    }
    const gone = new Set<string>();
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
    this.keys = new Set(
      this.events.map((e) => keyOf(e, Number.isInteger(e.number) ? e.number : 0)),
    );
    this.emit({ kind: "reset" });
  }

  /**
   * Fills what the recent events did not tell of a task (an older task whose
   * events are not among them) from its history document: last phase, run
   * status, tokens, active time, last activity. Events, when there are any,
   * are newer and win.
   */
  mergeHistory(value: unknown): void {
    if (!value || typeof value !== "object") return;
    const d = value as Partial<TaskHistory>;
    if (!Number.isInteger(d.number)) return;
    const info = this.task(d.task?.id, d.number!);
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
    this.emit({ kind: "task", info });
  }
}
`});var Dd,Nd=v(()=>{Dd=`/**
 * Tasks: every task with its status, phase, pending approval and live
 * progress, redrawn row by row from the store.
 *
 * @module
 */
import { NewTaskForm, TaskActions } from "./actions.ts";
import { h } from "./dom.ts";
import { describeText, firstLine, fmtTokens, fmtWhen, plural } from "./format.ts";
import { subtaskProgress, type TaskInfo } from "./store.ts";
import {
  type AppContext,
  badge,
  frameThrottle,
  placeholder,
  type Screen,
  screenHeader,
  statusKind,
  table,
} from "./widgets.ts";

/** The word a task's status shows: a run that stopped to wait is paused, not failed. */
export function statusWord(t: TaskInfo): string {
  if (t.running) return "running";
  return t.status || t.runStatus || "\u2013";
}

export class TasksScreen implements Screen {
  readonly render: () => void;
  /** Task key -> its row and the version of the task it shows. */
  readonly rows = new Map<string, { tr: HTMLTableRowElement; version: number }>();
  order = "";
  /** Task key -> its action buttons, kept across redraws (a form being filled in stays). */
  readonly actions = new Map<string, TaskActions>();
  summary!: HTMLParagraphElement;
  tbody!: HTMLTableSectionElement;
  empty!: HTMLParagraphElement;
  readonly app: AppContext;

  constructor(app: AppContext) {
    this.app = app;
    this.render = frameThrottle(() => this.draw(), 250);
  }

  mount(el: HTMLElement): void {
    this.summary = h("p", { class: "muted" });
    const { table: t, tbody } = table("Tasks", [
      "#",
      "Task",
      "Status",
      "Phase",
      "Approval",
      "Progress",
      "Last activity",
      "Actions",
    ], "grid tasks");
    this.tbody = tbody;
    this.empty = placeholder("No tasks yet. A task appears here within seconds of being made.");
    el.append(screenHeader("Tasks", this.summary, new NewTaskForm(this.app).root), t, this.empty);
    this.draw();
  }

  onEvent(): void {
    this.render();
  }
  onDelta(): void {
    this.render();
  }
  onReset(): void {
    this.render();
  }
  onTask(): void {
    this.render();
  }

  draw(): void {
    const tasks = [...this.app.store.tasks.values()].filter((t) => t.number > 0)
      .sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : 1));
    const running = tasks.filter((t) => t.running).length;
    const waiting = tasks.filter((t) => t.pendingApproval).length;
    this.summary.textContent = \`\${tasks.length} task\${
      tasks.length === 1 ? "" : "s"
    } \xB7 \${running} running \xB7 \${waiting} waiting for approval\`;
    // The list is drawn once the task list (titles, states) came with the events.
    this.empty.textContent = this.app.loaded
      ? "No tasks yet. A task appears here within seconds of being made."
      : "Loading the tasks\u2026";
    this.empty.hidden = tasks.length > 0 && this.app.loaded;
    if (!this.app.loaded) return;
    // Only the rows of tasks that changed are drawn again.
    const keyOf = (t: TaskInfo) => t.id || \`#\${t.number}\`;
    for (const t of tasks) {
      const r = this.rows.get(keyOf(t));
      if (r && r.version === t.version) continue;
      const fresh = this.row(t);
      if (r) {
        // The row stays; its cells are replaced, all but the actions, so that a button or a
        // form in use keeps its focus and its text while the task's events arrive.
        r.tr.className = fresh.className;
        const old = [...r.tr.cells];
        const cells = [...fresh.cells];
        for (let i = 0; i < cells.length - 1; i++) old[i].replaceWith(cells[i]);
        r.version = t.version;
      } else {
        fresh.lastElementChild!.append(this.actionsOf(t).root);
        this.rows.set(keyOf(t), { tr: fresh, version: t.version });
      }
    }
    const order = tasks.map(keyOf).join(",");
    if (order !== this.order) {
      this.order = order;
      this.tbody.replaceChildren(...tasks.map((t) => this.rows.get(keyOf(t))!.tr));
    }
  }

  /** The action buttons of a task, made once. */
  actionsOf(t: TaskInfo): TaskActions {
    const key = t.id || \`#\${t.number}\`;
    let actions = this.actions.get(key);
    if (!actions) this.actions.set(key, actions = new TaskActions(this.app, t));
    return actions;
  }

  row(t: TaskInfo): HTMLTableRowElement {
    const n = t.number;
    this.actionsOf(t).update(t);
    const ref = this.app.store.refOf(t);
    const status = statusWord(t);
    const p = subtaskProgress(t);
    const progress = h("div", { class: "progress-cell" });
    if (p.total > 0) {
      progress.append(
        h("progress", { max: p.total, value: p.done, "aria-label": \`subtasks of #\${n}\` }),
        h("span", {}, \` \${p.done}/\${p.total} subtasks\`),
      );
    }
    const tokenText = t.tokenLimit
      ? \`\${fmtTokens(t.tokens)} of \${fmtTokens(t.tokenLimit)} tokens\`
      : t.tokens
      ? \`\${fmtTokens(t.tokens)} tokens\`
      : "";
    const bits = [
      tokenText,
      t.calls ? plural(t.calls, "call") : "",
      t.errors ? plural(t.errors, "error") : "",
    ]
      .filter(Boolean).join(" \xB7 ");
    if (bits) progress.append(h("div", { class: "muted small" }, bits));
    if (t.running && t.liveText) {
      progress.append(
        h(
          "div",
          { class: "live-text", title: \`\${t.liveRole} is writing\` },
          \`\${t.liveRole}: \u2026\${t.liveText.slice(-90)}\`,
        ),
      );
    }
    const last = t.last
      ? h(
        "div",
        {},
        h("time", { datetime: t.lastAt, class: "muted" }, fmtWhen(t.lastAt)),
        " ",
        firstLine(describeText(t.last), 80),
      )
      : t.lastAt
      ? h("time", { datetime: t.lastAt, class: "muted" }, fmtWhen(t.lastAt))
      : "\u2013";
    const phase = t.phase
      ? h("span", { class: t.phaseFailed ? "sev-error" : "" }, t.phase, t.phaseFailed ? " \u2717" : "")
      : "\u2013";
    return h(
      "tr",
      { class: t.running ? "is-running" : "", "data-task": n },
      h("td", { class: "num" }, \`#\${n}\`),
      h(
        "td",
        {},
        h("a", { href: \`#/task/\${ref}\` }, t.title || \`Task \${n}\`),
        h(
          "div",
          { class: "row-links small" },
          h("a", { href: \`#/task/\${ref}/trace\`, "aria-label": \`Trace of #\${n}\` }, "trace"),
          " \xB7 ",
          h("a", { href: \`#/history/\${ref}\`, "aria-label": \`History of #\${n}\` }, "history"),
          " \xB7 ",
          h("a", { href: \`#/activity?task=\${ref}\`, "aria-label": \`Activity of #\${n}\` }, "activity"),
        ),
      ),
      h("td", {}, badge(status, statusKind(status))),
      h("td", {}, phase),
      h("td", {}, t.pendingApproval ? badge(\`waiting: \${t.pendingApproval}\`, "warn") : "\u2013"),
      h("td", {}, progress),
      h("td", { class: "last" }, last),
      h("td", { class: "actions-cell" }),
    );
  }
}
`});var jd,Rd=v(()=>{jd=`/**
 * A task's Timeline: phases, agent text arriving live, tool calls with their
 * results (paired as \`taskline trace\` pairs them, views/trace_pair.ts).
 *
 * @module
 */
import { CallPairing, type TraceCall } from "../../views/trace_pair.ts";
import type { AnyEvent } from "../../contract/events.ts";
import { TaskActions } from "./actions.ts";
import { type Child, h } from "./dom.ts";
import { describeEnv, fmtCount, fmtDuration, fmtTime, inputSummary, shortId } from "./format.ts";
import { envOf } from "./store.ts";
import {
  type AppContext,
  badge,
  type LazyDetails,
  lazyDetails,
  placeholder,
  type Screen,
  taskLabel,
} from "./widgets.ts";
import { isFuture, type WireEnvelope } from "./wire.ts";

/** A call that took at least this long is marked slow. */
export const SLOW_CALL_MS = 5000;

/** At most this many items are kept in a Timeline's DOM (the oldest go first). */
const TIMELINE_ITEMS_MAX = 3000;

interface LiveBlock {
  li: HTMLLIElement;
  text: HTMLDivElement;
  length: number;
}

interface CallItem {
  li: HTMLLIElement;
  result: HTMLElement;
  details: LazyDetails;
}

export class TimelineScreen implements Screen {
  readonly seen = new Set<string>();
  buffer: WireEnvelope[] = [];
  loading = true;
  items: HTMLLIElement[] = [];
  readonly live = new Map<string, LiveBlock>();
  pairs = new CallPairing(null);
  callItems = new Map<TraceCall, CallItem>();
  run = "";
  phaseList: HTMLOListElement | null = null;
  phase: { name: string; at: string; state: HTMLElement } | null = null;
  cut: HTMLLIElement | null = null;
  title!: HTMLHeadingElement;
  status!: HTMLParagraphElement;
  actions: TaskActions | null = null;
  actionsSlot!: HTMLDivElement;
  body!: HTMLOListElement;
  note!: HTMLParagraphElement;
  readonly app: AppContext;
  readonly ref: string;

  constructor(app: AppContext, ref: string) {
    this.app = app;
    this.ref = ref;
  }

  mount(el: HTMLElement): void {
    const n = this.ref;
    const label = taskLabel(this.app, n);
    this.title = h("h1", { tabindex: "-1" }, \`#\${n}\`);
    this.status = h("p", { class: "muted" });
    this.actionsSlot = h("div", { class: "head-actions" });
    el.append(
      h(
        "header",
        { class: "screen-head" },
        this.title,
        this.status,
        this.actionsSlot,
        h(
          "nav",
          { class: "subnav", "aria-label": \`Task \${label}\` },
          h("a", { href: \`#/task/\${n}\`, "aria-current": "page" }, "Timeline"),
          h("a", { href: \`#/task/\${n}/trace\` }, "Trace"),
          h("a", { href: \`#/history/\${n}\` }, "History"),
          h("a", { href: \`#/activity?task=\${n}\` }, "Activity"),
        ),
      ),
    );
    this.body = h("ol", { class: "timeline", "aria-label": \`Timeline of task \${label}\` });
    this.note = placeholder("Loading the task's events\u2026");
    el.append(this.note, this.body);
    this.drawHead();
    this.load();
  }

  drawHead(): void {
    const t = this.app.store.byRef(this.ref);
    this.title.textContent = \`\${taskLabel(this.app, this.ref)} \${t?.title ?? ""}\`.trim();
    if (t) {
      const parts = [t.running ? "running" : (t.status || t.runStatus || "")];
      if (t.phase) parts.push(\`phase \${t.phase}\`);
      if (t.pendingApproval) parts.push(\`waiting for approval of the \${t.pendingApproval}\`);
      if (t.run) parts.push(\`run \${shortId(t.run)}\`);
      this.status.textContent = parts.filter(Boolean).join(" \xB7 ");
      if (!this.actions) {
        this.actions = new TaskActions(this.app, t);
        this.actionsSlot.append(this.actions.root);
      } else this.actions.update(t);
    }
    document.title = \`\${taskLabel(this.app, this.ref)} \${t?.title ?? ""} \xB7 Timeline \xB7 taskline\`;
  }

  async load(): Promise<void> {
    let envs: unknown;
    try {
      envs = await this.app.api.json(\`/api/tasks/\${encodeURIComponent(this.ref)}/events\`);
    } catch (e) {
      this.app.apiFailed(e);
      const msg = e instanceof Error ? e.message : String(e);
      this.note.replaceWith(
        this.note = placeholder(
          \`Cannot load the events of task \${taskLabel(this.app, this.ref)}: \${msg}\`,
          "error",
        ),
      );
      return;
    }
    this.loading = false;
    const list = (Array.isArray(envs) ? envs : []).filter((e): e is WireEnvelope =>
      typeof e?.event?.type === "string"
    );
    // A long run: only the newest events get items; older ones only shape the phases.
    const skip = Math.max(0, list.length - TIMELINE_ITEMS_MAX);
    for (let i = 0; i < list.length; i++) {
      const type = list[i].event.type;
      if (
        i >= skip || type === "phase_started" || type === "phase_finished" || type === "run_started"
      ) {
        this.add(list[i]);
      }
    }
    if (skip > 0) {
      this.body.prepend(
        h(
          "li",
          { class: "item muted" },
          \`\${fmtCount(skip)} earlier events of this run are not shown here; see Activity or Trace.\`,
        ),
      );
    }
    for (const env of this.buffer.splice(0)) this.add(env);
    this.note.hidden = this.items.length > 0;
    this.note.textContent = "No events yet: this task has not run.";
  }

  onEvent(env: WireEnvelope): void {
    if (!envOf(env, this.ref)) return;
    if (this.loading) this.buffer.push(env);
    else {
      this.add(env);
      this.note.hidden = this.items.length > 0;
    }
    this.drawHead();
  }

  onTask(): void {
    this.drawHead();
  }

  onDelta(env: WireEnvelope): void {
    if (!envOf(env, this.ref) || this.loading) return;
    const ev = env.event;
    const key = \`\${ev.role}|\${ev.subtask ?? ""}\`;
    let block = this.live.get(key);
    if (!block) {
      const text = h("div", { class: "text streaming", "aria-live": "off" });
      const li = this.item(
        "live",
        h("span", { class: "role" }, String(ev.role ?? "")),
        h("span", { class: "muted" }, " is writing\u2026"),
        text,
      );
      block = { li, text, length: 0 };
      this.live.set(key, block);
    }
    const d = ev.delta ?? {};
    const piece = typeof d.text === "string" ? d.text : "";
    block.text.append(h("span", { class: d.kind === "thinking" ? "thinking" : "" }, piece));
    block.length += piece.length;
    // Bound the block: keep the newest text.
    while (block.length > 20_000 && block.text.firstChild) {
      block.length -= block.text.firstChild.textContent?.length ?? 0;
      block.text.firstChild.remove();
    }
    this.app.scrollIfAtEnd();
  }

  /** Appends an item to the current phase (or to the top when no phase started yet). */
  item(kind: string, ...children: Child[]): HTMLLIElement {
    const li = h("li", { class: \`item \${kind}\` }, ...children);
    (this.phaseList ?? this.body).append(li);
    this.items.push(li);
    if (this.items.length > TIMELINE_ITEMS_MAX) {
      for (const old of this.items.splice(0, 500)) old.remove();
      if (!this.cut) {
        this.cut = h(
          "li",
          { class: "item muted" },
          "Earlier events of this run are not shown here; see Activity or Trace.",
        );
        this.body.prepend(this.cut);
      }
    }
    return li;
  }

  add(env: WireEnvelope): void {
    const ev = env.event;
    const key = \`\${ev.run ?? ""}:\${env.seq ?? env.at}:\${ev.type}\`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const [symbol, sev, text] = describeEnv(env);
    if (isFuture(env)) {
      this.item(
        "event sev-none",
        h("time", { datetime: env.at, class: "t" }, fmtTime(env.at)),
        " ",
        h("span", { class: "sym", "aria-hidden": "true" }, "?"),
        " ",
        text,
      );
      return;
    }
    if (ev.type === "run_started" && this.run && ev.run !== this.run) {
      // A new run: the timeline shows the current run.
      this.body.replaceChildren();
      this.items = [];
      this.phaseList = null;
      this.live.clear();
      this.pairs = new CallPairing(null);
      this.callItems = new Map();
    }
    if (ev.type === "run_started") this.run = String(ev.run ?? "");
    const time = h("time", { datetime: env.at, class: "t" }, fmtTime(env.at));
    switch (ev.type) {
      case "phase_started": {
        this.phaseList = null;
        const state = h("span", { class: "phase-state" }, badge("running", "live"));
        const list = h("ol", { class: "items" });
        const phase = String(ev.phase ?? "");
        const sec = h(
          "li",
          { class: "phase", "data-phase": phase },
          h("h2", {}, time, " ", h("span", { class: "phase-name" }, phase), " ", state),
          list,
        );
        this.body.append(sec);
        this.phase = { name: phase, at: env.at, state };
        this.phaseList = list;
        return;
      }
      case "phase_finished": {
        const p = this.phase && this.phase.name === ev.phase ? this.phase : null;
        const took = p ? Date.parse(env.at) - Date.parse(p.at) : NaN;
        const content = [
          badge(ev.success ? "ok" : "failed", ev.success ? "ok" : "error"),
          Number.isFinite(took) ? h("span", { class: "muted" }, \` \${fmtDuration(took)}\`) : "",
          ev.summary ? h("span", { class: "summary" }, \` \${ev.summary}\`) : "",
        ];
        if (p) p.state.replaceChildren(...content);
        else this.item(\`event sev-\${sev || "none"}\`, time, " ", ...content);
        for (const [k, b] of this.live) {
          b.li.classList.add("done");
          this.live.delete(k);
        }
        // What follows until the next phase (budget, approval, the run's end) stays in its card.
        return;
      }
      case "agent_text": {
        const key = \`\${ev.role}|\${ev.subtask ?? ""}\`;
        const block = this.live.get(key) ??
          [...this.live.entries()].find(([k]) => k.startsWith(\`\${ev.role}|\`))?.[1];
        const body = h("div", { class: "text" }, String(ev.text ?? ""));
        const role = h("span", { class: "role" }, String(ev.role ?? ""));
        if (block) {
          for (const [k, b] of this.live) if (b === block) this.live.delete(k);
          block.li.className = "item text-item";
          block.li.replaceChildren(time, " ", role, body);
        } else this.item("text-item", time, " ", role, body);
        return;
      }
      case "tool_called": {
        const result = h("span", { class: "result pending" }, "running\u2026");
        const details = lazyDetails("input and output", () => [
          h("pre", { class: "code" }, JSON.stringify(ev.input, null, 2) ?? ""),
        ]);
        const li = this.item(
          "call",
          time,
          " ",
          h("span", { class: "role" }, String(ev.role ?? "")),
          " \u2192 ",
          h("code", { class: "tool" }, String(ev.tool ?? "")),
          " ",
          h("span", { class: "input" }, inputSummary(ev.input)),
          " ",
          result,
          details,
        );
        li.dataset.call = String(ev.call ?? "");
        const entry = this.pairs.add(env as { at: string; event: AnyEvent });
        if (entry) this.callItems.set(entry, { li, result, details });
        return;
      }
      case "tool_returned": {
        const entry = this.pairs.add(env as { at: string; event: AnyEvent });
        const pair = entry && entry.paired !== "unmatched" ? this.callItems.get(entry) : undefined;
        const failed = ev.is_error === true || ev.timed_out === true;
        const state = ev.timed_out ? "timed out" : ev.is_error ? "error" : "ok";
        const slow = typeof ev.duration_ms === "number" && ev.duration_ms >= SLOW_CALL_MS;
        const result = h(
          "span",
          { class: "result" },
          badge(state, failed ? "error" : "ok"),
          typeof ev.exit_code === "number" ? \` exit \${ev.exit_code}\` : "",
          h("span", { class: "muted" }, \` \${fmtDuration(ev.duration_ms)}\`),
          slow ? " " : "",
          slow ? badge("slow", "warn") : "",
        );
        const output = () => [
          h("pre", { class: \`preview \${failed ? "sev-error" : ""}\` }, String(ev.preview ?? "")),
          h(
            "a",
            { href: \`#/task/\${this.ref}/trace?call=\${encodeURIComponent(String(ev.call ?? ""))}\` },
            \`complete output (\${fmtCount(ev.output_chars)} characters) in the Trace\`,
          ),
        ];
        if (pair) {
          pair.result.replaceWith(result);
          pair.details.more(output);
          if (failed) {
            pair.li.classList.add("sev-error");
            pair.details.open = true;
          }
        } else {
          this.item(
            \`call\${entry?.paired === "unmatched" ? " unmatched" : ""}\`,
            time,
            " ",
            h("code", { class: "tool" }, String(ev.tool ?? "")),
            " ",
            result,
            entry?.paired === "unmatched" ? badge("no call", "warn") : "",
            lazyDetails("output", output, failed),
          );
        }
        return;
      }
      default:
        this.item(
          \`event sev-\${sev || "none"}\`,
          time,
          " ",
          h("span", { class: "sym", "aria-hidden": "true" }, symbol),
          " ",
          text,
        );
    }
  }
}
`});var Pd,Id=v(()=>{Pd=`/**
 * Trace: every call of a run paired with its result, complete output on
 * demand. The document comes from \`GET /api/tasks/{ref}/trace\` (built by
 * views/trace.ts); live events carry on pairing with the same
 * {@link CallPairing} as \`taskline trace\`, so the page and the terminal show
 * the same calls, pairings and results, unmatched ones included.
 *
 * @module
 */
import type { AnyEvent } from "../../contract/events.ts";
import { CallPairing, type TraceCall } from "../../views/trace_pair.ts";
import { messageOf, statusOf } from "./api.ts";
import { waterfall } from "./charts.ts";
import { h } from "./dom.ts";
import {
  firstLine,
  fmtCount,
  fmtDuration,
  fmtTime,
  inputSummary,
  plural,
  shortId,
} from "./format.ts";
import { envOf } from "./store.ts";
import { SLOW_CALL_MS } from "./timeline.ts";
import {
  type AppContext,
  badge,
  frameThrottle,
  placeholder,
  type Screen,
  table,
  taskLabel,
} from "./widgets.ts";
import { isFuture, type WireEnvelope } from "./wire.ts";

/** At most this many calls are rows of the Trace table at once. */
const TRACE_ROWS_MAX = 2000;

/** The trace document's calls, checked enough to be drawn. */
function callsOf(doc: unknown): TraceCall[] {
  const calls = (doc as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls)) return [];
  return calls.filter((c): c is TraceCall =>
    typeof c === "object" && c !== null && typeof c.call === "string" && typeof c.run === "string"
  );
}

export class TraceScreen implements Screen {
  calls: TraceCall[] = [];
  run = "";
  pairing: CallPairing | null = null;
  readonly open: Set<string>;
  readonly outputs = new Map<string, string>();
  readonly keys = new WeakMap<TraceCall, string>();
  keyCount = 0;
  pending: WireEnvelope[] = [];
  loaded = false;
  errorsOnly = false;
  slowOnly = false;
  sort = "order";
  readonly render: () => void;
  title!: HTMLHeadingElement;
  summary!: HTMLParagraphElement;
  tbody!: HTMLTableSectionElement;
  note!: HTMLParagraphElement;
  chart!: HTMLDivElement;
  readonly app: AppContext;
  readonly ref: string;

  constructor(app: AppContext, ref: string, query: URLSearchParams) {
    this.app = app;
    this.ref = ref;
    const call = query.get("call");
    this.open = new Set(call ? [call] : []);
    this.render = frameThrottle(() => this.draw(), 250);
  }

  mount(el: HTMLElement): void {
    const n = this.ref;
    const label = taskLabel(this.app, n);
    this.title = h("h1", { tabindex: "-1" }, \`#\${n} Trace\`);
    this.summary = h("p", { class: "muted" });
    const check = (id: string, text: string, on: (v: boolean) => void) =>
      h(
        "label",
        { class: "check" },
        h("input", {
          type: "checkbox",
          id,
          onchange: (e: Event) => on((e.target as HTMLInputElement).checked),
        }),
        \` \${text}\`,
      );
    const sortSelect = h(
      "select",
      {
        id: "trace-sort",
        onchange: (e: Event) => {
          this.sort = (e.target as HTMLSelectElement).value;
          this.draw();
        },
      },
      h("option", { value: "order" }, "in call order"),
      h("option", { value: "slowest" }, "slowest first"),
    );
    el.append(
      h(
        "header",
        { class: "screen-head" },
        this.title,
        this.summary,
        h(
          "nav",
          { class: "subnav", "aria-label": \`Task \${label}\` },
          h("a", { href: \`#/task/\${n}\` }, "Timeline"),
          h("a", { href: \`#/task/\${n}/trace\`, "aria-current": "page" }, "Trace"),
          h("a", { href: \`#/history/\${n}\` }, "History"),
          h("a", { href: \`#/activity?task=\${n}\` }, "Activity"),
        ),
      ),
      h(
        "div",
        { class: "toolbar", role: "group", "aria-label": "Trace filters" },
        check("errors-only", "Errors only", (v) => {
          this.errorsOnly = v;
          this.draw();
        }),
        check("slow-only", \`Slow only (\u2265 \${SLOW_CALL_MS / 1000} s)\`, (v) => {
          this.slowOnly = v;
          this.draw();
        }),
        h("label", { for: "trace-sort" }, "Sort "),
        sortSelect,
      ),
    );
    const { table: t, tbody } = table("Tool calls", [
      "Time",
      "Role",
      "Tool",
      "Input",
      "Duration",
      "Result",
      "Output",
    ], "grid trace");
    this.tbody = tbody;
    this.note = placeholder("Loading the trace\u2026");
    this.chart = h("div", { class: "chart-slot" });
    el.append(this.note, this.chart, t);
    this.load();
  }

  async load(): Promise<void> {
    let doc: unknown;
    try {
      doc = await this.app.api.json(\`/api/tasks/\${encodeURIComponent(this.ref)}/trace\`);
    } catch (e) {
      this.app.apiFailed(e);
      this.note.textContent = \`Cannot load the trace of task \${taskLabel(this.app, this.ref)}: \${
        messageOf(e)
      }\`;
      this.note.classList.add("error");
      return;
    }
    const run = (doc as { run?: unknown } | null)?.run;
    this.run = typeof run === "string" ? run : "";
    this.pairing = CallPairing.resume(this.run || null, callsOf(doc));
    this.calls = this.pairing.calls;
    this.loaded = true;
    const pending = this.pending.splice(0);
    for (const env of pending) if (env.event.type !== "run_started") this.onEvent(env);
    this.draw();
  }

  onEvent(env: WireEnvelope): void {
    if (!envOf(env, this.ref)) return;
    if (!this.loaded) {
      // Kept until the trace is loaded, then applied (a call already in it is not added twice).
      if (this.pending.length < 100_000) this.pending.push(env);
      return;
    }
    // A newer format's event is nothing this page can pair.
    if (isFuture(env)) return;
    const ev = env.event;
    if (ev.type === "run_started" && ev.run !== this.run) {
      this.loaded = false;
      this.pending = [];
      this.load();
      return;
    }
    if (ev.type !== "tool_called" && ev.type !== "tool_returned") return;
    // The document already has what the log held when it was read.
    if (typeof env.seq === "number" && this.calls.some((c) => this.covers(c, env))) return;
    if (this.pairing?.add(env as { at: string; event: AnyEvent })) this.render();
  }

  /** Whether a call of the loaded document already holds this event. */
  covers(c: TraceCall, env: WireEnvelope): boolean {
    if (c.call !== env.event.call || c.run !== env.event.run) return false;
    return env.event.type === "tool_called" ? c.called_at === env.at : c.returned_at === env.at;
  }

  /** A call's key in this screen: its id, or a key of its own when the id is not unique. */
  keyOf(c: TraceCall): string {
    let key = this.keys.get(c);
    if (!key) {
      const taken = c.call === "000000000000" ||
        this.calls.some((x) => x !== c && x.call === c.call && this.keys.get(x) === c.call);
      key = taken ? \`n\${++this.keyCount}\` : c.call;
      this.keys.set(c, key);
    }
    return key;
  }

  onTask(): void {
    const t = this.app.store.byRef(this.ref);
    if (t?.title) this.title.textContent = \`\${taskLabel(this.app, this.ref)} \${t.title} \xB7 Trace\`;
  }

  draw(): void {
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
      \`\${fmtDuration(total)} in tools\`,
    ].join(" \xB7 ");
    document.title = \`\${taskLabel(this.app, this.ref)} Trace \xB7 taskline\`;
    let shown = calls.filter((c) =>
      (!this.errorsOnly || c.is_error || c.timed_out) &&
      (!this.slowOnly || (c.duration_ms ?? 0) >= SLOW_CALL_MS)
    );
    if (this.sort === "slowest") {
      shown = [...shown].sort((a, b) => (b.duration_ms ?? 0) - (a.duration_ms ?? 0));
    }
    this.note.hidden = calls.length > 0 && shown.length <= TRACE_ROWS_MAX;
    if (calls.length === 0) this.note.textContent = "No tool calls in this run.";
    else if (shown.length > TRACE_ROWS_MAX) {
      this.note.textContent = \`Showing \${this.sort === "slowest" ? "the slowest" : "the last"} \${
        fmtCount(TRACE_ROWS_MAX)
      } of \${fmtCount(shown.length)} calls; the filters and the sort narrow them down.\`;
      shown = this.sort === "slowest"
        ? shown.slice(0, TRACE_ROWS_MAX)
        : shown.slice(-TRACE_ROWS_MAX);
    }
    const figure = calls.length > 0
      ? waterfall(
        this.sort === "order" ? shown : calls.filter((c) => shown.includes(c)),
        (c) => this.keyOf(c),
        (c) => this.openCall(c),
      )
      : null;
    this.chart.replaceChildren(...(figure ? [figure] : []));
    const rows: HTMLTableRowElement[] = [];
    for (const c of shown) {
      rows.push(this.row(c));
      if (this.open.has(this.keyOf(c))) rows.push(this.detail(c));
    }
    this.tbody.replaceChildren(...rows);
  }

  /** Opens a call's row (from the waterfall): its input and complete output below it. */
  openCall(c: TraceCall): void {
    const key = this.keyOf(c);
    this.open.add(key);
    this.draw();
    const out = document.getElementById(\`out-\${key}\`);
    out?.scrollIntoView({ block: "nearest" });
    out?.focus();
  }

  row(c: TraceCall): HTMLTableRowElement {
    const err = c.is_error === true || c.timed_out;
    const isSlow = (c.duration_ms ?? 0) >= SLOW_CALL_MS;
    const state = c.returned_at === null
      ? badge("no result", "warn")
      : badge(c.result, err || c.result !== "ok" ? "error" : "ok");
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
      },
    }, open ? "Hide" : "Output");
    return h(
      "tr",
      {
        class: \`\${err ? "is-error" : ""} \${isSlow ? "is-slow" : ""} paired-\${c.paired}\`,
        "data-call": c.call,
        "data-run": c.run,
        "data-tool": c.tool,
        "data-paired": c.paired,
        "data-result": c.result,
      },
      h(
        "td",
        {},
        c.called_at === null
          ? badge("no call", "warn")
          : h("time", { datetime: c.called_at }, fmtTime(c.called_at)),
      ),
      h("td", {}, c.role),
      h("td", {}, h("code", {}, c.tool)),
      h("td", { class: "input" }, inputSummary(c.input)),
      h(
        "td",
        { class: "num" },
        fmtDuration(c.duration_ms),
        isSlow ? " " : "",
        isSlow ? badge("slow", "warn") : "",
      ),
      h(
        "td",
        { class: "result-cell" },
        state,
        c.paired === "order" ? h("span", { class: "muted small" }, " (by order)") : "",
        h("div", { class: "preview small" }, firstLine(c.preview, 100)),
      ),
      h("td", { class: "num" }, \`\${fmtCount(c.output_chars)} chars \`, button),
    );
  }

  detail(c: TraceCall): HTMLTableRowElement {
    const key = this.keyOf(c);
    const out = h("pre", { class: "output", tabindex: "0", id: \`out-\${key}\` });
    const cached = this.outputs.get(key);
    if (cached !== undefined) out.textContent = cached;
    else {
      out.textContent = "Loading the complete output\u2026";
      this.app.api.text(
        \`/api/tasks/\${encodeURIComponent(this.ref)}/trace/\${encodeURIComponent(c.call)}/output\`,
      ).then(
        (text) => {
          this.outputs.set(key, text);
          out.textContent = text;
        },
      ).catch((e) => {
        this.app.apiFailed(e);
        const msg = statusOf(e) === 404
          ? "The complete output of this call was not kept (tracing was off, or the file is gone)."
          : \`Cannot load the output: \${messageOf(e)}\`;
        this.outputs.set(key, msg);
        out.textContent = msg;
        out.classList.add("sev-error");
      });
    }
    return h(
      "tr",
      { class: "detail" },
      h(
        "td",
        { colspan: "7" },
        h(
          "div",
          { class: "detail-grid" },
          h(
            "div",
            {},
            h("h3", {}, "Input"),
            h("pre", { class: "code" }, JSON.stringify(c.input, null, 2) ?? ""),
          ),
          h(
            "div",
            {},
            h("h3", {}, \`Complete output (\${fmtCount(c.output_chars)} characters)\`),
            out,
          ),
        ),
      ),
    );
  }
}
`});var Fd,qd=v(()=>{Fd=`/**
 * A virtualised list: rows of one fixed height, of which only those in view
 * (and a few around them) exist in the DOM, recycled as the list scrolls. A
 * feed of 100,000 events keeps about fifty row elements.
 *
 * Keyboard: arrows, Page Up/Down, Home/End move the selection; Enter opens it.
 * The list is a \`listbox\` whose active option is announced through
 * \`aria-activedescendant\`.
 *
 * @module
 */
import { h } from "./dom.ts";

let vlistIds = 0;

/** Options of a {@link VirtualList}. */
export interface VirtualListOptions {
  /** Accessible name. */
  label: string;
  /** Height of a row in pixels (the CSS must agree). */
  rowHeight: number;
  /** Fills a recycled row element with row \`index\`. */
  renderRow(el: HTMLElement, index: number): void;
  /** Enter or a click on a row. */
  onActivate?(index: number): void;
  /** The selection moved. */
  onSelect?(index: number): void;
}

/** The virtualised list of the Activity screen. */
export class VirtualList {
  readonly rowHeight: number;
  readonly overscanRows = 8;
  count = 0;
  selected = -1;
  /** Whether the list sticks to its end as rows are added (like \`tail -f\`). */
  follow = true;
  pending = false;
  readonly idPrefix: string;
  readonly root: HTMLDivElement;
  readonly spacer: HTMLDivElement;
  readonly rows: HTMLDivElement;
  readonly pool: HTMLDivElement[] = [];
  lastTop = 0;
  readonly options: VirtualListOptions;

  constructor(options: VirtualListOptions) {
    this.options = options;
    this.rowHeight = options.rowHeight;
    this.idPrefix = \`vrow\${++vlistIds}\`;
    this.root = h("div", {
      class: "vlist",
      tabindex: "0",
      role: "listbox",
      "aria-label": options.label,
    });
    this.spacer = h("div", { class: "vspacer", "aria-hidden": "true" });
    this.rows = h("div", { class: "vrows" });
    this.root.append(this.spacer, this.rows);
    this.root.addEventListener("scroll", () => {
      const top = this.root.scrollTop;
      // Scrolling up leaves follow mode; reaching the end enters it again.
      if (top < this.lastTop - 2) this.follow = false;
      if (this.atEnd()) this.follow = true;
      this.lastTop = top;
      this.schedule();
    }, { passive: true });
    this.root.addEventListener("keydown", (e) => this.onKey(e));
    this.root.addEventListener("click", (e) => {
      const row = (e.target as Element | null)?.closest<HTMLElement>(".vrow");
      if (!row) return;
      const i = Number(row.dataset.index);
      this.select(i);
      this.options.onActivate?.(i);
    });
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => this.schedule()).observe(this.root);
    }
  }

  atEnd(): boolean {
    const r = this.root;
    return r.scrollTop + r.clientHeight >= r.scrollHeight - this.rowHeight;
  }

  /** Sets the number of rows; stays at the end when it was following. */
  setCount(n: number): void {
    this.count = n;
    if (this.selected >= n) this.selected = n - 1;
    this.spacer.style.height = \`\${n * this.rowHeight}px\`;
    if (this.follow) this.scrollToEnd();
    this.schedule();
  }

  scrollToEnd(): void {
    this.root.scrollTop = this.root.scrollHeight;
    this.lastTop = this.root.scrollTop;
  }

  /** Redraws the rows in view (all of them: their content may have changed). */
  refresh(): void {
    this.schedule();
  }

  schedule(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.render();
    });
  }

  render(): void {
    const rh = this.rowHeight;
    const top = this.root.scrollTop;
    const height = this.root.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / rh) - this.overscanRows);
    const last = Math.min(this.count, Math.ceil((top + height) / rh) + this.overscanRows);
    const n = Math.max(0, last - first);
    while (this.pool.length < n) {
      const el = h("div", { class: "vrow", role: "option" });
      this.rows.append(el);
      this.pool.push(el);
    }
    while (this.pool.length > n) this.pool.pop()!.remove();
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

  select(i: number): void {
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

  onKey(e: KeyboardEvent): void {
    const page = Math.max(1, Math.floor(this.root.clientHeight / this.rowHeight) - 1);
    const cur = this.selected < 0
      ? Math.floor(this.root.scrollTop / this.rowHeight)
      : this.selected;
    let next: number;
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
}
`});var Hd,Ud=v(()=>{Hd=`/**
 * What every screen is made of: the page a screen sees ({@link AppContext}),
 * the {@link Screen} interface, and small pieces (badges, headings, tables,
 * lazily filled details, a frame throttle).
 *
 * @module
 */
import type { Api } from "./api.ts";
import { type Child, h } from "./dom.ts";
import type { Store, TaskInfo } from "./store.ts";
import type { WireEnvelope } from "./wire.ts";

/** What a screen sees of the page. */
export interface AppContext {
  readonly store: Store;
  readonly api: Api;
  /** The first events and the task list are in the store. */
  readonly loaded: boolean;
  /** A request failed: a refused token stops the page. */
  apiFailed(e: unknown): void;
  /** Keeps the window at its end when it was there (live text arriving). */
  scrollIfAtEnd(): void;
}

/** A screen of the page: mounted into \`main\`, told of the store's changes. */
export interface Screen {
  mount(el: HTMLElement): void;
  unmount?(): void;
  onEvent?(env: WireEnvelope): void;
  onDelta?(env: WireEnvelope): void;
  onReset?(): void;
  onTrim?(count: number): void;
  onTask?(info: TaskInfo): void;
}

/**
 * Schedules \`fn\` once per animation frame, however often it is asked, and at
 * most once every \`minIntervalMs\` (screens that redraw a whole table).
 */
export function frameThrottle(fn: () => void, minIntervalMs = 0): () => void {
  let pending = false;
  let last = 0;
  return () => {
    if (pending) return;
    pending = true;
    const wait = Math.max(0, last + minIntervalMs - performance.now());
    setTimeout(() =>
      requestAnimationFrame(() => {
        pending = false;
        last = performance.now();
        fn();
      }), wait);
  };
}

/** A \`details\` element whose content is made only when it is first opened. */
export interface LazyDetails extends HTMLDetailsElement {
  /** Adds content, made when the element is (or is already) open. */
  more(make: () => Child[]): void;
}

/**
 * A \`details\` element whose content is made only when it is first opened
 * (a long Timeline has thousands of them).
 */
export function lazyDetails(summary: Child, make: () => Child[], open = false): LazyDetails {
  const parts = [make];
  let filled = 0;
  const el = h("details", {}, h("summary", {}, summary)) as LazyDetails;
  const fill = () => {
    while (filled < parts.length) {
      for (const c of parts[filled++]()) {
        if (c !== null && c !== undefined && c !== false) {
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

/** \`#N\` of the task a reference names (its number when the page knows the task). */
export function taskLabel(app: AppContext, ref: string): string {
  const info = app.store.byRef(ref);
  return \`#\${info?.number ?? ref}\`;
}

/** A status word as a badge. */
export function badge(text: string, kind?: string): HTMLSpanElement {
  return h("span", { class: \`badge \${kind ?? ""}\` }, text);
}

/** The badge kind of a task or run status. */
export function statusKind(status: unknown): string {
  const s = String(status ?? "").toLowerCase();
  if (["done", "merged", "ready", "finished", "completed", "approved", "ok"].includes(s)) {
    return "ok";
  }
  if (["failed", "error", "rejected", "cancelled", "canceled", "zombie"].includes(s)) {
    return "error";
  }
  if (["paused", "waiting", "review", "blocked"].includes(s)) return "warn";
  if (s === "running") return "live";
  return "";
}

/** A heading and a short line under it. */
export function screenHeader(title: string, ...rest: Child[]): HTMLElement {
  return h("header", { class: "screen-head" }, h("h1", { tabindex: "-1" }, title), ...rest);
}

/** A message in place of a screen's content. */
export function placeholder(text: string, kind?: string): HTMLParagraphElement {
  return h(
    "p",
    { class: \`placeholder \${kind ?? ""}\`, role: kind === "error" ? "alert" : null },
    text,
  );
}

/** A table with a caption and header cells. */
export function table(
  caption: string,
  headers: string[],
  className?: string,
): { table: HTMLDivElement; tbody: HTMLTableSectionElement } {
  const tbody = h("tbody");
  const t = h(
    "table",
    { class: className ?? "grid" },
    h("caption", { class: "sr-only" }, caption),
    h("thead", {}, h("tr", {}, ...headers.map((c) => h("th", { scope: "col" }, c)))),
    tbody,
  );
  // Wide tables scroll sideways on narrow screens instead of widening the page.
  return { table: h("div", { class: "table-wrap" }, t), tbody };
}
`});var Wd,Bd=v(()=>{Wd=`/**
 * What the page reads from the server: JSON it did not make, so every field
 * is read defensively. The shapes are the server's (contract/envelope.ts,
 * views/history.ts, views/trace_pair.ts), but the page never trusts them.
 *
 * @module
 */
import type { TaggedEnvelope } from "../../contract/envelope.ts";
import type { UnknownEvent } from "../../contract/events.ts";

/** A field of an event as it arrived: anything JSON can hold. */
// deno-lint-ignore no-explicit-any
export type Field = any;

/** An event as it arrived: a type, and fields of any shape. */
export interface WireEvent extends UnknownEvent {
  type: string;
  [field: string]: Field;
}

/** A tagged envelope as it arrived from \`/api/events\` or a stream. */
export interface WireEnvelope extends TaggedEnvelope<WireEvent> {
  event: WireEvent;
}

/** An envelope of a schema above the one this page reads (2). */
export function isFuture(env: { schema?: unknown }): boolean {
  return typeof env.schema === "number" && env.schema > 2;
}
`});var zd={};W(zd,{CLIENT_ENTRY:()=>Kw,CLIENT_SOURCES:()=>Vw});var Kw,Vw,Jd=v(()=>{Xf();Qf();td();nd();id();ad();cd();hd();dd();md();yd();kd();vd();_d();Td();Ed();Md();Od();Nd();Rd();Id();qd();Ud();Bd();Kw="web/client/main.ts",Vw={"contract/events.ts":Zf,"contract/time.ts":ed,"views/event_line.ts":sd,"views/terminal_text.ts":rd,"views/trace_pair.ts":od,"views/units.ts":ld,"web/client/actions.ts":ud,"web/client/activity.ts":fd,"web/client/api.ts":pd,"web/client/app.ts":gd,"web/client/charts.ts":wd,"web/client/connection.ts":bd,"web/client/dom.ts":xd,"web/client/format.ts":$d,"web/client/history.ts":Sd,"web/client/main.ts":Ad,"web/client/sse.ts":Cd,"web/client/store.ts":Ld,"web/client/tasks.ts":Dd,"web/client/timeline.ts":jd,"web/client/trace.ts":Pd,"web/client/vlist.ts":Fd,"web/client/widgets.ts":Hd,"web/client/wire.ts":Wd}});function Mi(){return Kd??=Yw(),Kd}async function Yw(){let{CLIENT_ENTRY:s,CLIENT_SOURCES:e}=await Promise.resolve().then(()=>(Jd(),zd)),t=new TextEncoder,n=new Map,r=a(async c=>Xw(await crypto.subtle.digest("SHA-256",c)),"sha256"),i=[];for(let[c,u]of Object.entries(e).sort(([h],[f])=>h<f?-1:1)){let h=t.encode(await Gw(c,u)),f=(await r(h)).slice(0,32);n.set(c,{body:h,etag:`"${f}"`}),i.push(`${c} ${f}`)}let o=(await r(t.encode(i.join(`
`)))).slice(0,16),l=`${Ai}${o}/`;return{base:l,entry:`${l}${s}`,files:n}}async function Gw(s,e){let{stripTypeScriptTypes:t}=await import("node:module");try{return t(e,{mode:"strip"})}catch(n){throw new Error(`the web client's module src/${s} cannot be served: ${n.message}`)}}function Xw(s){return Array.from(new Uint8Array(s),e=>e.toString(16).padStart(2,"0")).join("")}async function fl(s,e){let t=await Mi();if(!e.startsWith(t.base))return null;let n=t.files.get(e.slice(t.base.length));if(n===void 0)return null;let r={"content-type":"text/javascript; charset=utf-8","cache-control":"public, max-age=31536000, immutable",etag:n.etag,"x-content-type-options":"nosniff"},i=s.headers.get("if-none-match");return i!==null&&i.split(",").some(o=>o.trim().replace(/^W\//,"")===n.etag)?new Response(null,{status:304,headers:r}):new Response(n.body,{headers:r})}var Ai,Kd,dl=v(()=>{Ai="/modules/";a(Mi,"clientModules");a(Yw,"build");a(Gw,"stripModule");a(Xw,"hex");a(fl,"webModule")});function Zw(s,e){return`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>taskline</title>
<style nonce="${s}">${Yf}</style>
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
<script type="module" nonce="${s}" src="${e}"><\/script>
</body>
</html>
`}async function pl(){let{entry:s}=await Mi(),e=btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));return new Response(Zw(e,s),{headers:{"content-type":"text/html; charset=utf-8","cache-control":"no-store","content-security-policy":["default-src 'none'",`script-src 'nonce-${e}'`,`style-src 'nonce-${e}'`,"connect-src 'self'","img-src 'self' data:","base-uri 'none'","form-action 'none'","frame-ancestors 'none'"].join("; "),"referrer-policy":"no-referrer","x-content-type-options":"nosniff","x-frame-options":"DENY"}})}var Vd=v(()=>{Gf();dl();a(Zw,"page");a(pl,"webPage")});var Yd=v(()=>{Vd();dl()});var Gd={};W(Gd,{SERVE_HELP:()=>Qw,serveCommand:()=>tk});async function tk(s,e){let{values:t,positionals:n}=P("serve",e,{host:{type:"string"},port:{type:"string"},"exit-on-stdin-eof":{type:"boolean"},json:{type:"boolean"}});if(s.json=t.json===!0,n.length>0)throw new y("usage",`taskline serve takes no arguments, not "${n[0]}"`);let r=await s.settings(),i=mr("port",t.port)??r.server.port;if(i>65535)throw new y("usage",`--port takes 0 to 65535, not ${i}`);let o=t.host??r.server.host;if(o.trim()==="")throw new y("usage","--host cannot be empty");let l=s.io.env("TASKLINE_TOKEN");if(l!==void 0&&!/^[A-Za-z0-9._~-]{32,256}$/.test(l))throw new y("usage","TASKLINE_TOKEN must be 32 to 256 letters, digits or ._~- (for example 64 hexadecimal digits)");let c=new AbortController,u=a(()=>c.abort(),"onAbort");s.io.signal.addEventListener("abort",u,{once:!0}),s.io.signal.aborted&&c.abort(),t["exit-on-stdin-eof"]&&sk(s.io.stdin,c);try{await Kf(s.state,{host:o,port:i,version:ek,webPage:pl,webModules:{prefix:Ai,answer:fl},token:l,signal:c.signal,onWarning:a(h=>void s.warn(h),"onWarning"),onListen:a(async({url:h,port:f,token:d})=>{let p=s.io.stdout;s.json?await p.write(JSON.stringify({url:h,port:f,token:d})+`
`):await p.write(`taskline serve on ${h}
token: ${d} (also in ${s.state.tokenPath} while the server runs)
web UI: ${h}#token=${d}
Press Ctrl-C to stop.
`),await p.flush()},"onListen")})}finally{s.io.signal.removeEventListener("abort",u)}return 0}async function sk(s,e){try{let t=s.getReader();for(;;){let{done:n}=await t.read();if(n)break}}catch{}e.abort()}var Qw,ek,Xd=v(()=>{A();Vf();Yd();oe();Qw=`Usage: taskline serve [options]

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
  --json                 print {"url","port","token"} as the first line`,ek="0.5.0";a(tk,"serveCommand");a(sk,"watchStdin")});function Ge(s){return!("loading"in s)&&!("error"in s)}var ml=v(()=>{a(Ge,"isReady")});function Y(s){return D(s,{newline:"\u23CE",tab:" "})}function lt(s){return it(s)}function j(s,e,t={}){if(e<=0)return"";let n="",r=0,i=!1;for(let o of s){let l=ks(o.codePointAt(0));if(r+l>e){i=!0;break}n+=o,r+=l}if(i){let o=[...n];for(;o.length>0&&r+1>e;)r-=ks(o.pop().codePointAt(0));n=o.join("")+"\u2026",r+=1}return t.pad===!1?n:n+" ".repeat(Math.max(0,e-r))}function Zd(s,e){let t=j(s,e,{pad:!1});return" ".repeat(Math.max(0,e-lt(t)))+t}function gl(s,e,t=1e4){if(e<=0)return[];let n=[],r="",i=0;for(let o of s){let l=ks(o.codePointAt(0));if(i+l>e){if(n.push(r),n.length>=t)return n;r="",i=0}r+=o,i+=l}return(r!==""||n.length===0)&&n.push(r),n}function Ci(s,e,t=1e4){let n=[];for(let r of s.split(`
`)){for(let i of gl(Y(r.replace(/\r$/,"")),e,t-n.length))n.push(i);if(n.length>=t)break}return n}function Qd(s,e,t=!0){let n=e.filter(r=>t||!rk.has(r)).map(r=>nk[r]);return n.length===0?s:`\x1B[${n.join(";")}m${s}\x1B[0m`}var nk,rk,ep=v(()=>{Ye();a(Y,"clean");a(lt,"textWidth");a(j,"fit");a(Zd,"fitRight");a(gl,"wrap");a(Ci,"textLines");nk={bold:"1",dim:"2",reverse:"7",red:"31",green:"32",yellow:"33",blue:"34",magenta:"35",cyan:"36"},rk=new Set(["red","green","yellow","blue","magenta","cyan"]);a(Qd,"paint")});function wl(s){return"error"in s?`Cannot show it: ${s.error}`:"Loading\u2026"}function rp(s,e){return e===0?0:s===1/0?e-1:s===-1/0?0:Math.max(0,Math.min(e-1,s))}function lk(s,e){return s===-1/0?0:s===1/0?e:Math.max(0,Math.min(e,s))}function Li(s,e,t){if(e==="")return s;let n=e.toLowerCase();return s.filter(r=>t(r).toLowerCase().includes(n))}function Ni(s,e){let t=e.map(o=>o>0?o:0),n=a(()=>t.reduce((o,l)=>o+l,0),"sum");for(let o of[3,0])for(let l=t.length-1;l>=0&&n()>s;l--)t[l]-=Math.min(n()-s,Math.max(0,t[l]-o));let r=Math.max(0,s-n()),i=e.reduce((o,l)=>o+(l<0?-l:0),0);if(i===0)return t;for(let[o,l]of e.entries())l<0&&(t[o]=Math.floor(r*-l/i));return t[e.findLastIndex(o=>o<0)]+=s-n(),t}function kl(s,e,t,n){return e<=t?j(s,e):(n?Zd(s,e-t):j(s,e-t))+" ".repeat(t)}function ck(s,e,t){let n=lt(e[0]??""),r=Math.max(0,Math.floor((t-n)/2)),i=Math.max(0,Math.floor((s.length-e.length)/2));for(let o=0;o<e.length&&i+o<s.length;o++)s[i+o]=" ".repeat(r)+e[o]+" ".repeat(Math.max(0,t-r-n))}var Oi,ik,yl,ok,tp,sp,ak,np,Kn,bl=v(()=>{ml();ep();Oi=["tasks","activity","history","trace"],ik={tasks:"Tasks",activity:"Activity",history:"History",trace:"Trace"},yl=2e4,ok=16,tp=40,sp=10,ak=1e3,np=["Keys","","  Tab, Shift-Tab   next, previous screen","  1 2 3 4          Tasks, Activity, History, Trace","  \u2191 \u2193  k j         move the selection, scroll","  PgUp PgDn        a page up, down (Trace: the output)","  Home End  g G    first, last (Activity: End follows live)","  Enter            open: the task's detail, a call's output","  t                the Trace tab of the selected task","  a                History list: every task, or finished work only","  Esc \u2190 Backspace  back, or clear the filter","  /                filter the rows (Enter keeps it, Esc clears)","  Ctrl-L           redraw","  ?                this help (any key closes it)","  q  Ctrl-C        quit","","On the Tasks screen, a task's detail and its Trace tab:","  n                new task (asks its title)","  r  R             run the selected task, resume its run","  c                cancel its run (asks to confirm)","  a                approve the gate it waits for (comment optional)","  x                reject the gate (asks the reason)","Runs started here stop (resumable) when the UI quits.","","Tasks: the board, live. Activity: every task's events as they","happen. History: finished work; Enter for a task's detail.","Trace: the calls of the current run with results and outputs."],Kn=class{static{a(this,"TuiApp")}model;screen;task;historyDetail=!1;historyAll=!1;help=!1;editing=!1;filters={tasks:"",activity:"",history:"",trace:""};selected={tasks:null,activity:null,history:null,trace:null};#e={tasks:0,activity:0,history:0,trace:0};follow=!0;#t=0;#s=0;#n=20;#r=null;#o;#i;#a;prompt=null;notice=null;constructor(e,t={}){this.model=e,this.#o=t.colour??!0,this.#i=t.actions??null,this.#a=t.onUpdate??(()=>{}),this.#i&&(this.#i.onNotice=(n,r)=>{this.notice={text:n,tone:r?"ok":"fail"},this.#a()}),this.task=t.task??null,this.screen=t.screen??(this.task!==null?"trace":"tasks")}key(e){if(e.name==="ctrl-c")return"interrupt";if(this.help)return this.help=!1,null;if(this.prompt)return this.#l(e);if(this.editing&&this.#h(e))return null;if(e.name==="ctrl-l")return"redraw";if((e.name!=="char"||e.char!=="?")&&(this.notice=null),e.name==="char"){if(this.#u(e.char))return null;switch(e.char){case"q":{let t=this.#i?.running()??0;return t===0?"quit":(this.prompt={kind:"confirm",label:`${t} run${t===1?"":"s"} started here stop${t===1?"s":""} when the UI quits (resumable with R). Quit?`,submit:a(()=>"quit","submit")},null)}case"?":return this.help=!0,null;case"/":return this.editing=!0,null;case"1":case"2":case"3":case"4":return this.#d(Oi[Number(e.char)-1]),null;case"t":return this.#g(),null;case"a":return this.screen==="history"&&!this.historyDetail&&(this.historyAll=!this.historyAll),null;case"j":return this.#k(1),null;case"k":return this.#k(-1),null;case"g":return this.#k(-1/0),null;case"G":return this.#k(1/0),null}return null}switch(e.name){case"tab":case"backtab":{let t=this.#p(),n=t.indexOf(this.screen),r=t.length;return this.#d(t[(n+(e.name==="tab"?1:r-1))%r]),null}case"up":return this.#k(-1),null;case"down":return this.#k(1),null;case"pageup":return this.#$(-1),null;case"pagedown":return this.#$(1),null;case"home":return this.#k(-1/0),null;case"end":return this.#k(1/0),null;case"enter":return this.#y(),null;case"escape":case"left":case"backspace":return this.#b(),null;case"right":return this.#y(),null;default:return null}}#l(e){let t=this.prompt;if(e.name==="escape")return this.prompt=null,this.notice={text:"Nothing done.",tone:"none"},null;if(t.kind==="confirm")return this.prompt=null,e.name==="char"&&(e.char==="y"||e.char==="Y")?this.#c(t.submit()):(this.notice={text:"Nothing done.",tone:"none"},null);switch(e.name){case"char":return t.text.length<ak&&(t.text+=e.char),null;case"backspace":return t.text=[...t.text].slice(0,-1).join(""),null;case"ctrl-u":return t.text="",null;case"enter":return t.required&&t.text.trim()===""?null:(this.prompt=null,this.#c(t.submit(t.text.trim())));default:return null}}#c(e){return e==="quit"?"quit":(this.notice={text:"Working\u2026",tone:"run"},e.then(t=>this.notice={text:t,tone:"ok"},t=>this.notice={text:t.message??String(t),tone:"fail"}).finally(()=>this.#a()),null)}#u(e){if(!"nrRcax".includes(e)||!(this.screen==="tasks"||this.screen==="trace"||this.screen==="history"&&this.historyDetail))return!1;let n=this.#i;if(!n)return this.notice={text:"This view cannot act on tasks.",tone:"fail"},!0;if(e==="n")return this.prompt={kind:"text",label:"New task, its title:",text:"",required:!0,submit:a(l=>n.create(l),"submit")},!0;let r=this.#m();if(r===null)return this.notice={text:"Select a task first.",tone:"fail"},!0;let i=this.model.board().find(l=>l.number===r)?.approval||"",o=`the ${i} gate`;switch(e){case"r":return this.#c(n.run(r,!1)),!0;case"R":return this.#c(n.run(r,!0)),!0;case"c":return this.prompt={kind:"confirm",label:`Cancel the run of #${r}? It stops now; R resumes it later.`,submit:a(()=>n.cancel(r),"submit")},!0;case"a":case"x":return i===""?(this.notice={text:`#${r} waits for no approval: nothing to ${e==="a"?"approve":"reject"}.`,tone:"fail"},!0):e==="x"?(this.prompt={kind:"text",label:`Reject ${o} of #${r}. Reason:`,text:"",required:!0,submit:a(l=>n.reject(r,l),"submit")},!0):(this.prompt={kind:"text",label:`Approve ${o} of #${r}. Comment (optional):`,text:"",required:!1,submit:a(l=>n.approve(r,l===""?null:l),"submit")},!0)}return!1}#h(e){let t=this.filters[this.screen];switch(e.name){case"char":return this.filters[this.screen]=(t+e.char).slice(0,200),this.#f(),!0;case"backspace":return this.filters[this.screen]=[...t].slice(0,-1).join(""),this.#f(),!0;case"ctrl-u":return this.filters[this.screen]="",!0;case"enter":return this.editing=!1,!0;case"escape":return this.editing=!1,this.filters[this.screen]="",!0;default:return!1}}#f(){this.#e[this.screen]=0,this.#t=0}#p(){return this.task===null?Oi.filter(e=>e!=="trace"):[...Oi]}#d(e){if(e==="trace"&&this.task===null){let t=this.#m();if(t===null)return;this.#w(t)}this.screen=e,this.editing=!1}#w(e){this.task!==e&&(this.task=e,this.selected.trace=null,this.#e.trace=0,this.#s=0,this.#t=0,this.filters.trace="")}#m(){switch(this.screen){case"tasks":{let e=this.#C();return e[this.#x(e.map(t=>String(t.number)),"tasks")]?.number??null}case"history":{if(this.historyDetail)return this.task;let e=this.#O();return e[this.#x(e.map(t=>String(t.number)),"history")]?.number??null}case"activity":{let e=this.#S();return e[this.#A(e)]?.number??null}case"trace":return this.task}}#g(){let e=this.#m();e!==null&&(this.#w(e),this.screen="trace")}#y(){switch(this.screen){case"tasks":case"activity":case"history":{let e=this.#m();if(e===null)return;this.#w(e),this.screen="history",this.historyDetail=!0,this.#t=0;return}case"trace":this.#s+=Math.max(1,Math.floor(this.#n/2));return}}#b(){if(this.filters[this.screen]!==""){this.filters[this.screen]="";return}if(this.screen==="history"&&this.historyDetail){this.historyDetail=!1;return}this.screen==="trace"&&(this.screen="tasks")}#k(e){switch(this.screen){case"tasks":{this.#_("tasks",this.#C().map(t=>String(t.number)),e);return}case"history":{if(this.historyDetail){this.#t=lk(this.#t+e,1e9);return}this.#_("history",this.#O().map(t=>String(t.number)),e);return}case"activity":{let t=this.#S(),n=t.map(o=>o.key),r=this.#A(t),i=rp(r+e,n.length);this.selected.activity=n[i]??null,this.follow=i>=n.length-1;return}case"trace":{let t=this.#E();if(!t)return;let n=this.selected.trace;this.#_("trace",t.map(r=>r.key),e),this.selected.trace!==n&&(this.#s=0);return}}}#$(e){let t=Math.max(1,this.#n-2);if(this.screen==="trace"){this.#s=Math.max(0,this.#s+e*t);return}this.#k(e*t)}#_(e,t,n){let r=this.#x(t,e);this.selected[e]=t[rp(r+n,t.length)]??null}#x(e,t){let n=this.selected[t],r=n===null?-1:e.indexOf(n);return r>=0?r:0}#A(e){if(this.follow||this.selected.activity===null)return e.length-1;let t=e.findIndex(n=>n.key===this.selected.activity);return t>=0?t:0}#C(){return Li(this.model.board(),this.filters.tasks,e=>`#${e.number} ${e.title} ${e.status} ${e.phase} ${e.approval} ${e.progress}`)}#S(){return Li(this.model.feed(),this.filters.activity,e=>`#${e.number} ${e.text}`)}#O(){return Li(this.model.history(this.historyAll).rows,this.filters.history,e=>e.cells.join(" "))}#E(){if(this.task===null)return null;let e=this.model.trace(this.task);return Ge(e)?Li(e.calls,this.filters.trace,t=>`${t.role} ${t.tool} ${t.summary} ${t.result} ${t.call}`):null}frame(e){let{width:t,height:n}=e;if(t<tp||n<sp){let o=[],l=`Terminal too small (${t}x${n}); taskline tui needs ${tp}x${sp}. q quits.`;for(let c of gl(l,Math.max(1,t)))o.push(j(c,t));return o.slice(0,n)}let r=n-3;this.#n=r;let i;switch(this.screen){case"tasks":i=this.#j(t,r);break;case"activity":i=this.#I(t,r);break;case"history":i=this.historyDetail?this.#F(t,r):this.#P(t,r);break;case"trace":i=this.#U(t,r);break}for(;i.length<r;)i.push(j("",t));return i.length=r,this.help&&ck(i,this.#H(t,r),t),[this.#R(t),...i,this.#N(t),this.#M(t)]}#v(e,...t){return Qd(e,t,this.#o)}#L(e,t){let n={ok:["green"],fail:["red"],run:["cyan","bold"],wait:["yellow"],none:[]};return this.#v(e,...n[t])}#R(e){let t=this.#v(" taskline ","bold"),n=10;for(let[o,l]of Oi.entries()){if(l==="trace"&&this.task===null)continue;let c=` ${o+1} ${ik[l]}${l==="trace"?` #${this.task}`:""} `;if(n+c.length+1>e)break;t+=" "+(l===this.screen?this.#v(c,"reverse","bold"):c),n+=c.length+1}let r=j(Y(this.model.status()),Math.max(0,e-n-1),{pad:!1}),i=Math.max(0,e-n-lt(r));return t+" ".repeat(i)+this.#v(r,"dim")}#N(e){let t=this.prompt;if(t){let r=t.kind==="confirm"?`${t.label} y: yes, any other key: no`:`${t.label} ${Y(t.text)}\u2588  (Enter ${t.required?"confirms":"confirms, empty is fine"}, Esc gives up)`;return this.#v(j(r,e),"yellow","bold")}if(this.notice)return this.#L(j(Y(this.notice.text),e),this.notice.tone);let n=this.filters[this.screen];return this.editing?j(`/${Y(n)}\u2588  (Enter keeps the filter, Esc clears it)`,e):n!==""?this.#v(j(`filter: ${Y(n)}  (/ to change, Esc to clear)`,e),"yellow"):j("",e)}#M(e){let t;switch(this.screen){case"tasks":t=["\u2191\u2193 select","Enter detail","t trace"];break;case"activity":t=["\u2191\u2193 scroll","End follow","Enter task"];break;case"history":t=this.historyDetail?["\u2191\u2193 scroll","Esc back","t trace"]:["\u2191\u2193 select","Enter detail","t trace","a all"];break;case"trace":t=["\u2191\u2193 call","PgUp PgDn output","Esc back"];break}let n=["? help","q quit"],r=this.screen==="tasks"||this.screen==="trace"||this.screen==="history"&&this.historyDetail,i=[...t,"Tab screens","/ filter",...r?["n new","r/R run","c cancel","a/x approve/reject"]:[]],o=a(l=>" "+[...l,...n].join("  "),"text");for(;i.length>0&&lt(o(i))>e;)i.pop();return this.#v(j(o(i),e),"reverse")}#D(e,t,n,r,i,o){let l=this.#e[e];r<l&&(l=r),r>=l+i&&(l=r-i+1),l=Math.max(0,Math.min(l,Math.max(0,t.length-i))),this.#e[e]=l;let c=[];for(let u=l;u<Math.min(t.length,l+i);u++){let h=j(t[u],o);c.push(u===r?this.#v(h,"reverse"):this.#L(h,n[u]))}return c}#T(e,t){return this.#v(j(e,t),"bold")}#j(e,t){let n=this.model.board(),r=this.#C(),i=r.map(f=>String(f.number)),o=this.#x(i,"tasks");r.length>0&&(this.selected.tasks=i[o]);let l=Ni(e,[5,-1,11,12,10,-1]),c=a(f=>f.map((d,p)=>kl(d,l[p],1,p===0)).join(""),"line"),u=[this.#T(`Tasks \xB7 ${n.length} task${n.length===1?"":"s"}${r.length!==n.length?` (${r.length} shown)`:""}`,e),this.#v(c(["#","Title","Status","Phase","Approval","Progress"]),"dim")];if(n.length===0)return u.push(j("No tasks yet. Tasks appear here as soon as they are created.",e)),u;let h=r.map(f=>c([`#${f.number}`,Y(f.title),Y(f.status),Y(f.phase),f.approval?`${Y(f.approval)} \u23F8`:"",Y(f.progress)]));return u.push(...this.#D("tasks",h,r.map(f=>f.tone),o,t-2,e)),u}#I(e,t){let n=this.model.feed(),r=this.#S(),i=this.#A(r);r.length>0&&(this.selected.activity=r[i].key);let o=[this.#T(`Activity \xB7 ${n.length} event${n.length===1?"":"s"}${r.length!==n.length?` (${r.length} shown)`:""} \xB7 ${this.follow?"following live":"paused (End follows live)"}`,e)];if(r.length===0)return o.push(j(n.length===0?"Waiting for events\u2026":"No event matches the filter.",e)),o;let l=r.map(c=>j(`#${c.number}`,5)+Y(c.text));return o.push(...this.#D("activity",l,r.map(c=>c.tone),i,t-1,e)),o}#P(e,t){let n=this.model.history(this.historyAll),r=this.#O(),i=r.map(m=>String(m.number)),o=this.#x(i,"history");r.length>0&&(this.selected.history=i[o]);let l=n.header.map((m,g)=>g===n.flex?-1:Math.max(lt(m),...r.slice(0,500).map(k=>Math.min(24,lt(Y(k.cells[g]??"")))))+2),c=l.map((m,g)=>g),u=Ni(e,l);for(let m of n.drop){if(u[c.indexOf(n.flex)]>=ok)break;c.splice(c.indexOf(m),1),u=Ni(e,c.map(g=>l[g]))}let h=a(m=>c.map((g,k)=>kl(m[g]??"",u[k],2,n.align[g]==="right")).join(""),"line"),f=[this.#T(`History \xB7 ${n.rows.length} ${this.historyAll?"":"finished "}task${n.rows.length===1?"":"s"}${r.length!==n.rows.length?` (${r.length} shown)`:""} \xB7 a: ${this.historyAll?"finished work only":"every task"}`,e),this.#v(h(n.header),"dim")];if(n.rows.length===0)return f.push(j(this.historyAll?"No tasks yet.":"No finished work yet (a: every task).",e)),f;let d=n.notes.map(m=>this.#v(j(Y(m),e),"dim")),p=r.map(m=>h(m.cells.map(Y)));return f.push(...this.#D("history",p,r.map(m=>m.tone),o,Math.max(1,t-2-d.length),e)),f.push(...d),f}#F(e,t){if(this.task===null)return[];let n=this.model.detail(this.task),r=[this.#T(this.#q(n,`Task #${this.task}`),e)];if(!Ge(n))return[...r,j(wl(n),e)];let i=this.filters.history.toLowerCase(),o=n.lines.filter(c=>i===""||c.toLowerCase().includes(i)).flatMap(c=>Ci(c,e)),l=t-1;this.#t=Math.max(0,Math.min(this.#t,o.length-l));for(let c of o.slice(this.#t,this.#t+l))r.push(j(c,e));return r}#q(e,t){return Ge(e)?Y(e.title):t}#U(e,t){if(this.task===null)return[];let n=this.model.trace(this.task),r=[this.#T(this.#q(n,`Trace of #${this.task}`),e)];if(!Ge(n))return[...r,j(wl(n),e)];let i=this.#E()??[];for(let O of n.notes)r.push(this.#v(j(Y(O),e),"dim"));if(n.calls.length===0)return r.push(j("No tool calls in this run yet.",e)),r;let o=i.map(O=>O.key),l=this.#x(o,"trace");i.length>0&&(this.selected.trace=o[l]);let c=Ni(e,[13,12,12,-1,10,10]),u=a(O=>O.map((B,G)=>kl(B,c[G],1,G===5)).join(""),"line");r.push(this.#v(u(["Time","Role","Tool","Input","Result","Duration"]),"dim"));let h=t-r.length,f=Math.max(1,Math.min(i.length,Math.floor(h*.4))),d=i.map(O=>u([O.time,Y(O.role),Y(O.tool),Y(O.summary),Y(O.result),O.duration]));for(r.push(...this.#D("trace",d,i.map(O=>O.tone),l,f,e));r.length<t-h+f;)r.push(j("",e));let p=i[l];if(!p)return r.push(j("No call matches the filter.",e)),r;let m=this.model.output(this.task,p),g=Ge(m)?m.note:wl(m),k=Ge(m)?m.text:p.preview,b=this.#r,x;if(b&&b.call===p&&b.width===e&&b.text===k&&b.note===g)x=b.lines;else{let O=Ci(k,e,yl);x=[...p.detail.flatMap(B=>Ci(B,e)),`\u2500\u2500 output: ${g} \u2500\u2500`,...O],O.length>=yl&&x.push(`\u2500\u2500 the first ${yl} lines: taskline trace ${this.task} --full has all \u2500\u2500`),this.#r={call:p,width:e,text:k,note:g,lines:x}}let $=t-r.length-1,_=Math.max(0,Math.min(this.#s,x.length-$));Ge(m)&&(this.#s=_);let M=x.length-$,C=`\u2500\u2500 call ${p.call} ${M>0?`\xB7 lines ${_+1}-${_+$} of ${x.length} `:""}`;r.push(this.#v(j(C+"\u2500".repeat(Math.max(0,e-lt(C))),e),"dim"));for(let O of x.slice(_,_+$))r.push(O.startsWith("\u2500\u2500 output")?this.#v(j(O,e),"dim"):j(O,e));return r}#H(e,t){let n=Math.min(e-4,Math.max(...np.map(i=>lt(i)))+2),r=np.slice(0,Math.max(0,t-2));return["\u250C"+"\u2500".repeat(n)+"\u2510",...r.map(i=>"\u2502"+j(" "+i,n)+"\u2502"),"\u2514"+"\u2500".repeat(n)+"\u2518"]}};a(wl,"loadingText");a(rp,"clampIndex");a(lk,"clampScroll");a(Li,"filterRows");a(Ni,"columns");a(kl,"cell");a(ck,"overlay")});function uk(s,e){let t=s.number;if(e instanceof Error)return`The run of #${t} failed: ${e.message}`;switch(e.run_status){case"done":return`The run of #${t} is done`;case"awaiting_approval":return`#${t} waits for approval of the ${e.pending_approval} gate: a approves, x rejects`;case"budget_exhausted":return`#${t} paused: ${e.last_error}`;case"cancelled":return`The run of #${t} stopped: ${e.last_error}; R resumes it`;case"failed":return`The run of #${t} failed: ${e.last_error}`}}var Vn,ip=v(()=>{Gt();vs();kr();ot();ue();Vn=class{static{a(this,"TaskActions")}state;#e;#t;#s=null;onNotice;constructor(e,t){this.state=e,this.#e=t.settings,this.onNotice=t.onNotice??(()=>{}),t.liveChannel!==!1&&(this.#s=bs(e));let n=this.#s;this.#t=new Ss(e,{settings:a(async()=>(await Tt(e)).settings,"settings"),closeMessage:"cancelled: the terminal UI that ran it quit",...n?{sink:n.sink}:{},onEnd:a((r,i)=>this.onNotice(uk(r,i),!(i instanceof Error)),"onEnd")})}async#n(e){return vt(`#${e}`,await ye(this.state))}async create(e){let t=await Es(this.state,{title:e});return`Created task #${t.number} ${t.record.title}`}async run(e,t){let n=await this.#n(e),r=await this.#t.start(n,Os({resume:t},Hr));return`${t?"Resumed":"Started"} run ${r.run.slice(0,8)} of #${e}`}async cancel(e){let t=await this.#n(e);return await Cs(this.state,t),`Asked the run of #${e} to stop`}async approve(e,t){let n=await this.#n(e),r=await As(this.state,n,t,{settings:this.#e});return`Approved the ${r.gate} gate of #${e}; ${r.recorded?`its engine resumes it (taskline record ${e} --resume)`:"R resumes its run"}`}async reject(e,t){let n=await this.#n(e),r=await Ms(this.state,n,t,{settings:this.#e});return`Rejected the ${r.gate} gate of #${e}; ${r.recorded?`its engine resumes it (taskline record ${e} --resume)`:"R plays the work again"}`}running(){return this.#t.active}async close(){await this.#t.close(),this.#s?.close()}};a(uk,"endText")});async function hk(s,e){let t=new Kt(s.state,{onProblem:a(n=>s.problem(`${n.path}: line ${n.line}: skipped a broken line`),"onProblem"),onBadLog:a((n,r)=>s.badLog(r,n.message),"onBadLog")});try{await t.start();let n=(async()=>{let i=null;for(;!e.aborted;)try{for await(let o of t.subscribe({after:i,signal:e}))o.length!==0&&(i=o[o.length-1].cursor,s.accept(o.map(l=>({env:l.record.env,task:l.task}))));return}catch(o){if(e.aborted)return;if(!(o instanceof y&&o.code==="io"))throw o;s.problem("the feed fell behind; caught up again")}})(),r=s.fillBacklog(e).catch(i=>{e.aborted||s.problem(`Activity backlog: ${i?.message??i}`)});await Promise.all([n,r])}finally{t.close()}}function fk(s){if(s.state==="interrupted")return{progress:"interrupted (ended without run_finished)",tone:"fail"};let e=`${ie(Zt(s.usage))}${s.totals_known?"":"+"} tok \xB7 ${_e(s.active_ms)}`;return s.paused_reason!==null&&s.success!==!0?{progress:`paused: ${s.paused_reason} \xB7 ${e}`,tone:"wait"}:{progress:`${s.success?"succeeded":"failed"} (${s.status??"-"}) \xB7 ${e}`,tone:s.success?"ok":"fail"}}function Di(s,e=Date.now()){let t=!1,n=s.map(r=>{r.totals.complete||(t=!0);let i=r.totals.complete?"":"+",o=r.running?"run":r.runs.at(-1)?.success===!1?"fail":r.task.status==="done"?"ok":"none";return{number:r.number,tone:o,cells:[`#${r.number}`,r.task.title,r.running?`${r.task.status} (running)`:Ls(r.task.status,!1),String(r.totals.runs),String(r.totals.commits),String(r.changed_files.files.length),ie(Zt(r.totals.usage))+i,_e(r.totals.active_ms)+i,r.cost?An(r.cost.amount,r.cost.currency):"-",En(r.last_activity?Date.parse(r.last_activity):null,e)]}});return{header:["#","Title","Status","Runs","Commits","Files","Tokens","Active","Cost","Last activity"],align:["right","left","left","right","right","right","right","right","right","left"],flex:1,drop:[8,4,5,3,7,9],rows:n,notes:t?[Kr]:[]}}function dk(s){if(typeof s=="object"&&s!==null&&!Array.isArray(s)){let e=s;for(let t of["command","cmd","path","file","file_path","pattern","query","url"])if(typeof e[t]=="string")return e[t]}if(s==null)return"";try{return JSON.stringify(s)??""}catch{return String(s)}}function pk(s,e){let t;try{t=JSON.stringify(s.input,null,2)??"null"}catch{t=String(s.input)}let n=t.split(`
`),r=s.result==="ok"?"ok":s.result==="no result"?s.returned_at===null?"run":"wait":"fail";return{key:`${s.call}:${s.seq??e}`,call:s.call,time:js(s.called_at??s.returned_at),role:s.role,tool:s.tool,summary:dk(s.input),result:s.result,duration:_e(s.duration_ms),tone:r,detail:[`${s.tool} by ${s.role}${s.subtask?` on subtask ${s.subtask.slice(0,8)}`:""} \xB7 run ${s.run.slice(0,8)} \xB7 ${s.result}${s.duration_ms!==null?` in ${_e(s.duration_ms)}`:""} \xB7 ${ie(s.output_chars)} chars${s.paired!=="id"?` \xB7 paired ${s.paired}`:""}`,`called ${js(s.called_at)} \xB7 returned ${js(s.returned_at)}${s.output_file?` \xB7 ${s.output_file}`:""}`,"input:",...n.slice(0,200).map(i=>"  "+i),...n.length>200?[`  \u2026 ${n.length-200} more lines`]:[]],preview:s.preview,outputFile:s.output_file,outputChars:s.output_chars}}function mk(s){if(s.schema>2)return"none";let e=s.event;switch(e.type){case"run_finished":case"phase_finished":return e.success===!0?"ok":"fail";case"tool_returned":return e.is_error===!0?"fail":"none";case"validation_finished":return e.passed===!0?"ok":"fail";case"approval_requested":case"paused":case"retrying":return"wait";case"run_started":case"phase_started":return"run";case"merged":return"ok";default:return"none"}}var vl,Ri,Yn,op=v(()=>{Ot();ue();ot();Tn();Sn();Hn();Fn();Cn();un();da();A();fn();an();ml();ea();vl={loading:!0},Ri=class{static{a(this,"FeedLine")}key;number;#e;#t=null;constructor(e,t,n){this.key=e,this.number=t,this.#e=n}get text(){return this.#t??=yr(this.#e,{color:!1,textCharsMax:300})}get tone(){return mk(this.#e)}},Yn=class{static{a(this,"TuiData")}state;settings;#e;#t;#s;#n=new Ne;#r=[];#o=new Map;#i=new Map;#a=new Map;#l=[];#c=new Set;#u=[];#h=[];#f=Di([]);#p=Di([]);#d=null;#w=new Map;#m=null;#g=new Set;#y=!1;#b;#k=new AbortController().signal;#$="loading\u2026";#_=null;#x=Promise.resolve();#A=0n;#C=!1;constructor(e,t={}){this.state=e,this.settings=t.settings??Oe(),this.#e=t,this.#t=Math.max(1,t.feedMax??1e3),this.#s=t.reloadIntervalMs??200}onChange(e){this.#u.push(e)}#S(){for(let e of this.#u)e()}async start(e){this.#k=e,this.#A=BigInt(Date.now()-2e3)*1000000n,await this.#R(),this.#$="live",this.#S();let t="";try{t=await Deno.realPath(this.state.tasksDir)}catch{}let n=nt(this.state.tasksDir,r=>this.#O(t,r),{signal:e,recursive:!0});try{await(this.#e.follow??hk)(this,e)}catch(r){if(!e.aborted)throw r}finally{n(),this.#b!==void 0&&clearTimeout(this.#b)}}#O(e,t){let n=this.state.tasksDir.replace(/^\.\//,""),r=n.startsWith("/")?n:`/${n}`,i=a(l=>l===e||l.endsWith(r),"isTasksDir"),o=!1;for(let l of t){let c=l.lastIndexOf("/"),u=l.slice(0,c),h=l.slice(c+1);if(i(u))this.#y=!0,o=!0;else if(h.startsWith("task.json")&&i(u.slice(0,u.lastIndexOf("/")))){let f=u.slice(u.lastIndexOf("/")+1),d=this.#r.find(p=>p.dir===f);d?this.#g.add(d.number):this.#y=!0,o=!0}}o&&this.#v()}problem(e){this.#_=e,this.#S()}badLog(e,t){this.#g.add(e.number),this.problem(t),this.#v()}accept(e){if(e.length!==0){for(let{env:t,task:n}of e){let r=Xe(t,n.number),i=r?de(r):`${n.number}-${t.at}-${t.seq??0}`;this.#c.has(i)||(this.#c.add(i),this.#l.push(new Ri(i,n.number,t)),this.#E(n.number,t,!0),this.#o.has(n.number)?(r===null||r.ns>=this.#A)&&this.#g.add(n.number):(this.#y=!0,this.#g.add(n.number)))}if(this.#l.length>this.#t)for(let t of this.#l.splice(0,this.#l.length-this.#t))this.#c.delete(t.key);(this.#g.size>0||this.#y)&&this.#v(),this.#S()}}async fillBacklog(e){let t=[...this.#i.values()].filter(i=>i.last_activity!==null).sort((i,o)=>Date.parse(o.last_activity)-Date.parse(i.last_activity)).slice(0,this.#e.backlogTasks??32).map(i=>this.#o.get(i.number)).filter(i=>i!==void 0),n=[];for await(let i of $t(this.state,t,{chunkBytes:16*1024,lookaheadItems:64,signal:e})){for(let o of i)n.push(new Ri(o.cursorText,o.task.number,o.record.env)),this.#E(o.task.number,o.record.env,!1);n.length>2*this.#t&&n.splice(0,n.length-this.#t)}let r=n.slice(-this.#t).filter(i=>!this.#c.has(i.key));for(let i of r)this.#c.add(i.key);if(this.#l=[...r,...this.#l],this.#l.length>this.#t)for(let i of this.#l.splice(0,this.#l.length-this.#t))this.#c.delete(i.key);this.#h=this.#r.map(i=>this.#j(i,this.#i.get(i.number))),this.#S()}#E(e,t,n){let r=this.#a.get(e);if(r||this.#a.set(e,r={env:null,tokens:null,activeMs:null}),r.live&&!n)return;r.env=t,r.live=n;let i=t.event;i.type==="budget_updated"&&(typeof i.tokens=="number"&&(r.tokens=i.tokens),typeof i.active_ms=="number"&&(r.activeMs=i.active_ms)),i.type==="run_started"&&(r.tokens=null,r.activeMs=null)}#v(){this.#b!==void 0||this.#k.aborted||(this.#b=setTimeout(()=>{this.#b=void 0;let e=new Set(this.#g),t=this.#y;this.#g.clear(),this.#y=!1,this.#x=this.#x.then(()=>this.#M(e,t)).then(()=>this.#S(),n=>this.#L(n))},this.#s))}#L(e){this.#k.aborted||this.problem(e?.message??String(e))}async#R(){let e=await this.#N();this.#T(),this.#S();let t=await Ds(this.state,{all:!0,tasks:e,settings:this.settings,cache:this.#n,signal:this.#k});this.#i=new Map(t.map(n=>[n.number,n])),this.#T(),this.#d&&!Ge(this.#d.value)&&await this.#I(this.#d.number)}async#N(){let e=await ye(this.state,{onProblem:a(t=>this.#_=`${t.dir}: ${t.reason}`,"onProblem")});return this.#r=e,this.#o=new Map(e.map(t=>[t.number,t])),this.#C=!0,e}async#M(e,t){if(t){await this.#N();for(let n of this.#r)this.#i.has(n.number)||e.add(n.number);for(let n of this.#i.keys())this.#o.has(n)||this.#i.delete(n)}else for(let n of e)await this.#D(n);for(let n of e){let r=this.#o.get(n);r&&this.#i.set(n,await Ns(this.state,r,{settings:this.settings,cache:this.#n,signal:this.#k}))}this.#T(),this.#d&&e.has(this.#d.number)&&await this.#I(this.#d.number)}async#D(e){let t=this.#o.get(e);if(!t)return;let n;try{n=await ge(this.state,t.dir)}catch{return}n.number===e&&(this.#o.set(e,n),this.#r=this.#r.map(r=>r.number===e?n:r))}#T(){this.#h=this.#r.map(n=>this.#j(n,this.#i.get(n.number)));let e=[...this.#i.values()].filter(n=>this.#o.has(n.number)),t=a(n=>{let r=Date.parse(n.last_activity??n.task.created_at);return Number.isFinite(r)?r:0},"when");e.sort((n,r)=>t(r)-t(n)||r.number-n.number),this.#p=Di(e),this.#f=Di(e.filter(n=>ua.includes(n.task.status)))}#j(e,t){let n=t?.runs.find(d=>d.current)??t?.runs.at(-1)??null,r=t?.running===!0,i=this.#a.get(e.number),o=n?.phases.findLast(d=>d.finished_at===null),l=n?.phases.at(-1),c=r&&o?o.phase:l?l.phase:"",u=n?.state!=="running"?n?.pending_approval??"":"",h="",f="none";if(r&&n){f="run";let d=[];i?.tokens!=null&&d.push(`${ie(i.tokens)} tok`),i?.activeMs!=null&&d.push(_e(i.activeMs)),d.push(`${n.calls} calls`),i?.env&&d.push(yr(i.env,{color:!1,textCharsMax:200}).replace(/^\S+\s+/,"")),h=d.join(" \xB7 ")}else t?.bad_log?(h=t.bad_log.message,f="fail"):n?{progress:h,tone:f}=fk(n):h=t?"no run yet":"\u2026";return u&&(f="wait"),{number:e.number,title:e.record.title,status:Ls(e.record.status,r),phase:c,approval:u,progress:h,tone:f}}board(){return this.#h}feed(){return this.#l}history(e=!1){return e?this.#p:this.#f}detail(e){let t=this.#i.get(e);if(!t)return this.#o.has(e)?vl:{error:`no task #${e}`};let[n,...r]=Vr(t,Date.now()).replace(/\n$/,"").split(`
`);return{title:n,lines:r}}trace(e){return this.#d?.number!==e&&(this.#d={number:e,value:vl},this.#m=null,this.#I(e).then(()=>this.#S(),t=>this.#L(t))),this.#d.value}async#I(e){let t=this.#o.get(e);if(!t){this.#C&&(this.#d={number:e,value:{error:`no task #${e}`}});return}try{let n=await zs(this.state,t,{signal:this.#k});if(this.#d?.number!==e)return;this.#w=new Map;let r=n.calls.map((c,u)=>{let h=pk(c,u);return this.#w.set(h.key,c),h}),i=this.#i.get(e),o=[];n.paired_by_order&&o.push("Calls recorded before 0.5 are paired by order: only previews were kept.");for(let c of n.errors.slice(0,3))o.push(`log: ${c}`);this.#d={number:e,value:{title:`Trace of #${e} ${i?.task.title??t.record.title} \xB7 run ${n.run?.slice(0,8)??"-"} \xB7 ${r.length} call${r.length===1?"":"s"}`,calls:r,notes:o}};let l=this.#m?.value;l&&"note"in l&&l.note==="no result yet"&&(this.#m=null)}catch(n){this.#d?.number===e&&(this.#d={number:e,value:{error:n.message}})}}output(e,t){let n=`${e}:${t.key}`;return this.#m?.key===n?this.#m.value:(this.#m={key:n,value:vl},this.#P(e,t,n).then(()=>this.#S(),r=>this.#L(r)),this.#m.value)}async#P(e,t,n){let r=this.#o.get(e),i=this.#w.get(t.key),o;if(!r||!i)o={text:t.preview,note:"preview"};else if(i.returned_at===null)o={text:"",note:"no result yet"};else if(i.output_file===null||!/^[0-9a-f]{12}$/i.test(i.call)||/^0+$/.test(i.call))o={text:i.preview,note:`preview only (${ie(i.output_chars)} chars; the complete output was not kept)`};else try{let l=await Bs(this.state,r,i.call,{run:i.run,bytesMax:this.#e.outputBytesMax??4194304});o=l===null?{text:i.preview,note:"preview only (the kept output is missing)"}:{text:l.text,note:l.cut?`cut to the first ${ie(l.cut.kept)} of ${ie(l.cut.total)} chars`:`complete, ${ie(i.output_chars)} chars`}}catch(l){o={text:i.preview,note:`preview only (${l.message})`}}this.#m?.key===n&&(this.#m={key:n,value:o})}status(){let e=this.#r.length,t=[...this.#i.values()].filter(r=>r.running).length,n=`${this.#$} \xB7 ${e} task${e===1?"":"s"}${t?` \xB7 ${t} running`:""}`;return this.#_?`${n} \xB7 ${this.#_}`:n}};a(hk,"followProject");a(fk,"outcomeOf");a(Di,"historyTable");a(dk,"inputSummary");a(pk,"callRow");a(mk,"toneOf")});function ap(s){let e=[],t=0;for(;t<s.length;){let n=s[t];if(n==="\x1B"){let r=s[t+1];if(r==="["||r==="O"){let i=t+2;if(r==="[")for(;i<s.length&&!/[\x40-\x7e]/.test(s[i]);)i++;let o=s.slice(t+1,i+1),l=gk[o];l&&e.push({name:l}),t=i+1;continue}if(r==="\x1B"){e.push({name:"escape"}),t++;continue}e.push({name:"escape"}),t+=r===void 0?1:2;continue}switch(t++,n){case"\r":case`
`:e.push({name:"enter"}),n==="\r"&&s[t]===`
`&&t++;break;case"	":e.push({name:"tab"});break;case"\x7F":case"\b":e.push({name:"backspace"});break;case"":e.push({name:"ctrl-c"});break;case"":e.push({name:"ctrl-d"});break;case"\f":e.push({name:"ctrl-l"});break;case"":e.push({name:"ctrl-u"});break;default:{let r=n.codePointAt(0);if(r<32)break;r>=55296&&r<=56319&&t<s.length?(e.push({name:"char",char:n+s[t]}),t++):e.push({name:"char",char:n})}}}return e}var gk,lp=v(()=>{gk={"[A":"up","[B":"down","[C":"right","[D":"left",OA:"up",OB:"down",OC:"right",OD:"left","[5~":"pageup","[6~":"pagedown","[H":"home","[F":"end",OH:"home",OF:"end","[1~":"home","[4~":"end","[7~":"home","[8~":"end","[Z":"backtab"};a(ap,"parseKeys")});var yk,wk,ji,cp=v(()=>{yk="\x1B[?2026h",wk="\x1B[?2026l",ji=class{static{a(this,"Screen")}#e=[];#t=-1;#s=-1;#n;constructor(e){this.#n=e}invalidate(){this.#e=[],this.#t=-1}draw(e,t){let n="";(t.width!==this.#t||t.height!==this.#s)&&(n+="\x1B[0m\x1B[2J",this.#e=[],this.#t=t.width,this.#s=t.height);let r=0;for(let i=0;i<t.height;i++){let o=e[i]??"";this.#e[i]!==o&&(n+=`\x1B[${i+1};1H\x1B[0m\x1B[2K${o}\x1B[0m`,this.#e[i]=o,r++)}return this.#e.length=t.height,n!==""&&this.#n(yk+n+wk),r}}});async function xl(s,e,t={}){let n=new Kn(s,{colour:t.colour,screen:t.screen,task:t.task,...t.actions?{actions:t.actions}:{},onUpdate:a(()=>d(),"onUpdate")}),r=new ji(m=>e.write(m)),i=new AbortController,o=t.signal,l=a(()=>i.abort(o?.reason),"onOuter");o?.addEventListener("abort",l,{once:!0});let c=!1,u,h=null,f=a(()=>{if(u=void 0,!c)try{let m=e.size();r.draw(n.frame(m),m)}catch(m){h??=m,i.abort(m)}},"draw"),d=a(()=>{u===void 0&&!c&&(u=setTimeout(f,t.frameIntervalMs??30))},"schedule");s.onChange(d);let p=a(()=>{},"offResize");e.enter();try{p=e.onResize(()=>{r.invalidate(),d()}),f();let m=s.start(i.signal).catch(k=>{i.signal.aborted||(h??=k,i.abort(k))}),g=null;for await(let k of e.input(i.signal)){for(let b of ap(k)){let x=n.key(b);if(x==="quit"?g=0:x==="interrupt"?g=130:x==="redraw"&&r.invalidate(),g!==null)break}if(g!==null)break;f()}if(i.abort(),await m,h)throw h;return g??(o?.aborted?130:0)}finally{c=!0,u!==void 0&&clearTimeout(u),i.abort(),o?.removeEventListener("abort",l),p(),e.restore()}}var up=v(()=>{bl();lp();cp();a(xl,"runTui")});var kk,bk,Gn,hp=v(()=>{kk="\x1B[?1049h\x1B[?25l\x1B[?7l\x1B[H\x1B[2J",bk="\x1B[0m\x1B[?7h\x1B[?25h\x1B[?1049l",Gn=class{static{a(this,"DenoTerminal")}#e=!1;#t=new TextEncoder;#s=a(()=>this.restore(),"#onUnload");size(){try{let{columns:e,rows:t}=Deno.consoleSize();return{width:e,height:t}}catch{return{width:80,height:24}}}write(e){let t=this.#t.encode(e),n=0;for(;n<t.length;)n+=Deno.stdout.writeSync(t.subarray(n))}enter(){this.#e||(Deno.stdin.setRaw(!0),this.#e=!0,globalThis.addEventListener("unload",this.#s),globalThis.addEventListener("error",this.#s),globalThis.addEventListener("unhandledrejection",this.#s),this.write(kk))}restore(){if(this.#e){this.#e=!1,globalThis.removeEventListener("unload",this.#s),globalThis.removeEventListener("error",this.#s),globalThis.removeEventListener("unhandledrejection",this.#s);try{this.write(bk)}catch{}try{Deno.stdin.setRaw(!1)}catch{}}}async*input(e){let t=new Uint8Array(4096),n=new TextDecoder,r=new Promise(i=>{e.aborted&&i(null),e.addEventListener("abort",()=>i(null),{once:!0})});for(;!e.aborted;){let i=await Promise.race([Deno.stdin.read(t),r]);if(i===null)return;yield n.decode(t.subarray(0,i),{stream:!0})}}onResize(e){try{Deno.addSignalListener("SIGWINCH",e)}catch{return()=>{}}return()=>{try{Deno.removeSignalListener("SIGWINCH",e)}catch{}}}}});var fp=v(()=>{bl();ip();op();up();hp()});var pp={};W(pp,{TUI_HELP:()=>vk,tuiCommand:()=>xk});async function xk(s,e){let{values:t,positionals:n}=P("tui",e,{screen:{type:"string"}});if(n.length>1)throw new y("usage","taskline tui: name at most one task");let r=t.screen;if(r!==void 0&&!dp.includes(r))throw new y("usage",`taskline tui: --screen takes ${dp.join(", ")}, not "${r.slice(0,40)}"`);if(!s.io.stdout.isTerminal||!Deno.stdin.isTerminal()){let u=s.io.stdout.isTerminal?"standard input":"standard output";throw new y("usage",`taskline tui: ${u} is not a terminal; the terminal UI needs one (for scripts use \`taskline events --follow\` or \`--json\`)`)}await s.tasks();let i=n[0]!==void 0?await s.task(n[0]):void 0,o=await s.settings();await s.io.stdout.flush();let l=new Yn(s.state,{settings:o}),c=new Vn(s.state,{settings:o});try{return await xl(l,new Gn,{signal:s.io.signal,colour:s.io.env("NO_COLOR")===void 0||s.io.env("NO_COLOR")==="",screen:r,task:i?.number,actions:c})}finally{await c.close()}}var vk,dp,mp=v(()=>{A();fp();oe();vk=`Usage: taskline tui [<TASK>] [options]

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
2 and says so (scripts read \`taskline events --follow\` or \`--json\` instead).`,dp=["tasks","activity","history"];a(xk,"tuiCommand")});A();var ui={events:{summary:"replay and follow events",load:a(()=>Promise.resolve().then(()=>(Xc(),Gc)).then(s=>({help:s.EVENTS_HELP,run:s.eventsCommand})),"load")},schema:{summary:"print the JSON Schema of an event line",load:a(()=>Promise.resolve().then(()=>(tu(),eu)).then(s=>({help:s.SCHEMA_HELP,run:s.schemaCommand})),"load")},run:{summary:"run a task (scripted engine) or resume it",load:a(()=>Promise.resolve().then(()=>(Du(),Nu)).then(s=>({help:s.RUN_HELP,run:s.runCommand})),"load")},record:{summary:"record a run from an engine of your own (events on stdin)",load:a(()=>Promise.resolve().then(()=>(Uu(),Fu)).then(s=>({help:s.RECORD_HELP,run:s.recordCommand})),"load")},approve:{summary:"approve a pending gate",load:a(()=>Promise.resolve().then(()=>(Xo(),Go)).then(s=>({help:s.APPROVE_HELP,run:s.approveCommand})),"load")},reject:{summary:"reject a pending gate",load:a(()=>Promise.resolve().then(()=>(Xo(),Go)).then(s=>({help:s.REJECT_HELP,run:s.rejectCommand})),"load")},cancel:{summary:"stop a running task",load:a(()=>Promise.resolve().then(()=>(Wu(),Bu)).then(s=>({help:s.CANCEL_HELP,run:s.cancelCommand})),"load")},init:{summary:"set up .taskline/ in this project",load:a(()=>Promise.resolve().then(()=>(Vu(),Ku)).then(s=>({help:s.INIT_HELP,run:s.initCommand})),"load")},task:{summary:"new, list, show, import, discard tasks",load:a(()=>Promise.resolve().then(()=>(Zu(),Xu)).then(s=>({help:s.TASK_HELP,run:s.taskCommand})),"load")},memory:{summary:"list or clear the project memory",load:a(()=>Promise.resolve().then(()=>(eh(),Qu)).then(s=>({help:s.MEMORY_HELP,run:s.memoryCommand})),"load")},doctor:{summary:"check the state directory",load:a(()=>Promise.resolve().then(()=>(ih(),rh)).then(s=>({help:s.DOCTOR_HELP,run:s.doctorCommand})),"load")},history:{summary:"what each task delivered and cost",load:a(()=>Promise.resolve().then(()=>(dh(),fh)).then(s=>({help:s.HISTORY_HELP,run:s.historyCommand})),"load")},ship:{summary:"publish this project's tasks to NATS JetStream",load:a(()=>Promise.resolve().then(()=>(Hh(),Uh)).then(s=>({help:s.SHIP_HELP,run:s.shipCommand})),"load")},mirror:{summary:"a replica .taskline/ of the projects shipped to NATS",load:a(()=>Promise.resolve().then(()=>(Wh(),Bh)).then(s=>({help:s.MIRROR_HELP,run:s.mirrorCommand})),"load")},trace:{summary:"the tool calls of a run, with results",load:a(()=>Promise.resolve().then(()=>(Xh(),Gh)).then(s=>({help:s.TRACE_HELP,run:s.traceCommand})),"load")}};re();Ye();ue();ot();var hi=class{static{a(this,"Context")}io;state;json=!1;#e=new Set;badLogs=new Set;constructor(e,t=new rr){this.io=e,this.state=t}async warn(e){await this.io.stderr.write(`taskline: warning: ${D(e)}
`),await this.io.stderr.flush()}problem=a(e=>{if(this.#e.has(e.path))return;this.#e.add(e.path);let t=e.line>0?`line ${e.line}`:`near byte ${e.offset}`;this.warn(`${e.path}: ${t}: skipped a broken line (${e.reason})`)},"problem");badLog=a(e=>{this.badLogs.has(e.path)||(this.badLogs.add(e.path),this.warn(`${e.message}; its task is skipped`))},"badLog");status(e=0){return e===0&&this.badLogs.size>0?1:e}async tasks(){return await this.state.requireExists(),await ye(this.state,{onProblem:a(e=>void this.warn(`${this.state.tasksDir}/${e.dir}: ${e.reason}`),"onProblem")})}async task(e){return await this.state.requireExists(),await Ac(this.state,e,{onProblem:a(t=>void this.warn(`${this.state.tasksDir}/${t.dir}: ${t.reason}`),"onProblem")})}async settings(){let{settings:e,warnings:t}=await Tt(this.state);for(let n of t)await this.warn(n);return e}};vn();Ye();var Zh="0.5.0";function by(s){let e=Object.keys(s).sort(),t=Math.max(...e.map(r=>r.length)),n=e.map(r=>`  ${r.padEnd(t)}  ${s[r].summary}`);return`taskline ${Zh}: the event log of an AI coding agent engine

Usage: taskline <command> [options]

Commands:
${n.join(`
`)}

Run \`taskline <command> --help\` for a command's options.
Exit codes: 0 success, 1 failure, 2 usage error (run: waits for a human or a budget), 130 interrupted.`}a(by,"usage");async function vy(s,e,t=ui){let[n,...r]=s,i=new hi(e);i.json=r.includes("--json");try{if(n===void 0||n==="help"||n==="--help"||n==="-h"){let c=n==="help"?r[0]:void 0,h=c!==void 0&&Object.hasOwn(t,c)?(await t[c].load()).help:by(t);return await e.stdout.write(h+`
`),n===void 0?2:0}if(n==="--version"||n==="-V")return await e.stdout.write(`taskline ${Zh}
`),0;let o=Object.hasOwn(t,n)?t[n]:void 0;if(!o)throw new y("usage",`Unknown command "${n}". Commands: ${Object.keys(t).sort().join(", ")}`);let l=await o.load();return r.includes("--help")||r.includes("-h")?(await e.stdout.write(l.help+`
`),0):await l.run(i,r)}catch(o){return await xy(i,o)}finally{try{await e.stdout.flush()}catch{}await e.stderr.flush().catch(()=>{})}}a(vy,"run");async function xy(s,e){if(Lu(e))return 0;if(s.io.signal.aborted&&!(e instanceof y&&e.code!=="interrupted"))return 130;let t,n;e instanceof y?(t=e.code,n=e.message):e instanceof Deno.errors.PermissionDenied||e instanceof Deno.errors.NotCapable?(t="io",n=`Permission denied: ${e.message}. taskline reads and writes only .taskline/ and must run from the project root`):(t="io",n=e?.message??String(e));let r=s.io.stderr;try{if(s.json){let i=e instanceof y&&e.details?e.details:void 0;await r.write(JSON.stringify({error:{code:t,message:n,...i?{details:i}:{}}})+`
`)}else await r.write(`taskline: ${D(n)}
`),t==="usage"&&await r.write("Run `taskline --help` for usage.\n")}catch{}return Tl(t)}a(xy,"report");vn();var _k={...ui,serve:{summary:"the local server: web UI and API",load:a(()=>Promise.resolve().then(()=>(Xd(),Gd)).then(s=>({help:s.SERVE_HELP,run:s.serveCommand})),"load")},tui:{summary:"the terminal UI: tasks, activity, history, trace",load:a(()=>Promise.resolve().then(()=>(mp(),pp)).then(s=>({help:s.TUI_HELP,run:s.tuiCommand})),"load")}};export{_k as ALL_COMMANDS,Ko as WriterSink,vy as run};
// Generated by `deno task bundle` (scripts/bundle_program.ts) from src/app/program.ts: do not edit.
//# sourceMappingURL=taskline.js.map
