import { useLocation, useNavigate } from "react-router";
import { useShowNotice } from "../admin-notice";
import { UploadField } from "../upload";

/** Upload images straight into the library (with their alt text); the grid then shows them first. */
export function LibraryUpload() {
  // Navigating to the same address runs its loaders again (useRevalidator would grow every public page's bundle).
  const navigate = useNavigate();
  const location = useLocation();
  const showNotice = useShowNotice();
  return (
    <UploadField
      label="New images"
      kind="image"
      multiple
      withLibrary={false}
      value={[]}
      description="JPEG, PNG, WebP or AVIF, at most 25 MB each. They join the library unused; choose them in any editor."
      onChange={(uploaded) => {
        showNotice({ kind: "success", message: `Uploaded ${uploaded.length === 1 ? uploaded[0]!.name : `${uploaded.length} images`}.` });
        void navigate(location.pathname + location.search, { replace: true, preventScrollReset: true });
      }}
    />
  );
}
