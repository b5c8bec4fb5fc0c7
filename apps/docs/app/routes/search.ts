import { createSearchAPI } from "fumadocs-core/search/server";
import { searchIndexes } from "@/lib/search-indexes.ts";

const search = createSearchAPI("advanced", { language: "english", indexes: searchIndexes });

/** Prerendered to /docs/search.json: the whole index, searched in the browser. */
export async function loader() {
  return search.staticGET();
}
