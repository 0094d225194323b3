console.log("verde");
