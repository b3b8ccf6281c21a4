/**
 * A file of SQL split into its statements, each sent alone. Citus propagates a trigger's DDL to
 * the workers as the text the server received; a whole file there is several commands, which the
 * workers refuse ("cannot insert multiple commands into a prepared statement"). Semicolons inside
 * quotes, dollar-quoted bodies and comments do not split.
 */
export function sqlStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const skipTo = (end: string, from: number) => {
    const at = text.indexOf(end, from);
    return at < 0 ? text.length : at + end.length;
  };
  while (i < text.length) {
    const rest = text.slice(i);
    if (rest.startsWith("--")) i = skipTo("\n", i);
    else if (rest.startsWith("/*")) i = skipTo("*/", i + 2);
    else if (text[i] === "'") i = skipTo("'", i + 1);
    else if (text[i] === '"') i = skipTo('"', i + 1);
    else if (text[i] === "$" && /^\$[A-Za-z_]*\$/.test(rest)) {
      const tag = (rest.match(/^\$[A-Za-z_]*\$/) as RegExpMatchArray)[0];
      i = skipTo(tag, i + tag.length);
    } else if (text[i] === ";") {
      statements.push(text.slice(start, i + 1));
      start = ++i;
    } else i++;
  }
  statements.push(text.slice(start));
  return statements.filter((s) => !isBlank(s));
}

/** Only whitespace and comments: nothing to send. */
function isBlank(sql: string): boolean {
  return (
    sql
      .replace(/--[^\n]*/g, "")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .trim() === ""
  );
}
