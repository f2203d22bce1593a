import { NodeSelection } from "@tiptap/pm/state";
import { type Editor, mergeAttributes, Node } from "@tiptap/react";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    blogImage: {
      /** Inserts an image (an uploaded file's address) at the selection. */
      insertBlogImage: (attributes: { src: string; alt: string; width?: number; height?: number }) => ReturnType;
      /** Changes the alt text of the image at `position` (and keeps it selected). */
      setBlogImageAlt: (position: number, alt: string) => ReturnType;
    };
  }
}

/**
 * The article's images: a block `<img>` with src, alt and its size (so the
 * public page reserves the space). StarterKit has no image node and the
 * separate extension adds options we do not use; this is the whole of it.
 */
export const BlogImage = Node.create({
  name: "image",
  group: "block",
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      src: { default: null },
      alt: { default: "" },
      width: { default: null },
      height: { default: null },
    };
  },

  parseHTML() {
    return [{ tag: "img[src]" }];
  },

  renderHTML({ HTMLAttributes }) {
    return ["img", mergeAttributes(HTMLAttributes)];
  },

  addCommands() {
    return {
      insertBlogImage:
        (attributes) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: attributes }),
      setBlogImageAlt:
        (position, alt) =>
        ({ tr, dispatch }) => {
          const node = tr.doc.nodeAt(position);
          if (node?.type.name !== this.name) return false;
          if (dispatch) {
            tr.setNodeMarkup(position, undefined, { ...node.attrs, alt });
            tr.setSelection(NodeSelection.create(tr.doc, position));
          }
          return true;
        },
    };
  },
});

/** The image the selection is on (clicked, or reached with the arrow keys), or null. */
export function selectedImage(editor: Editor): { position: number; alt: string; src: string } | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== "image") return null;
  return { position: selection.from, alt: String(selection.node.attrs.alt ?? ""), src: String(selection.node.attrs.src ?? "") };
}
