/** X-like look in plain CSS (inline <style> is allowed by the product's CSP; scripts are not). */
export const STYLES = `
:root{color-scheme:light dark;--bg:#fff;--fg:#0f1419;--muted:#536471;--line:#eff3f4;--field:#cfd9de;
--blue:#1d9bf0;--blue-strong:#0f6fb8;--danger:#c4121f;--hover:#f7f9f9}
@media (prefers-color-scheme:dark){:root{--bg:#000;--fg:#e7e9ea;--muted:#8b98a5;--line:#2f3336;
--field:#333639;--hover:#080808;--danger:#ff6b73}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);
font:15px/1.4 "Noto Emoji",-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,
sans-serif}
a{color:var(--blue-strong)}
@media (prefers-color-scheme:dark){a{color:var(--blue)}}
.shell{max-width:600px;margin:0 auto;min-height:100vh;border-left:1px solid var(--line);
border-right:1px solid var(--line)}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:10px 16px;
border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg)}
.top nav{display:flex;gap:16px;align-items:center}
.top nav a{color:var(--fg);font-weight:700;text-decoration:none}
.top nav a.btn-primary{color:var(--bg)}
.logo{display:inline-flex;color:var(--fg)}
.logo svg{width:28px;height:28px;fill:currentColor}
h1{font-size:20px;margin:0;padding:12px 16px}
h2{font-size:17px;margin:0 0 8px}
.pad{padding:12px 16px}
.muted{color:var(--muted)}
.error{color:var(--danger);font-weight:700}
.btn{display:inline-block;border-radius:9999px;padding:8px 18px;font:inherit;font-weight:700;
border:1px solid transparent;cursor:pointer;text-decoration:none;text-align:center}
.btn-primary{background:var(--fg);color:var(--bg)}
.btn-blue{background:var(--blue-strong);color:#fff}
.btn-outline{background:transparent;color:var(--fg);border-color:var(--field)}
.btn-wide{display:block;width:100%;padding:12px;margin-top:12px}
label{display:block;font-weight:700;margin:12px 0 4px}
input[type=text],textarea{width:100%;border:1px solid var(--field);border-radius:4px;padding:12px;
font:inherit;background:transparent;color:inherit}
textarea{min-height:110px;resize:vertical;font-size:18px}
input:focus,textarea:focus{outline:2px solid var(--blue);border-color:var(--blue)}
.card{max-width:420px;margin:40px auto;padding:24px;border:1px solid var(--line);border-radius:16px}
.card ul{padding-left:20px}
.post{display:flex;gap:12px;padding:12px 16px;border-bottom:1px solid var(--line)}
.post:hover{background:var(--hover)}
.post .body{flex:1;min-width:0}
.post .text{white-space:pre-wrap;overflow-wrap:anywhere;margin:2px 0 6px}
.post .text.big{font-size:20px}
.profile-name{padding:8px 0 0}
.post .who{display:flex;gap:4px;flex-wrap:wrap}
.post .who a{color:var(--fg);font-weight:700;text-decoration:none}
.post .who a.muted{color:var(--muted);font-weight:400}
.post .actions a{color:var(--muted);font-size:13px}
.avatar{width:40px;height:40px;border-radius:50%;flex:none}
.replies{margin-left:32px;border-left:2px solid var(--line)}
.quote{border:1px solid var(--line);border-radius:12px;padding:8px 12px;margin:6px 0}
.compose{padding:12px 16px;border-bottom:1px solid var(--line)}
.row{display:flex;justify-content:flex-end;align-items:center;gap:8px;margin-top:8px}
.inline{display:inline}
`;
