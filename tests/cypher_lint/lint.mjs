// Lint every .cypher file in a folder with Neo4j's own linter, as Cypher 5, against a schema of
// the server's procedures and functions plus the project's labels, types and property keys.
// Prints {file: [{severity, message, line}]} as JSON.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { lintCypherQuery, testData } from "@neo4j-cypher/language-support";

const dir = process.argv[2];
const project = JSON.parse(readFileSync(process.argv[3], "utf8"));
const schema = {
  ...testData.mockSchema,
  defaultLanguage: "CYPHER 5",
  labels: project.labels,
  relationshipTypes: project.relationshipTypes,
  propertyKeys: project.propertyKeys,
  parameters: project.parameters,
};
const out = {};
for (const name of readdirSync(dir).filter((f) => f.endsWith(".cypher")).sort()) {
  const query = readFileSync(join(dir, name), "utf8");
  const { diagnostics } = lintCypherQuery(query, schema);
  out[name] = diagnostics.map((d) => ({
    severity: d.severity,
    message: d.message,
    line: d.range.start.line + 1,
  }));
}
console.log(JSON.stringify(out));
