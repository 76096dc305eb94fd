// The stylesheet of the join screen, the waiting room and the chat, linked once.
let linked = false;

export function useSocialStyles() {
  if (linked) return;
  linked = true;
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/static/social.css" }));
}
