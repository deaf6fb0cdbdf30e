// Types for the plain ESM build of sweetalert2 (the same API as the package's main entry).
declare module 'sweetalert2/dist/sweetalert2.esm.js' {
  import Swal from 'sweetalert2';
  export default Swal;
}
