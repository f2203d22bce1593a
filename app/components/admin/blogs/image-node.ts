import { mergeAttributes, Node } from "@tiptap/react";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    blogImage: {
      /** Inserts an image (an uploaded file's address) at the selection. */
      insertBlogImage: (attributes: { src: string; alt: string; width?: number; height?: number }) => ReturnType;
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
    };
  },
});
