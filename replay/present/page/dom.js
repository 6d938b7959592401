"use strict";
// What the pages that draw no table share (the room's screen, the host's page): an element by id,
// and an element made with its attributes and children (text is always text, never HTML).
const $ = (id) => document.getElementById(id);
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) if (value !== undefined && value !== null) node.setAttribute(key, value);
  for (const child of children) if (child !== undefined && child !== null) node.append(child);
  return node;
}
