import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { Host } from "./host.ts";
import "./styles.css";

const connectorId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] ?? "");
const host = new Host();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App connectorId={connectorId} host={host} />
  </StrictMode>,
);
